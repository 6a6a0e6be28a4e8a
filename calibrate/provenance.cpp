// Provenance of a profile: the GPUs, the library versions, the date, the host (hashed) and the
// command line.
#include <unistd.h>

#include <climits>
#include <ctime>

#include "calibrate/measure.hpp"
#include "calibrate/provenance_text.hpp"

namespace wt::calibrate {
namespace {

std::string hostname() {
  char name[HOST_NAME_MAX + 1] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

}  // namespace

Provenance provenance_of(const std::vector<gpu::Device>& devices, const gpu::Versions& v,
                         const std::string& command_line) {
  Provenance p;
  p.gpu_name = devices.front().name;
  p.gpu_count = static_cast<int>(devices.size());
  p.driver_version = cuda_version_text(v.driver);
  p.cuda_runtime_version = cuda_version_text(v.runtime);
  p.cublas_version = library_version_text(v.cublaslt);
  p.nccl_version = v.nccl > 0 ? nccl_version_text(v.nccl) : "";
  p.cudnn_version = v.cudnn > 0 ? library_version_text(v.cudnn) : "";
  p.sm_clock_mhz = devices.front().sm_clock_khz / 1000;
  p.memory_clock_mhz = devices.front().memory_clock_khz / 1000;
  p.date_utc = date_utc(std::time(nullptr));
  p.hostname_hash = hostname_hash(hostname());
  p.command_line = command_line;
  p.windtunnel_version = WT_VERSION;
  return p;
}

}  // namespace wt::calibrate
