#pragma once
// The error arithmetic of a validation report.
#include <string>
#include <vector>

#include "sim/validation/validate.hpp"

namespace wt::validation {

// (predicted − published) / published; published must be non-zero.
double relative_error(double predicted, double published);

// Median of the values (mean of the two middle ones for an even count); 0 for none.
double median(std::vector<double> values);

// Nearest-rank percentile (0 < q <= 1): the value at rank ceil(q·n) of the sorted values; 0 for
// none.
double percentile(std::vector<double> values, double q);

// Count, median and p90 of the absolute values, their maximum and the signed mean.
ClassResiduals residual_stats(const std::string& key, const std::vector<double>& residuals);

// Fills r.expressed and the median, p90 and max absolute error from the expressed rows' errors.
void summarize(ValidationReport& r);

}  // namespace wt::validation
