// to_json(ValidationReport): every row with all its fields, then the summary.
#include "sim/validation/validate.hpp"

namespace wt {
namespace {

nlohmann::json row_json(const ValidationRow& r) {
  return {{"id", r.id},
          {"label", r.label},
          {"metric", r.metric},
          {"published", r.published},
          {"predicted", r.predicted},
          {"error", r.error},
          {"time_residual", r.time_residual},
          {"error_class", r.error_class},
          {"expressed", r.expressed},
          {"why_not", r.why_not},
          {"fits_in_memory", r.fits_in_memory},
          {"memory_verdict", r.memory_verdict},
          {"assumptions", r.assumptions},
          {"warnings", r.warnings}};
}

}  // namespace

nlohmann::json to_json(const ValidationReport& r) {
  nlohmann::json rows = nlohmann::json::array();
  for (const ValidationRow& row : r.rows)
    rows.push_back(row_json(row));
  nlohmann::json classes = nlohmann::json::array();
  for (const ClassResiduals& c : class_residuals(r)) {
    classes.push_back({{"class", c.key},
                       {"count", c.count},
                       {"median_abs_residual", c.median_abs},
                       {"p90_abs_residual", c.p90_abs},
                       {"max_abs_residual", c.max_abs},
                       {"signed_mean_residual", c.signed_mean}});
  }
  return {{"schema", 1},
          {"dataset", r.dataset},
          {"rows", std::move(rows)},
          {"summary",
           {{"rows", r.rows.size()},
            {"expressed", r.expressed},
            {"median_abs_error", r.median_abs_error},
            {"p90_abs_error", r.p90_abs_error},
            {"max_abs_error", r.max_abs_error}}},
          {"classes", std::move(classes)}};
}

}  // namespace wt
