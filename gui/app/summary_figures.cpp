#include "gui/app/summary_figures.hpp"

#include <cmath>

#include <QObject>
#include <QStringList>

#include "gui/views/band_text.hpp"
#include "sim/hardware/speed_spread.hpp"
#include "sim/report/summary_text.hpp"

namespace wt::gui {
namespace {

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

QString seconds_and_share(double part_s, double total_s) {
  const QString share = total_s > 0.0 ? figure_percent(part_s / total_s) : QStringLiteral("–");
  return QStringLiteral("%1  (%2)").arg(q(wt::format_duration(part_s)), share);
}

QString exposed_dims_text(const wt::RunResult& r) {
  const wt::ExposedComm& e = r.exposed_comm_by_dim_s;
  const std::pair<const char*, double> dims[] = {
      {"TP", e.tp}, {"PP", e.pp}, {"DP", e.dp}, {"CP", e.cp}, {"EP", e.ep}};
  QStringList parts;
  for (const auto& [name, seconds] : dims) {
    if (seconds > 0.0) parts << QStringLiteral("%1 %2").arg(name, q(wt::format_duration(seconds)));
  }
  return parts.isEmpty() ? QStringLiteral("none") : parts.join(QStringLiteral(", "));
}

// "+8.2% (of 512 GPUs, spread 2.5%)": how much the GEMMs and attention were stretched
// (docs/models.md, "The slowest GPU").
QString slowest_gpu_text(const wt::Scenario& s) {
  const int n = s.cluster.num_gpus();
  const double slowdown = wt::slowest_gpu_slowdown(s);
  if (slowdown <= 1.0) return QObject::tr("none");
  return QObject::tr("+%1 (of %2 GPUs, spread %3)")
      .arg(figure_percent(slowdown - 1.0))
      .arg(n)
      .arg(figure_percent(s.cluster.gpu_speed_spread));
}

// "90% of benchmark (+11.1%)": the GPUs' sustained speed on GEMMs and attention, with the clock a
// power limit leaves, and how much it stretches them (docs/models.md, "Sustained speed").
QString sustained_speed_text(const wt::Scenario& s) {
  const double mean = wt::mean_compute_speed(s);
  if (mean >= 1.0) return QObject::tr("benchmark speed");
  return QObject::tr("%1 of benchmark (+%2)")
      .arg(figure_percent(mean))
      .arg(figure_percent(1.0 / mean - 1.0));
}

}  // namespace

QString figure_percent(double fraction) {
  return QString::number(fraction * 100.0, 'f', 1) + '%';
}

std::vector<Figure> iteration_figures(const wt::RunResult& r) {
  const wt::MemoryUse& m = r.memory_per_gpu_bytes;
  std::vector<Figure> out = {
      {"iteration", QObject::tr("Iteration time"),
       iteration_with_band(r.iteration_time_s, r.error_band)},
      {"tokens_per_s", QObject::tr("Tokens/s"), q(wt::format_count(r.tokens_per_s))},
      {"samples_per_s", QObject::tr("Samples/s"), q(wt::format_count(r.samples_per_s))},
      {"mfu", QObject::tr("MFU"), figure_percent(r.mfu)},
      {"hfu", QObject::tr("HFU"), figure_percent(r.hfu)},
      {"model_tflops", QObject::tr("Model TFLOP/s per GPU"),
       QString::number(r.model_tflops_per_gpu, 'f', 1)},
      {"memory", QObject::tr("Memory per GPU"),
       QStringLiteral("%1 / %2").arg(q(wt::format_bytes(m.total)),
                                     q(wt::format_bytes(m.capacity)))},
      {"gpus", QObject::tr("GPUs"), QString::number(r.num_gpus)},
  };
  if (r.error_band) {
    const Figure band[] = {
        {"iteration_range", QObject::tr("  error band"), band_range_text(*r.error_band)},
        {"error_class", QObject::tr("  from class"), band_class_text(*r.error_band)}};
    out.insert(out.begin() + 1, std::begin(band), std::end(band));
  }
  return out;
}

std::vector<Figure> time_split_figures(const wt::Scenario& s, const wt::RunResult& r) {
  const wt::Breakdown& b = r.breakdown_s;
  const double t = r.iteration_time_s;
  return {
      {"compute", QObject::tr("Compute"), seconds_and_share(b.compute, t)},
      {"sustained_speed", QObject::tr("  GPU speed"), sustained_speed_text(s)},
      {"slowest_gpu", QObject::tr("  slowest GPU"), slowest_gpu_text(s)},
      {"exposed_comm", QObject::tr("Exposed communication"), seconds_and_share(b.exposed_comm, t)},
      {"exposed_by_dim", QObject::tr("  of which"), exposed_dims_text(r)},
      {"bubble", QObject::tr("Pipeline bubble"), seconds_and_share(b.pipeline_bubble, t)},
      {"optimizer", QObject::tr("Optimizer"), seconds_and_share(b.optimizer, t)},
      {"other", QObject::tr("Other"), seconds_and_share(b.other, t)},
  };
}

std::vector<Figure> training_figures(const wt::Scenario& s, const wt::RunResult& r) {
  if (s.training.total_tokens <= 0.0) {
    return {
        {"time_to_train", QObject::tr("Time to train"), QObject::tr("set training.total_tokens")}};
  }
  const double with_failures = r.expected_time_to_train_with_failures_s;
  std::vector<Figure> out = {
      {"tokens", QObject::tr("Tokens"), q(wt::format_count(s.training.total_tokens))},
      {"time_to_train", QObject::tr("Time to train"), q(wt::format_duration(r.time_to_train_s))},
      {"with_failures", QObject::tr("With failures"),
       std::isinf(with_failures) ? QObject::tr("never (failures outpace progress)")
                                 : q(wt::format_duration(with_failures))},
      {"checkpoint", QObject::tr("Checkpoint every"),
       q(wt::format_duration(r.optimal_checkpoint_interval_s))},
      {"gpu_hours", QObject::tr("GPU-hours"), q(wt::format_count(r.gpu_hours))},
  };
  if (s.cost.usd_per_gpu_hour > 0.0) {
    out.push_back({"cost", QObject::tr("Cost"),
                   QStringLiteral("$%1 at $%2/GPU-h")
                       .arg(q(wt::format_count(r.cost_usd)))
                       .arg(s.cost.usd_per_gpu_hour, 0, 'f', 2)});
  }
  return out;
}

std::vector<Figure> data_sync_rows(const wt::RunResult& r) {
  if (!r.data_sync || r.data_sync->servers <= 0) return {};
  const wt::DataSyncFigures& f = *r.data_sync;
  const auto nic = [](double bytes, double busy, bool bottleneck) {
    QString text = QObject::tr("%1/step (%2 at line rate")
                       .arg(q(wt::format_bytes(bytes)), figure_percent(busy));
    return text + (bottleneck ? QObject::tr(", the bottleneck)") : QStringLiteral(")"));
  };
  std::vector<Figure> out = {
      {"data_sync", QObject::tr("Data sync"),
       QObject::tr("%1 · %2 %3 servers, %4 worker nodes")
           .arg(q(f.mode))
           .arg(f.servers)
           .arg(q(f.server_placement))
           .arg(f.worker_nodes)},
      {"server_nic", QObject::tr("  server NIC"),
       nic(f.server_nic_bytes, f.server_nic_busy, f.bottleneck == "server NIC")},
      {"worker_nic", QObject::tr("  worker NIC"),
       nic(f.worker_nic_bytes, f.worker_nic_busy, f.bottleneck == "worker NIC")},
  };
  if (f.has_staleness) {
    out.push_back({"staleness", QObject::tr("  staleness"),
                   QObject::tr("mean %1 · P90 %2 · max %3 updates")
                       .arg(f.staleness_mean, 0, 'f', 1)
                       .arg(f.staleness_p90, 0, 'f', 1)
                       .arg(f.staleness_max, 0, 'f', 0)});
  }
  return out;
}

}  // namespace wt::gui
