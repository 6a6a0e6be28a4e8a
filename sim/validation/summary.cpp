#include "sim/validation/summary.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>

namespace wt::validation {

double relative_error(double predicted, double published) {
  assert(published != 0.0 && "a published figure of 0 is refused before comparison");
  return (predicted - published) / published;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  if (values.size() % 2 == 1) return values[mid];
  return 0.5 * (values[mid - 1] + values[mid]);
}

double percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
  return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

ClassResiduals residual_stats(const std::string& key, const std::vector<double>& residuals) {
  ClassResiduals c;
  c.key = key;
  c.count = static_cast<int>(residuals.size());
  if (residuals.empty()) return c;
  std::vector<double> abs;
  double sum = 0.0;
  for (const double v : residuals) {
    abs.push_back(std::fabs(v));
    sum += v;
  }
  c.median_abs = median(abs);
  c.p90_abs = percentile(abs, 0.9);
  c.max_abs = *std::max_element(abs.begin(), abs.end());
  c.signed_mean = sum / static_cast<double>(residuals.size());
  return c;
}

void summarize(ValidationReport& r) {
  std::vector<double> abs_errors;
  for (const ValidationRow& row : r.rows) {
    if (row.expressed) abs_errors.push_back(std::fabs(row.error));
  }
  r.expressed = static_cast<int>(abs_errors.size());
  r.median_abs_error = median(abs_errors);
  r.p90_abs_error = percentile(abs_errors, 0.9);
  r.max_abs_error =
      abs_errors.empty() ? 0.0 : *std::max_element(abs_errors.begin(), abs_errors.end());
}

}  // namespace wt::validation

namespace wt {

std::vector<ClassResiduals> class_residuals(const ValidationReport& r) {
  std::map<std::string, std::vector<double>> by_class;
  for (const ValidationRow& row : r.rows) {
    if (row.expressed) by_class[row.error_class].push_back(row.time_residual);
  }
  std::vector<ClassResiduals> out;
  for (const auto& [key, residuals] : by_class)
    out.push_back(validation::residual_stats(key, residuals));
  return out;
}

}  // namespace wt
