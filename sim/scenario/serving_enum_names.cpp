// The spellings of the serving block's enums (sim/scenario/enum_names.hpp lists their values).
#include "sim/scenario/scenario.hpp"

namespace wt {

const char* to_string(WeightPrecision p) {
  switch (p) {
    case WeightPrecision::bf16:
      return "bf16";
    case WeightPrecision::fp16:
      return "fp16";
    case WeightPrecision::fp8:
      return "fp8";
    case WeightPrecision::int8:
      return "int8";
    case WeightPrecision::int4:
      return "int4";
  }
  return "?";
}

const char* to_string(KvCachePrecision p) {
  switch (p) {
    case KvCachePrecision::bf16:
      return "bf16";
    case KvCachePrecision::fp16:
      return "fp16";
    case KvCachePrecision::fp8:
      return "fp8";
  }
  return "?";
}

const char* to_string(Batching b) {
  switch (b) {
    case Batching::static_batch:
      return "static";
    case Batching::continuous:
      return "continuous";
  }
  return "?";
}

const char* to_string(Router r) {
  switch (r) {
    case Router::round_robin:
      return "round_robin";
    case Router::least_loaded:
      return "least_loaded";
  }
  return "?";
}

const char* to_string(LengthDistribution d) {
  switch (d) {
    case LengthDistribution::fixed:
      return "fixed";
    case LengthDistribution::uniform:
      return "uniform";
    case LengthDistribution::lognormal:
      return "lognormal";
  }
  return "?";
}

const char* to_string(SloPercentile p) {
  switch (p) {
    case SloPercentile::p50:
      return "p50";
    case SloPercentile::p95:
      return "p95";
    case SloPercentile::p99:
      return "p99";
  }
  return "?";
}

}  // namespace wt
