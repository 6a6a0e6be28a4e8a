#include "calibrate/replay_report.hpp"

#include <cstdio>
#include <stdexcept>

#include "calibrate/fixed_text.hpp"
#include "sim/report/text_table.hpp"

namespace wt::calibrate {
namespace {

std::string ms(double seconds) {
  return fixed(seconds * 1e3, "%.3f");
}
std::string percent(double pct) {
  return fixed(pct, "%+.1f%%");
}

std::string joined_names(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names)
    s += (s.empty() ? "" : ", ") + n;
  return s;
}

void add(ClassTimes& t, const ReplayKernel& k, double once_s) {
  t.kernels += 1;
  t.executions += k.executions;
  t.predicted_s += k.predicted_s();
  t.measured_s += once_s * static_cast<double>(k.executions);
}

nlohmann::json times_json(const ClassTimes& t) {
  return {{"kernels", t.kernels},
          {"executions", t.executions},
          {"predicted_s", t.predicted_s},
          {"measured_s", t.measured_s},
          {"error_pct", t.error_pct()}};
}

nlohmann::json kernel_json(const ReplayKernel& k, const KernelMeasurement& m) {
  return {{"names", k.names},
          {"class", to_string(k.kernel.cls)},
          {"m", k.kernel.m},
          {"n", k.kernel.n},
          {"k", k.kernel.k},
          {"batch", k.kernel.batch},
          {"flops", k.kernel.flops},
          {"bytes", k.kernel.bytes},
          {"executions", k.executions},
          {"predicted_once_s", k.kernel.time_s},
          {"measured_once_s", m.once_s},
          {"note", m.note}};
}

std::string shape_text(const Kernel& k) {
  switch (k.cls) {
    case KernelClass::gemm:
      return std::to_string(k.m) + "×" + std::to_string(k.n) + "×" + std::to_string(k.k);
    case KernelClass::attention:
      return std::to_string(k.batch) + "×" + std::to_string(k.m) + "×" + std::to_string(k.n) + "×" +
             std::to_string(k.k);
    case KernelClass::memory_bound:
    case KernelClass::optimizer:
    case KernelClass::host_link:
    case KernelClass::host_cpu:
      return fixed(k.bytes / 1e6, "%.1f MB");
  }
  return {};
}

std::string class_table(const ReplayResult& r) {
  TextTable t({{"class"},
               {"kernels", Align::right},
               {"runs", Align::right},
               {"predicted ms", Align::right},
               {"measured ms", Align::right},
               {"error", Align::right}});
  auto row = [&](const std::string& name, const ClassTimes& c) {
    t.add_row({name, std::to_string(c.kernels), std::to_string(c.executions), ms(c.predicted_s),
               ms(c.measured_s), percent(c.error_pct())});
  };
  for (std::size_t i = 0; i < kKernelClasses.size(); ++i) {
    if (r.by_class[i].kernels > 0) row(to_string(kKernelClasses[i]), r.by_class[i]);
  }
  row("total", r.total);
  return t.str();
}

std::string kernel_table(const ReplayResult& r) {
  TextTable t({{"kernel"},
               {"class"},
               {"shape", Align::right},
               {"runs", Align::right},
               {"predicted µs", Align::right},
               {"measured µs", Align::right},
               {"error", Align::right}});
  for (std::size_t i = 0; i < r.plan.kernels.size(); ++i) {
    const ReplayKernel& k = r.plan.kernels[i];
    const double once_s = r.measured[i].once_s;
    const double pct = once_s > 0.0 ? (k.kernel.time_s - once_s) / once_s * 100.0 : 0.0;
    t.add_row({joined_names(k.names), to_string(k.kernel.cls), shape_text(k.kernel),
               std::to_string(k.executions), fixed(k.kernel.time_s * 1e6, "%.1f"),
               fixed(once_s * 1e6, "%.1f"), percent(pct)});
  }
  return t.str();
}

std::string notes_text(const ReplayResult& r) {
  std::string notes;
  for (std::size_t i = 0; i < r.plan.kernels.size(); ++i) {
    if (r.measured[i].note.empty()) continue;
    notes += "note: " + joined_names(r.plan.kernels[i].names) + ": " + r.measured[i].note + "\n";
  }
  return notes;
}

}  // namespace

double ClassTimes::error_pct() const {
  return measured_s > 0.0 ? (predicted_s - measured_s) / measured_s * 100.0 : 0.0;
}

ReplayResult summarize_replay(ReplayContext context, ReplayPlan plan,
                              std::vector<KernelMeasurement> measured) {
  if (measured.size() != plan.kernels.size()) {
    throw std::invalid_argument("summarize_replay: one measurement per kernel is needed");
  }
  ReplayResult r{std::move(context), std::move(plan), std::move(measured), {}, {}};
  for (std::size_t i = 0; i < r.plan.kernels.size(); ++i) {
    const ReplayKernel& k = r.plan.kernels[i];
    add(r.by_class[static_cast<std::size_t>(k.kernel.cls)], k, r.measured[i].once_s);
    add(r.total, k, r.measured[i].once_s);
  }
  return r;
}

std::string replay_text(const ReplayResult& r) {
  const ReplayContext& c = r.context;
  std::string text = "replay of " + c.scenario + " · rank " + std::to_string(r.plan.rank) + " of " +
                     std::to_string(c.num_ranks) + " (pipeline stage " +
                     std::to_string(r.plan.role) + " of " + std::to_string(c.num_roles) + ") · " +
                     c.precision + " · one iteration, " + std::to_string(r.plan.compute_ops) +
                     " compute ops\n";
  text += "predicted for " + c.predicted_gpu + ", measured on " + c.measured_gpu + "\n";
  text += "error = (predicted − measured) / measured\n\n";
  text += class_table(r) + "\n" + kernel_table(r);
  return text + notes_text(r);
}

nlohmann::json replay_json(const ReplayResult& r) {
  nlohmann::json classes = nlohmann::json::object();
  for (std::size_t i = 0; i < kKernelClasses.size(); ++i) {
    classes[to_string(kKernelClasses[i])] = times_json(r.by_class[i]);
  }
  nlohmann::json kernels = nlohmann::json::array();
  for (std::size_t i = 0; i < r.plan.kernels.size(); ++i) {
    kernels.push_back(kernel_json(r.plan.kernels[i], r.measured[i]));
  }
  const ReplayContext& c = r.context;
  return {{"schema", 1},
          {"scenario", c.scenario},
          {"rank", r.plan.rank},
          {"role", r.plan.role},
          {"num_ranks", c.num_ranks},
          {"precision", c.precision},
          {"predicted_gpu", c.predicted_gpu},
          {"measured_gpu", c.measured_gpu},
          {"compute_ops", r.plan.compute_ops},
          {"classes", classes},
          {"total", times_json(r.total)},
          {"kernels", kernels}};
}

}  // namespace wt::calibrate
