// parallel.data_sync and its fields: parameter servers, async and backup workers are modelled for
// pure data parallelism only (docs/models.md, "Data synchronisation beyond all-reduce").
#include <string>

#include "core/error.hpp"
#include "sim/scenario/validate_rules.hpp"

namespace wt {
namespace {

void require_one(const char* path, int value, DataSync mode) {
  if (value == 1) return;
  throw InputError(path,
                   std::string("must be 1 with parallel.data_sync ") + to_string(mode) +
                       " (parameter servers, async and backup workers are modelled for pure "
                       "data parallelism only)",
                   std::to_string(value), "1, or parallel.data_sync allreduce");
}

}  // namespace

void check_data_sync(Scenario& s) {
  const ParallelConfig& p = s.parallel;
  if (p.data_sync == DataSync::allreduce) {
    if (p.backup_workers > 0) {
      throw InputError("parallel.backup_workers", "needs parallel.data_sync backup_workers",
                       std::to_string(p.backup_workers), "0, or parallel.data_sync backup_workers");
    }
    if (p.num_servers > 0) {
      add_warning(s, "parallel.num_servers has no effect with parallel.data_sync allreduce");
    }
    return;
  }
  require_one("parallel.tensor", p.tensor, p.data_sync);
  require_one("parallel.pipeline", p.pipeline, p.data_sync);
  require_one("parallel.context", p.context, p.data_sync);
  require_one("parallel.expert", p.expert, p.data_sync);
  if (p.zero_stage != 0) {
    throw InputError("parallel.zero_stage",
                     std::string("must be 0 with parallel.data_sync ") + to_string(p.data_sync) +
                         " (the servers hold the parameters and the optimizer state)",
                     std::to_string(p.zero_stage), "0, or parallel.data_sync allreduce");
  }
  if (p.grad_compression != GradCompression::none) {
    throw InputError("parallel.grad_compression",
                     std::string("is modelled for all-reduce only, not with parallel.data_sync ") +
                         to_string(p.data_sync),
                     to_string(p.grad_compression), "none, or parallel.data_sync allreduce");
  }
  if (p.data_sync == DataSync::backup_workers && p.backup_workers < 1) {
    throw InputError("parallel.backup_workers",
                     "must be at least 1 with parallel.data_sync backup_workers (the extra "
                     "worker nodes whose gradients each step may drop)",
                     std::to_string(p.backup_workers), "1 .. 1000000");
  }
  if (p.data_sync != DataSync::backup_workers && p.backup_workers > 0) {
    throw InputError("parallel.backup_workers", "needs parallel.data_sync backup_workers",
                     std::to_string(p.backup_workers), "0, or parallel.data_sync backup_workers");
  }
  const int64_t workers = s.cluster.num_nodes + p.backup_workers;
  if (p.server_placement == ServerPlacement::colocated && p.num_servers > workers) {
    throw InputError(
        "parallel.num_servers",
        "colocated servers run on the worker nodes: at most one per node (" +
            std::to_string(workers) + " worker nodes)",
        std::to_string(p.num_servers),
        "0 .. " + std::to_string(workers) + ", or parallel.server_placement dedicated");
  }
}

}  // namespace wt
