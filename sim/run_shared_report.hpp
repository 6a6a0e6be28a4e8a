#pragma once
// A shared-cluster run as text (a table per job, then the shared links) and as one JSON object
// (`windtunnel share --json`, docs/cli.md); both carry the same figures.
#include <string>

#include <nlohmann/json.hpp>

#include "sim/run_shared.hpp"

namespace wt {

// At most this many shared links are listed, busiest first (the JSON gives their total count).
inline constexpr size_t kSharedLinksShown = 10;

nlohmann::ordered_json shared_result_json(const SharedRunResult& r);
std::string shared_summary_text(const SharedRunResult& r);

}  // namespace wt
