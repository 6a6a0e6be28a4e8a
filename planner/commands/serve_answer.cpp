#include "planner/commands/serve_answer.hpp"

#include "core/error.hpp"
#include "planner/prices/prices.hpp"

namespace wt {
namespace {

void price(const Scenario& s, ServingResult& r) {
  PriceRequest request;
  request.flat_usd_per_gpu_hour = s.cost.usd_per_gpu_hour;
  request.spot = s.cost.spot;
  try {
    const ChosenPrice p = choose_price(s.cluster.gpu, request);
    price_serving_result(r, p.usd_per_gpu_hour, p.describe());
  } catch (const InputError&) {
    r.warnings.push_back("no price for " + s.cluster.gpu +
                         ": set cost.usd_per_gpu_hour for the cost figures");
  }
}

}  // namespace

ServeOutput serve_with_price(const Scenario& s, const ServeOptions& options) {
  ServeOutput out = serve_scenario(s, options);
  price(s, out.result);
  return out;
}

}  // namespace wt
