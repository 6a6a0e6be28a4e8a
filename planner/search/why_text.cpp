// The one-line reasons and layout descriptions of the recommendations.
#include <array>
#include <cstdio>
#include <string>
#include <utility>

#include "core/units.hpp"
#include "planner/search/plan_report.hpp"
#include "sim/report/headline.hpp"
#include "sim/report/summary_text.hpp"

namespace wt {
namespace {

std::string gib(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", bytes / units::kGiB);
  return buf;
}

std::string dominant_dimension(const ExposedComm& e) {
  const std::array<std::pair<const char*, double>, 5> dims = {
      {{"TP", e.tp}, {"PP", e.pp}, {"DP", e.dp}, {"CP", e.cp}, {"EP", e.ep}}};
  std::pair<const char*, double> best = dims[0];
  for (const auto& d : dims) {
    if (d.second > best.second) best = d;
  }
  return best.first;
}

std::string tensor_reason(const Scenario& s) {
  const int t = s.parallel.tensor;
  if (t == 1) return "";
  if (t <= s.cluster.gpus_per_node) return "TP " + std::to_string(t) + " stays inside a node";
  return "TP " + std::to_string(t) + " crosses nodes";
}

}  // namespace

std::string layout_text(const CandidateSpace& space, const Outcome& o) {
  const Scenario s = space.scenario(o.index);
  const ParallelConfig& p = s.parallel;
  std::string text = "TP " + std::to_string(p.tensor) + " · PP " + std::to_string(p.pipeline) +
                     " · DP " + std::to_string(p.data);
  if (p.context > 1) text += " · CP " + std::to_string(p.context);
  if (p.expert > 1) text += " · EP " + std::to_string(p.expert);
  text += " · mb " + std::to_string(s.training.micro_batch_size);
  if (p.zero_stage > 0) text += " · ZeRO-" + std::to_string(p.zero_stage);
  if (p.sequence_parallel && p.tensor > 1) text += " · SP";
  if (s.training.activation_recompute != Recompute::none) {
    text += std::string(" · ") + to_string(s.training.activation_recompute) + " recompute";
  }
  if (p.pipeline > 1) {
    text += std::string(" · ") + to_string(p.pipeline_schedule);
    if (p.virtual_stages > 1) text += " ×" + std::to_string(p.virtual_stages);
  }
  if (s.cluster.num_nodes > 1) {
    text += " · " + (space.varies_network() ? fabric_text(s.cluster.network)
                                            : std::string(to_string(s.cluster.network.topology)));
  }
  if (s.training.finetune.method != FinetuneMethod::full) {
    text += std::string(" · ") + to_string(s.training.finetune.method) + " r" +
            std::to_string(s.training.finetune.rank) + " " +
            lora_targets_text(s.training.finetune.target_modules);
  }
  return text;
}

std::string why_text(const CandidateSpace& space, const Outcome& o) {
  const Scenario s = space.scenario(o.index);
  std::string text = "MFU " + percent_text(o.mfu);
  if (const std::string tp = tensor_reason(s); !tp.empty()) text += "; " + tp;
  if (s.parallel.pipeline > 1) {
    text += "; PP " + std::to_string(s.parallel.pipeline) + " bubble " +
            percent_text(o.bubble_fraction) + " (" + std::to_string(s.num_micro_batches()) +
            " micro-batches)";
  }
  if (o.exposed_comm_fraction < 0.005) {
    text += "; communication hidden";
  } else {
    text += "; exposed comm " + percent_text(o.exposed_comm_fraction) + " (mostly " +
            dominant_dimension(o.exposed_fraction_by_dim) + ")";
  }
  const double headroom = o.capacity_bytes > 0 ? 1.0 - o.memory_bytes / o.capacity_bytes : 0.0;
  text += "; memory " + gib(o.memory_bytes) + " of " + gib(o.capacity_bytes) + " GiB (" +
          (o.memory_tight ? std::string("TIGHT: within the model's uncertainty of the capacity")
                          : percent_text(headroom) + " headroom") +
          ")";
  text += "; a failure every " + format_duration(o.cluster_mtbf_s);
  if (s.cost.spot) text += " with spot preemptions";
  return text;
}

}  // namespace wt
