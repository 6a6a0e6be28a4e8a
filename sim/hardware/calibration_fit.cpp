// The alpha-beta fit of one collective series: weighted linear least squares (Eigen) of
// t = alpha + S·(1/beta) with weights 1/t², i.e. minimising the relative error, so that the
// latency-bound small messages and the bandwidth-bound large ones count alike.
#include <algorithm>
#include <cmath>
#include <set>

#include <Eigen/Dense>

#include "core/error.hpp"
#include "sim/hardware/calibration_profile.hpp"

namespace wt {
namespace {

struct Sample {
  double bytes;
  double time_s;
};

std::vector<Sample> checked_samples(const std::vector<CollectivePoint>& points) {
  std::vector<Sample> samples;
  std::set<double> sizes;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double bytes = points[i].bytes;
    const double time_s = points[i].timing.median_s;
    const std::string path = "points[" + std::to_string(i) + "]";
    if (!std::isfinite(bytes) || bytes <= 0.0) {
      throw InputError(path + ".bytes", "is not a positive size", std::to_string(bytes), "> 0");
    }
    if (!std::isfinite(time_s) || time_s <= 0.0) {
      throw InputError(path + ".timing.median_s", "is not a positive time", std::to_string(time_s),
                       "> 0 seconds");
    }
    samples.push_back({bytes, time_s});
    sizes.insert(bytes);
  }
  if (sizes.size() < 2) {
    throw InputError("points", "cannot fit alpha and beta", std::to_string(sizes.size()) + " sizes",
                     "at least two distinct message sizes");
  }
  return samples;
}

// Weighted least squares for (alpha, 1/beta): row i is [1, S_i] / t_i against 1. The columns are
// scaled to unit norm first because 1/t and S/t differ by ~15 orders of magnitude.
Eigen::Vector2d solve_both(const std::vector<Sample>& samples) {
  const auto rows = static_cast<Eigen::Index>(samples.size());
  Eigen::MatrixXd a(rows, 2);
  for (Eigen::Index i = 0; i < rows; ++i) {
    const Sample& s = samples[static_cast<std::size_t>(i)];
    a(i, 0) = 1.0 / s.time_s;
    a(i, 1) = s.bytes / s.time_s;
  }
  const Eigen::Vector2d scale = a.colwise().norm().transpose();
  const Eigen::MatrixXd scaled = a * scale.cwiseInverse().asDiagonal();
  const Eigen::Vector2d y = scaled.colPivHouseholderQr().solve(Eigen::VectorXd::Ones(rows));
  return y.cwiseQuotient(scale);
}

// With alpha fixed at 0: 1/beta = Σ(S/t) / Σ(S²/t²), the same weighted least squares.
double solve_inverse_beta_alone(const std::vector<Sample>& samples) {
  double numerator = 0.0;
  double denominator = 0.0;
  for (const Sample& s : samples) {
    const double r = s.bytes / s.time_s;
    numerator += r;
    denominator += r * r;
  }
  return numerator / denominator;
}

void fill_residuals(const std::vector<Sample>& samples, AlphaBetaFit& fit) {
  double sum_squares = 0.0;
  double rel_max = 0.0;
  for (const Sample& s : samples) {
    const double error_s = fit.alpha_s + s.bytes / fit.beta_Bps - s.time_s;
    sum_squares += error_s * error_s;
    rel_max = std::max(rel_max, std::abs(error_s) / s.time_s);
  }
  fit.residual_rms_s = std::sqrt(sum_squares / static_cast<double>(samples.size()));
  fit.residual_rel_max = rel_max;
}

}  // namespace

AlphaBetaFit fit_alpha_beta(const std::vector<CollectivePoint>& points) {
  const std::vector<Sample> samples = checked_samples(points);
  const Eigen::Vector2d solution = solve_both(samples);
  AlphaBetaFit fit;
  double inverse_beta = solution(1);
  fit.alpha_s = solution(0);
  if (fit.alpha_s < 0.0) {
    fit.alpha_s = 0.0;
    inverse_beta = solve_inverse_beta_alone(samples);
  }
  if (!(inverse_beta > 0.0)) {
    throw InputError("points", "time does not grow with message size; no bandwidth can be fitted",
                     "slope " + std::to_string(inverse_beta) + " s/B",
                     "times that increase with size");
  }
  fit.beta_Bps = 1.0 / inverse_beta;
  fill_residuals(samples, fit);
  return fit;
}

}  // namespace wt
