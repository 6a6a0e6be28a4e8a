#pragma once
// The built-in cloud price table (generated from data/reference/hardware-and-prices.json by
// generate_price_table.py) and the choice of one price per GPU for a plan: the user's prices first,
// else the table's offer of the chosen provider, else the cheapest offer of any provider.
#include <map>
#include <string>
#include <vector>

namespace wt {

struct GpuPrice {
  std::string provider;  // "aws", "gcp", "azure", "lambda", "runpod", ...
  std::string gpu;       // catalog id
  std::string offering;  // instance type or listing
  double on_demand_usd_per_gpu_hour = 0.0;
  double spot_usd_per_gpu_hour = 0.0;  // 0 = no spot offer
  std::string date;                    // as the source gives it
  std::string source;                  // source key of the reference file
  std::string reference_path;          // JSON pointer of the on-demand figure in the reference
  std::string spot_reference_path;     // JSON pointer of the spot figure ("" without one)
  std::string note;
};

const std::vector<GpuPrice>& builtin_prices();

// Prices the user gives in the plan file, per catalog GPU id.
struct UserPrice {
  double on_demand_usd_per_gpu_hour = 0.0;  // 0 = not given
  double spot_usd_per_gpu_hour = 0.0;       // 0 = not given
};

struct PriceRequest {
  std::string provider = "any";  // "any" = the cheapest offer of any provider
  bool spot = false;
  std::map<std::string, UserPrice> user;  // by catalog id
  double flat_usd_per_gpu_hour = 0.0;     // the scenario's cost.usd_per_gpu_hour, any GPU
};

// A price and where it came from, for the output.
struct ChosenPrice {
  double usd_per_gpu_hour = 0.0;
  std::string provider;  // "user" for plan.prices and cost.usd_per_gpu_hour
  std::string offering;
  std::string date;
  std::string source;
  std::string describe() const;  // "$2.69/GPU-h runpod H100 SXM (community cloud), 2026-09-09"
};

// The price of `gpu` (catalog id) for the request; throws InputError naming plan.prices (or
// plan.provider) when nothing prices it.
ChosenPrice choose_price(const std::string& gpu, const PriceRequest& request);

// Providers of the built-in table, sorted, for messages and `plan --prices`.
std::vector<std::string> price_providers();

}  // namespace wt
