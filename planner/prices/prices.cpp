#include "planner/prices/prices.hpp"

#include <algorithm>
#include <cstdio>

#include "core/error.hpp"

namespace wt {
namespace {

double offer_of(const GpuPrice& p, bool spot) {
  return spot ? p.spot_usd_per_gpu_hour : p.on_demand_usd_per_gpu_hour;
}

ChosenPrice from_table(const GpuPrice& p, bool spot) {
  return {offer_of(p, spot), p.provider, p.offering + (spot ? " (spot)" : ""), p.date, p.source};
}

std::string offers_text(const std::string& gpu, bool spot) {
  std::string text;
  for (const GpuPrice& p : builtin_prices()) {
    if (p.gpu != gpu || offer_of(p, spot) <= 0.0) continue;
    text += (text.empty() ? "" : ", ") + p.provider;
  }
  return text;
}

// The offer of the chosen provider, or the cheapest of any (ties: the provider's name).
const GpuPrice* table_offer(const std::string& gpu, const PriceRequest& r) {
  const GpuPrice* best = nullptr;
  for (const GpuPrice& p : builtin_prices()) {
    if (p.gpu != gpu || offer_of(p, r.spot) <= 0.0) continue;
    if (r.provider != "any" && p.provider != r.provider) continue;
    if (best == nullptr || offer_of(p, r.spot) < offer_of(*best, r.spot) ||
        (offer_of(p, r.spot) == offer_of(*best, r.spot) && p.provider < best->provider)) {
      best = &p;
    }
  }
  return best;
}

}  // namespace

std::string ChosenPrice::describe() const {
  char buf[32];
  std::snprintf(buf, sizeof buf, "$%.2f/GPU-h", usd_per_gpu_hour);
  std::string text = buf;
  text += " " + provider;
  if (!offering.empty()) text += " " + offering;
  if (!date.empty()) text += ", " + date;
  return text;
}

ChosenPrice choose_price(const std::string& gpu, const PriceRequest& r) {
  if (const auto it = r.user.find(gpu); it != r.user.end()) {
    const double v =
        r.spot ? it->second.spot_usd_per_gpu_hour : it->second.on_demand_usd_per_gpu_hour;
    if (v > 0.0) return {v, "user", "plan.prices", "", ""};
  }
  if (r.flat_usd_per_gpu_hour > 0.0) {
    return {r.flat_usd_per_gpu_hour, "user", "cost.usd_per_gpu_hour", "", ""};
  }
  if (const GpuPrice* p = table_offer(gpu, r)) return from_table(*p, r.spot);
  const std::string kind = r.spot ? "spot" : "on-demand";
  const std::string offers = offers_text(gpu, r.spot);
  if (r.provider != "any" && !offers.empty()) {
    throw InputError("plan.provider", "has no " + kind + " price for " + gpu, r.provider,
                     offers + ", any, or a price in plan.prices");
  }
  throw InputError("plan.prices." + gpu, "no built-in " + kind + " price for this GPU", "",
                   std::string("a price, e.g. \"plan\": {\"prices\": {\"") + gpu + "\": {\"" +
                       (r.spot ? "spot" : "on_demand") + "\": 2.5}}} ($/GPU-hour)");
}

std::vector<std::string> price_providers() {
  std::vector<std::string> names;
  for (const GpuPrice& p : builtin_prices()) {
    if (std::find(names.begin(), names.end(), p.provider) == names.end())
      names.push_back(p.provider);
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace wt
