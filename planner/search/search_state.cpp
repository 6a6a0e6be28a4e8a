#include "planner/search/search_state.hpp"

#include <algorithm>

namespace wt {
namespace {

template <class Less>
void keep_best(std::optional<Outcome>& slot, const Outcome& o, Less less) {
  if (!slot || less(o, *slot)) slot = o;
}

// a dominates b: no slower, no dearer, and better in one (equal points: the lower number).
bool dominates(const Outcome& a, const Outcome& b) {
  if (a.expected_time_s > b.expected_time_s || a.cost_usd > b.cost_usd) return false;
  if (a.expected_time_s < b.expected_time_s || a.cost_usd < b.cost_usd) return true;
  return a.index < b.index;
}

void add_to_front(std::vector<Outcome>& front, const Outcome& o) {
  for (const Outcome& p : front) {
    if (dominates(p, o) || p.index == o.index) return;
  }
  std::erase_if(front, [&](const Outcome& p) { return dominates(o, p); });
  front.insert(std::upper_bound(front.begin(), front.end(), o, faster), o);
}

}  // namespace

SearchState empty_state(const PlanSpec& spec, size_t keep) {
  SearchState s;
  s.constraints = spec.constraints;
  s.objective = spec.objective;
  // Ranking by P90 re-ranks the first plan.monte_carlo_candidates of the closed-form ranking.
  s.keep = spec.monte_carlo.rank_by == RankBy::p90
               ? std::max(keep, static_cast<size_t>(spec.monte_carlo.candidates))
               : keep;
  return s;
}

void SearchState::add(const Outcome& o) {
  keep_best(fastest, o, faster);
  keep_best(cheapest, o, cheaper);
  if (constraints.deadline_days > 0.0 && meets_deadline(o, constraints)) {
    keep_best(cheapest_within_deadline, o, cheaper);
  }
  if (constraints.budget_usd > 0.0 && within_budget(o, constraints)) {
    keep_best(fastest_within_budget, o, faster);
  }
  add_to_front(pareto, o);
  const auto key = std::make_pair(o.gpu, o.num_gpus);
  const auto it = right_sizing.find(key);
  if (it == right_sizing.end()) {
    right_sizing.emplace(key, o);
  } else if (faster(o, it->second)) {
    it->second = o;
  }
  const auto before = [&](const Outcome& a, const Outcome& b) {
    return ranks_before(a, b, objective, constraints);
  };
  const bool listed = std::any_of(ranked.begin(), ranked.end(),
                                  [&](const Outcome& r) { return r.index == o.index; });
  if (!listed && keep > 0 && (ranked.size() < keep || before(o, ranked.back()))) {
    ranked.insert(std::upper_bound(ranked.begin(), ranked.end(), o, before), o);
    if (ranked.size() > keep) ranked.pop_back();
  }
}

void SearchState::merge(const SearchState& other) {
  combinations += other.combinations;
  evaluated += other.evaluated;
  equivalent += other.equivalent;
  for (const auto& [k, n] : other.invalid)
    invalid[k] += n;
  for (const auto& [k, n] : other.pruned)
    pruned[k] += n;
  // Every kept outcome of the other state goes through add(): the named picks, the front, the
  // right-sizing rows and the ranked list each keep their best, whichever state held it.
  std::vector<const Outcome*> all;
  for (const std::optional<Outcome>* slot :
       {&other.fastest, &other.cheapest, &other.cheapest_within_deadline,
        &other.fastest_within_budget}) {
    if (*slot) all.push_back(&**slot);
  }
  for (const Outcome& o : other.pareto)
    all.push_back(&o);
  for (const auto& [key, o] : other.right_sizing)
    all.push_back(&o);
  for (const Outcome& o : other.ranked)
    all.push_back(&o);
  for (const Outcome* o : all)
    add(*o);
}

}  // namespace wt
