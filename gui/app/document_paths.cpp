#include "gui/app/document_paths.hpp"

#include <array>
#include <filesystem>

namespace wt::gui {
namespace {

bool names_a_file(const std::string& path, const std::string& text) {
  if (path != "cluster.gpu") return true;
  return text.size() > 5 && text.compare(text.size() - 5, 5, ".json") == 0;  // a profile
}

}  // namespace

Json with_absolute_paths(Json doc, const std::string& base_dir) {
  namespace fs = std::filesystem;
  constexpr std::array<const char*, 3> kPathFields = {"model.hf_config", "calibration",
                                                      "cluster.gpu"};
  for (const char* path : kPathFields) {
    const std::optional<Json> v = value_at(doc, path);
    if (!v || !v->is_string()) continue;
    const std::string text = v->get<std::string>();
    if (text.empty() || !names_a_file(path, text) || fs::path(text).is_absolute()) continue;
    set_at(doc, path, (fs::path(base_dir) / text).lexically_normal().string());
  }
  return doc;
}

}  // namespace wt::gui
