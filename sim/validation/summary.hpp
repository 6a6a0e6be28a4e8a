#pragma once
// The error arithmetic of a validation report.
#include "sim/validation/validate.hpp"

namespace wt::validation {

// (predicted − published) / published; published must be non-zero.
double relative_error(double predicted, double published);

// Median of the values (mean of the two middle ones for an even count); 0 for none.
double median(std::vector<double> values);

// Fills r.expressed, r.median_abs_error and r.max_abs_error from the expressed rows' errors.
void summarize(ValidationReport& r);

}  // namespace wt::validation
