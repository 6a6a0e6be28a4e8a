// Scenario loading: text → JSON → --set overrides → table-driven field walk → validation.
#include "sim/scenario/parse.hpp"

#include <filesystem>

#include "core/error.hpp"
#include "sim/scenario/document_walk.hpp"
#include "sim/scenario/framework_profiles.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt {
namespace {

Scenario parse_document(nlohmann::json doc, const std::vector<std::string>& overrides,
                        const std::string& base_dir, const std::string& default_name) {
  for (const std::string& assignment : overrides) {
    apply_override(doc, assignment);
  }
  if (doc.is_object() && doc.contains("jobs")) {
    throw InputError("jobs",
                     "a shared-cluster scenario (several jobs on one cluster) is simulated by "
                     "`windtunnel share` on the SimGrid engine; this command and the analytical "
                     "engine take one job",
                     "", "windtunnel share FILE (docs/scenario.md, \"Shared clusters\")");
  }
  Scenario s;
  s.serving.enabled = doc.is_object() && doc.contains("serving");
  read_document(doc, s, ReadContext{base_dir});
  if (const FrameworkProfile* profile = find_framework_profile(s.training.framework)) {
    s.framework_defaults = apply_framework_profile(*profile, doc, s);
  }
  if (s.name.empty()) {
    // The name is written into JSON output, which must be UTF-8; "" names the file in errors.
    require_utf8(default_name, "", "the file name (the scenario's name, as it gives none)",
                 "a \"name\" in the file, or a UTF-8 file name");
    s.name = default_name;
  }
  validate(s);
  return s;
}

// Document-level errors (bad JSON, not an object) name the file instead of an empty JSON path.
[[noreturn]] void rethrow_for_file(const InputError& e, const std::string& file) {
  if (!e.path().empty()) throw e;
  throw InputError(file, e.problem(), e.value(), e.allowed());
}

}  // namespace

Scenario load_scenario_file(const std::string& path, const std::vector<std::string>& overrides) {
  const std::optional<std::string> text = read_text_file(path);
  if (!text) throw InputError(path, "cannot read the scenario file", "", "an existing JSON file");
  const std::filesystem::path file(path);
  const std::string base_dir = file.has_parent_path() ? file.parent_path().string() : ".";
  try {
    return parse_document(parse_json_text(*text, ""), overrides, base_dir, file.stem().string());
  } catch (const InputError& e) {
    rethrow_for_file(e, path);
  }
}

Scenario parse_scenario(nlohmann::json doc, const std::vector<std::string>& overrides,
                        const std::string& base_dir) {
  return parse_document(std::move(doc), overrides, base_dir, "scenario");
}

Scenario parse_scenario_text(std::string_view text, const std::vector<std::string>& overrides,
                             const std::string& base_dir) {
  return parse_scenario(parse_json_text(text, ""), overrides, base_dir);
}

}  // namespace wt
