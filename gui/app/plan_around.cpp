#include "gui/app/plan_around.hpp"

#include "gui/app/document_paths.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt::gui {
namespace {

// Time to train is ranked by: without a token count, 1,000 iterations stand in for the job.
constexpr double kAssumedIterations = 1000.0;

double number_or(const Json& doc, const char* path, double fallback) {
  const std::optional<Json> v = value_at(doc, path);
  return v && v->is_number() ? v->get<double>() : fallback;
}

}  // namespace

PlanAround plan_around(const Json& scenario_doc) {
  Json doc = scenario_doc;
  erase_at(doc, "parallel.data");
  set_at(doc, "parallel.tensor", Json::array({1, 2, 4, 8}));
  set_at(doc, "parallel.pipeline", Json::array({1, 2, 4, 8}));
  set_at(doc, "parallel.zero_stage", Json::array({0, 1}));
  set_at(doc, "training.micro_batch_size", Json::array({1, 2, 4}));
  set_at(doc, "training.activation_recompute", Json::array({"none", "selective", "full"}));
  PlanAround out;
  if (number_or(doc, "training.total_tokens", 0.0) <= 0.0) {
    const double batch = number_or(doc, "training.global_batch_size", 0.0);
    const double seq = number_or(doc, "model.seq_length", 2048.0);
    if (batch > 0.0) {
      set_at(doc, "training.total_tokens", kAssumedIterations * batch * seq);
      out.assumed_paths.push_back("training.total_tokens");
    }
  }
  set_at(doc, "plan", Json::object());
  // Through the bounded reader (depth, size, duplicate keys) like every other JSON input.
  out.plan =
      parse_json_text(doc.dump(-1, ' ', false, Json::error_handler_t::replace), "the scenario");
  return out;
}

Json layout_document(const std::string& scenario_json, const std::string& plan_base_dir,
                     const std::vector<std::string>& assumed_paths) {
  Json doc = with_absolute_paths(Json::parse(scenario_json), plan_base_dir);
  for (const std::string& path : assumed_paths)
    erase_at(doc, path);
  return doc;
}

}  // namespace wt::gui
