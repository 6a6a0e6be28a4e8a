#include "planner/search/search.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <mutex>
#include <thread>

#include "core/error.hpp"
#include "planner/search/evaluate.hpp"

namespace wt {
namespace {

constexpr uint64_t kChunk = 512;

uint64_t shard_size(uint64_t total, const Shard& shard) {
  return total / shard.count + (shard.index < total % shard.count ? 1 : 0);
}

struct SharedWork {
  SharedWork(const CandidateSpace& s, const SearchOptions& o) : space(s), options(o) {}
  const CandidateSpace& space;
  const SearchOptions& options;
  std::atomic<uint64_t> next_chunk{0};
  std::atomic<uint64_t> looked_at{0};
  std::mutex mutex;
  std::exception_ptr error;
};

void work(SharedWork& w, SearchState& state) {
  try {
    CandidateSpace::Cursor cursor(w.space);
    Scenario scratch;
    const uint64_t total = w.space.size();
    const Shard& shard = w.options.shard;
    for (uint64_t chunk = w.next_chunk++; chunk * kChunk < total; chunk = w.next_chunk++) {
      if (w.options.cancel != nullptr && w.options.cancel->load()) return;
      const uint64_t end = std::min(total, (chunk + 1) * kChunk);
      uint64_t mine = 0;
      for (uint64_t i = chunk * kChunk; i < end; ++i) {
        if (i % shard.count != shard.index) continue;
        search_one(cursor, i, w.space.spec(), scratch, state);
        ++mine;
      }
      w.looked_at += mine;
    }
  } catch (...) {
    const std::lock_guard<std::mutex> lock(w.mutex);
    if (!w.error) w.error = std::current_exception();
    w.next_chunk = w.space.size();  // stop the others
  }
}

}  // namespace

Shard parse_shard(const std::string& text) {
  const size_t slash = text.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument("no slash");
    size_t used = 0;
    const unsigned long long i = std::stoull(text.substr(0, slash), &used);
    if (used != slash) throw std::invalid_argument("index");
    const std::string count_text = text.substr(slash + 1);
    const unsigned long long n = std::stoull(count_text, &used);
    if (used != count_text.size() || n < 1 || i >= n || text[0] == '-') {
      throw std::invalid_argument("range");
    }
    return {i, n};
  } catch (const std::exception&) {
    throw InputError("--shard", "must be i/N with 0 <= i < N", text, "e.g. 0/4, 1/4, 2/4, 3/4");
  }
}

void search_one(CandidateSpace::Cursor& cursor, uint64_t index, const PlanSpec& spec,
                Scenario& scratch, SearchState& state) {
  ++state.combinations;
  if (cursor.space().equivalent(index)) {
    ++state.equivalent;
    return;
  }
  const Materialized m = cursor.materialize(index, scratch);
  if (m.verdict == Verdict::invalid) {
    ++state.invalid[m.reason];
    return;
  }
  if (m.verdict == Verdict::pruned) {
    ++state.pruned[m.reason];
    return;
  }
  const RunResult r = evaluate_candidate(scratch);
  ++state.evaluated;
  if (!r.fits_in_memory) {
    ++state.pruned[kPrunedMemory];
    return;
  }
  const Outcome o = make_outcome(index, scratch, r, spec.spot);
  if (!std::isfinite(o.expected_time_s)) {
    ++state.pruned[kPrunedFailures];
    return;
  }
  state.add(o);
}

SearchState run_search(const CandidateSpace& space, const SearchOptions& options) {
  const int jobs = std::max(1, options.jobs);
  SharedWork shared(space, options);
  std::vector<SearchState> states(static_cast<size_t>(jobs),
                                  empty_state(space.spec(), options.keep));
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) {
    threads.emplace_back([&shared, &states, j] { work(shared, states[static_cast<size_t>(j)]); });
  }
  std::atomic<bool> finished{false};
  std::thread reporter;
  if (options.progress) {
    const uint64_t total = shard_size(space.size(), options.shard);
    // `total` by value: it goes out of scope before the reporter ends.
    reporter = std::thread([&shared, &finished, &options, total] {
      while (!finished) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        options.progress(shared.looked_at.load(), total);
      }
    });
  }
  work(shared, states[0]);
  for (std::thread& t : threads)
    t.join();
  finished = true;
  if (reporter.joinable()) reporter.join();
  if (shared.error) std::rethrow_exception(shared.error);
  SearchState result = empty_state(space.spec(), options.keep);
  for (const SearchState& s : states)
    result.merge(s);
  return result;
}

}  // namespace wt
