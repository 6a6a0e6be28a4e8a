#include "calibrate/measure.hpp"

#include <filesystem>
#include <ostream>

#include "calibrate/gpu_match.hpp"
#include "core/error.hpp"

namespace wt::calibrate {
namespace {

void note_skipped_sections(const MeasureOptions& o, CalibrationProfile& p) {
  for (Section s : kAllSections) {
    if (!o.sections.contains(s)) {
      p.unmeasured.push_back({to_string(s), "not requested (--only)"});
    }
  }
}

void run_section(Section s, SectionContext& c) {
  c.log << "windtunnel-calibrate: measuring " << to_string(s) << "\n" << std::flush;
  switch (s) {
    case Section::gemm:
      return measure_gemm(c);
    case Section::memory:
      return measure_memory(c);
    case Section::attention:
      return measure_attention(c);
    case Section::h2d:
      return measure_h2d(c);
    case Section::nccl:
      return measure_nccl(c);
  }
}

}  // namespace

void check_measure_options(const MeasureOptions& o) {
  namespace fs = std::filesystem;
  const fs::path out(o.out);
  std::error_code ec;
  if (o.out.empty() || fs::is_directory(out, ec)) {
    throw InputError("--out", "is not a file path", o.out, "a path to a JSON file to write");
  }
  const fs::path folder = out.has_parent_path() ? out.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, ec)) {
    throw InputError("--out", "the folder does not exist", folder.string(), "an existing folder");
  }
  if (o.reps < 0) {
    throw InputError("--reps", "is negative", std::to_string(o.reps), ">= 1, or 0 for the default");
  }
  if (o.max_bytes < 8) {
    throw InputError("--max-bytes", "is too small", std::to_string(o.max_bytes), ">= 8");
  }
}

Repeat SectionContext::repeat() const {
  Repeat r;
  r.warmup = options.quick ? 2 : 3;
  r.reps = options.reps > 0 ? options.reps : (options.quick ? 5 : 10);
  r.budget_s = options.quick ? 0.2 : 0.5;
  return r;
}

CalibrationProfile measure_host(const MeasureOptions& o, std::ostream& out, std::ostream& log) {
  const std::vector<gpu::Device> devices = gpu::devices();
  CalibrationProfile profile;
  profile.provenance = provenance_of(devices, gpu::versions(), o.command_line);
  profile.catalog_gpu = catalog_id_for_device(devices.front().name,
                                              static_cast<double>(devices.front().memory_bytes));
  if (profile.provenance.sm_clock_mhz == 0) {
    profile.unmeasured.push_back(
        {"provenance.clocks",
         "the CUDA runtime reports no clock rates (CUDA 13 dropped them); nvidia-smi is not used"});
  }
  log << "windtunnel-calibrate: " << devices.size() << " × " << devices.front().name
      << " (catalog: " << (profile.catalog_gpu.empty() ? "none" : profile.catalog_gpu) << ")\n";
  gpu::Bench bench(0);
  SectionContext context{o, devices, bench, profile, log};
  for (Section s : kAllSections) {
    if (!o.sections.contains(s)) continue;
    run_section(s, context);
    out << section_table(s, profile) << "\n" << std::flush;
  }
  note_skipped_sections(o, profile);
  return profile;
}

}  // namespace wt::calibrate
