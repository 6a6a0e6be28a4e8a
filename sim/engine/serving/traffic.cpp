#include "sim/engine/serving/traffic.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace wt::serving {
namespace {

constexpr double kHour = 3600.0;

// A uniform double in [0, 1) from 53 bits of the generator (the same on every platform, unlike
// std::uniform_real_distribution).
double uniform(std::mt19937_64& rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

bool bursting(const TrafficConfig& t) {
  return t.burst_factor > 1.0 && t.burst_s > 0.0;
}

double rate_at(const TrafficConfig& t, double time_s) {
  double rate = t.rate_rps;
  if (!t.hourly_percent.empty()) {
    const auto hour = static_cast<std::size_t>(std::fmod(std::floor(time_s / kHour), 24.0));
    rate = t.rate_rps * t.hourly_percent[hour] / 100.0;
  }
  if (bursting(t) && std::fmod(time_s, t.burst_period_s) < t.burst_s) rate *= t.burst_factor;
  return rate;
}

// The end of the piece of time around `now` with one rate: the hour's end under a daily profile,
// and the burst's start or end.
double piece_end(const TrafficConfig& t, double now) {
  double end = t.hourly_percent.empty() ? INFINITY : (std::floor(now / kHour) + 1.0) * kHour;
  if (bursting(t)) {
    const double start = std::floor(now / t.burst_period_s) * t.burst_period_s;
    const double edge = now - start < t.burst_s ? start + t.burst_s : start + t.burst_period_s;
    end = std::min(end, edge > now ? edge : std::nextafter(now, INFINITY));
  }
  return end;
}

// The next arrival after `now` of a Poisson process whose rate is constant within each piece
// (hour, burst): an exponential gap at the piece's rate, drawn again from the piece's end when it
// runs past it (memorylessness makes the restart exact).
double next_arrival(const TrafficConfig& t, double now, std::mt19937_64& rng) {
  for (;;) {
    const double rate = rate_at(t, now);
    const double end = piece_end(t, now);
    if (rate <= 0.0) {
      now = end;
      continue;
    }
    const double next = now + exponential_draw(rate, uniform(rng));
    if (next < end) return next;
    now = end;
  }
}

}  // namespace

double exponential_draw(double rate, double u) {
  return -std::log1p(-u) / rate;
}

int64_t length_draw(const LengthConfig& l, int64_t cap, double u1, double u2) {
  const int64_t hi = l.max > 0 ? std::min(l.max, cap) : cap;
  const int64_t lo = std::min(l.min, hi);
  double x = l.mean;
  switch (l.distribution) {
    case LengthDistribution::fixed:
      break;
    case LengthDistribution::uniform:
      x = static_cast<double>(lo) + std::floor(u1 * static_cast<double>(hi - lo + 1));
      break;
    case LengthDistribution::lognormal: {
      // The normal's parameters that give the requested mean m and deviation s:
      // sigma² = ln(1 + s²/m²), mu = ln m − sigma²/2.
      const double var = std::log1p((l.stddev * l.stddev) / (l.mean * l.mean));
      const double mu = std::log(l.mean) - var / 2.0;
      const double z = std::sqrt(-2.0 * std::log1p(-u1)) * std::cos(2.0 * std::numbers::pi * u2);
      x = std::exp(mu + std::sqrt(var) * z);
      break;
    }
  }
  return std::clamp<int64_t>(std::llround(x), lo, hi);
}

std::vector<Request> sample_requests(const Scenario& s) {
  const ServingConfig& v = s.serving;
  std::mt19937_64 rng(static_cast<uint64_t>(v.seed));
  std::vector<Request> out;
  double now = 0.0;
  const int64_t seq = s.model.seq_length;
  for (;;) {
    if (v.num_requests > 0 && static_cast<int64_t>(out.size()) >= v.num_requests) break;
    now = next_arrival(v.traffic, now, rng);
    if (v.duration_s > 0.0 && now > v.duration_s) break;
    Request r;
    r.arrival_s = now;
    const double u[4] = {uniform(rng), uniform(rng), uniform(rng), uniform(rng)};
    if (v.encode) {
      // An encoder's request is its input (up to the model's positions) and one result.
      r.prompt = length_draw(v.traffic.prompt_tokens, seq, u[0], u[1]);
      r.output = 1;
    } else {
      r.prompt = length_draw(v.traffic.prompt_tokens, std::max<int64_t>(seq - 1, 1), u[0], u[1]);
      r.output =
          length_draw(v.traffic.output_tokens, std::max<int64_t>(seq - r.prompt, 1), u[2], u[3]);
    }
    if (v.service_time == ServiceTime::exponential) {
      r.service_s = v.service_time_s * exponential_draw(1.0, uniform(rng));
    } else if (v.service_time == ServiceTime::deterministic) {
      r.service_s = v.service_time_s;
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace wt::serving
