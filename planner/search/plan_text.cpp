// The plan as text for a person: what was searched, the recommendation and its why, the named
// picks, the Pareto front, the right-sizing table and the ranked list.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/units.hpp"
#include "planner/search/plan_report.hpp"
#include "sim/report/headline.hpp"
#include "sim/report/summary_text.hpp"
#include "sim/report/text_table.hpp"

namespace wt {
namespace {

std::string days(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", s / units::kSecondsPerDay);
  return buf;
}

std::string dollars(double usd) {
  return "$" + format_count(usd);
}

std::string counts_text(const std::map<std::string, uint64_t>& counts) {
  std::string text;
  for (const auto& [reason, n] : counts) {
    text += (text.empty() ? "" : ", ") + reason + " " + with_thousands(static_cast<int64_t>(n));
  }
  return text;
}

std::string objective_text(const PlanSpec& spec) {
  const PlanConstraints& c = spec.constraints;
  switch (spec.objective) {
    case Objective::cheapest_within_deadline:
      return "cheapest within the " + format_count(c.deadline_days) + "-day deadline";
    case Objective::fastest_within_budget:
      return "fastest within the " + dollars(c.budget_usd) + " budget";
    case Objective::fastest:
      return "fastest";
    case Objective::cheapest:
      break;
  }
  return "cheapest";
}

std::string constraint_marks(const Outcome& o, const PlanSpec& spec) {
  const PlanConstraints& c = spec.constraints;
  const RankBy by = spec.monte_carlo.rank_by;
  std::string marks;
  if (c.deadline_days > 0) marks += meets_deadline(o, c, by) ? "in time" : "late";
  if (c.budget_usd > 0)
    marks += std::string(marks.empty() ? "" : ", ") +
             (within_budget(o, c, by) ? "in budget" : "over budget");
  return marks;
}

void header(std::ostringstream& out, const CandidateSpace& space, const PlanReport& r) {
  const PlanSpec& spec = space.spec();
  const PlanConstraints& c = spec.constraints;
  const SearchState& st = r.state;
  out << "plan " << spec.name << " · objective: " << objective_text(spec);
  if (c.deadline_days > 0) out << " · deadline " << format_count(c.deadline_days) << " days";
  if (c.budget_usd > 0) out << " · budget " << dollars(c.budget_usd);
  if (c.max_gpus > 0) out << " · at most " << with_thousands(c.max_gpus) << " GPUs";
  out << " · " << (spec.prices.spot ? "spot" : "on-demand") << " prices ("
      << (spec.prices.provider == "any" ? "cheapest provider" : spec.prices.provider) << ")\n";
  uint64_t invalid = 0, pruned = 0;
  for (const auto& [k, n] : st.invalid)
    invalid += n;
  for (const auto& [k, n] : st.pruned)
    pruned += n;
  out << "searched " << with_thousands(static_cast<int64_t>(st.combinations))
      << " combinations: " << with_thousands(static_cast<int64_t>(invalid)) << " invalid layouts, "
      << with_thousands(static_cast<int64_t>(st.evaluated)) << " evaluated (" << r.method << "), "
      << with_thousands(static_cast<int64_t>(pruned)) << " pruned";
  if (st.equivalent > 0) {
    out << ", " << with_thousands(static_cast<int64_t>(st.equivalent)) << " equivalent";
  }
  out << "\n";
  if (st.equivalent > 0) {
    out << "  equivalent: differ only in a network block their topology ignores (fat_tree and "
           "rail_optimized outside a fat-tree, torus, dragonfly): each stands for the same "
           "candidate with that block at its first value\n";
  }
  if (!st.pruned.empty()) out << "  pruned: " << counts_text(st.pruned) << "\n";
  if (!st.invalid.empty())
    out << "  invalid, by the rule they break: " << counts_text(st.invalid) << "\n";
}

void block(std::ostringstream& out, const CandidateSpace& space, const std::string& title,
           const std::optional<Outcome>& o, const std::string& none,
           const std::optional<Outcome>& chosen = std::nullopt) {
  out << "\n" << title << ":";
  if (!o) {
    out << "\n  " << none << "\n";
    return;
  }
  if (chosen && chosen->index == o->index && chosen->engine == o->engine) {
    out << " the recommended layout\n";
    return;
  }
  out << "\n";
  out << "  " << with_thousands(o->num_gpus) << " × " << o->gpu << " · " << layout_text(space, *o)
      << "\n";
  out << "  " << days(o->expected_time_s) << " days with failures (" << days(o->time_to_train_s)
      << " failure-free) · " << dollars(o->cost_usd) << " · " << format_count(o->gpu_hours)
      << " GPU-h at " << space.price_of(o->gpu).describe();
  if (o->engine.find("simgrid") != std::string::npos) out << " · timed by " << o->engine;
  out << "\n  why: " << why_text(space, *o) << "\n";
}

// With the Monte Carlo (plan.rank_by "p90") the P50 and P90 days and cost follow the expected ones.
TextTable outcome_table(bool with_rank, bool with_monte_carlo) {
  std::vector<TableColumn> cols;
  if (with_rank) cols.push_back({"#", Align::right});
  cols.push_back({"days", Align::right});
  cols.push_back({"±", Align::right});
  cols.push_back({"cost", Align::right});
  if (with_monte_carlo) {
    for (const char* name : {"P50 days", "P90 days", "P50 cost", "P90 cost"})
      cols.push_back({name, Align::right});
  }
  for (TableColumn c : {TableColumn{"GPUs", Align::right}, TableColumn{"GPU", Align::left},
                        TableColumn{"MFU", Align::right}, TableColumn{"layout", Align::left},
                        TableColumn{"", Align::left}}) {
    cols.push_back(c);
  }
  return TextTable(cols);
}

// "TP4 PP16 DP32 mb1 Z1 SP sel 1f1b" ("CP4a2a" under Ulysses; "lora" or "qlora" when fine-tuning; "
// · rail fat-tree 2-level 2:1" when the plan varies the network): the layout in a table cell.
std::string compact_layout(const CandidateSpace& space, const Outcome& o) {
  const Scenario s = space.scenario(o.index);
  const ParallelConfig& p = s.parallel;
  std::string t = "TP" + std::to_string(p.tensor) + " PP" + std::to_string(p.pipeline) + " DP" +
                  std::to_string(p.data);
  if (p.context > 1) {
    t += " CP" + std::to_string(p.context) + (p.cp_comm_type == CpCommType::a2a ? "a2a" : "");
  }
  if (p.expert > 1) t += " EP" + std::to_string(p.expert);
  t += " mb" + std::to_string(s.training.micro_batch_size);
  if (p.zero_stage > 0) t += " Z" + std::to_string(p.zero_stage);
  if (p.sequence_parallel && p.tensor > 1) t += " SP";
  if (s.training.activation_recompute == Recompute::selective) t += " sel";
  if (s.training.activation_recompute == Recompute::per_op) t += " per-op";
  if (s.training.activation_recompute == Recompute::full) t += " full";
  if (p.pipeline > 1) t += std::string(" ") + to_string(p.pipeline_schedule);
  if (p.virtual_stages > 1) t += "x" + std::to_string(p.virtual_stages);
  if (s.training.finetune.method != FinetuneMethod::full) {
    t += std::string(" ") + to_string(s.training.finetune.method);
  }
  if (space.varies_network() && s.cluster.num_nodes > 1)
    t += " · " + fabric_text(s.cluster.network);
  return t;
}

// "±6%": the error band of the iteration time (docs/validation.md, "Error bands"); the days go
// as the iteration time. Empty without a bands file.
std::string band_cell(const CandidateSpace& space, const PlanReport& r, const Outcome& o) {
  const std::optional<ErrorBand> b = candidate_band(space, r, o);
  return b ? band_half_width_text(*b) : "";
}

std::vector<std::string> outcome_row(const CandidateSpace& space, const PlanReport& r,
                                     const Outcome& o, bool with_monte_carlo) {
  std::vector<std::string> row = {days(o.expected_time_s), band_cell(space, r, o),
                                  dollars(o.cost_usd)};
  if (with_monte_carlo) {
    const bool ran = o.monte_carlo_runs > 0;
    for (const std::string& cell :
         {ran ? days(o.p50_time_s) : "", ran ? days(o.p90_time_s) : "",
          ran ? dollars(o.p50_cost_usd) : "", ran ? dollars(o.p90_cost_usd) : ""})
      row.push_back(cell);
  }
  for (const std::string& cell : {with_thousands(o.num_gpus), o.gpu, percent_text(o.mfu),
                                  compact_layout(space, o), constraint_marks(o, space.spec())})
    row.push_back(cell);
  return row;
}

void table(std::ostringstream& out, const CandidateSpace& space, const PlanReport& r,
           const std::string& title, const std::vector<Outcome>& list, bool ranked) {
  if (list.empty()) return;
  out << "\n" << title << ":\n";
  const bool mc = std::any_of(list.begin(), list.end(),
                              [](const Outcome& o) { return o.monte_carlo_runs > 0; });
  TextTable t = outcome_table(ranked, mc);
  for (size_t i = 0; i < list.size(); ++i) {
    std::vector<std::string> row = outcome_row(space, r, list[i], mc);
    if (ranked) row.insert(row.begin(), std::to_string(i + 1));
    t.add_row(row);
  }
  std::istringstream lines(t.str());
  for (std::string line; std::getline(lines, line);)
    out << "  " << line << "\n";
}

}  // namespace

std::string plan_text(const CandidateSpace& space, const PlanReport& r, size_t top) {
  std::ostringstream out;
  const SearchState& st = r.state;
  const PlanSpec& spec = space.spec();
  header(out, space, r);
  if (!r.chosen()) {
    out << "\nno layout fits: every valid layout was pruned (see the reasons above)\n";
    return out.str();
  }
  block(out, space, "recommended (" + objective_text(spec) + ")", r.chosen(), "");
  block(out, space, "fastest", st.fastest, "", r.chosen());
  block(out, space, "cheapest", st.cheapest, "", r.chosen());
  if (spec.constraints.deadline_days > 0) {
    block(out, space, "cheapest within the deadline", st.cheapest_within_deadline,
          "none: no layout finishes within " + format_count(spec.constraints.deadline_days) +
              " days (the fastest is above)",
          r.chosen());
  }
  if (spec.constraints.budget_usd > 0) {
    block(out, space, "fastest within the budget", st.fastest_within_budget,
          "none: no layout costs at most " + dollars(spec.constraints.budget_usd) +
              " (the cheapest is above)",
          r.chosen());
  }
  table(out, space, r, "Pareto front (no layout is both faster and cheaper)", st.pareto, false);
  std::vector<Outcome> rows;
  for (const auto& [key, o] : st.right_sizing)
    rows.push_back(o);
  table(out, space, r, "right-sizing (the fastest layout per GPU type and count)", rows, false);
  if (!r.refined.empty()) {
    table(out, space, r, "refined with the SimGrid engine", r.refined, true);
  }
  std::vector<Outcome> head(st.ranked.begin(),
                            st.ranked.begin() + static_cast<long>(std::min(top, st.ranked.size())));
  const std::string by_p90 =
      spec.monte_carlo.rank_by == RankBy::p90
          ? ", by the P90 of " + with_thousands(spec.monte_carlo.runs) + " Monte Carlo runs"
          : "";
  table(out, space, r, "ranked (" + objective_text(spec) + by_p90 + ")", head, true);
  out << "\ndays and cost include failures: a cluster failure every MTBF/GPUs, Young/Daly "
         "checkpoints, restarts"
      << (spec.prices.spot ? ", spot preemptions" : "") << " (docs/planner.md)\n";
  return out.str();
}

std::string percent_text(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * fraction);
  return buf;
}

}  // namespace wt
