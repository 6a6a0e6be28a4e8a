#include "sim/report/trace_size.hpp"

#include "sim/report/trace_flows.hpp"

namespace wt {
namespace {

constexpr double kMetadataEventsPerGpu = 10.0;

}  // namespace

double chrome_trace_event_count(const Workload& w, const Timeline& t) {
  const TraceRoles roles = trace_roles(w, t);
  double events = 0.0;
  for (int rank = 0; rank < w.num_gpus; ++rank) {
    const int role = w.role_of_rank(rank);
    events += kMetadataEventsPerGpu;
    if (role < 0 || static_cast<size_t>(role) >= roles.roles.size()) continue;
    const RoleTrace& r = roles.roles[static_cast<size_t>(role)];
    events += static_cast<double>(r.spans.size() + r.flows_out.size() + r.flows_in.size());
  }
  return events;
}

}  // namespace wt
