// Issue 18, item 5: the resource budget. The closed-form link and vertex counts equal the built
// topology (tori, dragonflies) or bound it (fat trees); the estimates refuse, with the figures and
// the option that raises the limit, what passes the default limits; the trace event count equals
// the events write_chrome_trace() writes; a plan's search time is candidates / rate / threads.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "planner/search/search_budget.hpp"
#include "sim/engine/budget.hpp"
#include "sim/report/chrome_trace.hpp"
#include "sim/report/trace_size.hpp"
#include "sim/run.hpp"
#include "sim/scenario/parse.hpp"
#include "topology/topology.hpp"

namespace wt {
namespace {

Scenario shipped(const std::string& name, const std::vector<std::string>& sets = {}) {
  return load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/" + name + ".json", sets);
}

// The number of elements of a Chrome trace's event array (the document itself, or its
// "traceEvents"), read by a SAX parse: the same JSON check as parsing the whole document, without
// building it (in the sanitizer build, the allocations were most of the test's time). -1 when
// the document has no event array.
class TraceEventCounter : public nlohmann::json_sax<nlohmann::json> {
 public:
  int64_t events = -1;

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    value();
    open_.push_back(false);
    return true;
  }
  bool key(string_t& k) override {
    events_key_ = open_.size() == 1 && k == "traceEvents";
    return true;
  }
  bool end_object() override {
    open_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override {
    const bool events_array = open_.empty() || events_key_;  // the document, or "traceEvents"
    value();
    if (events_array) events = 0;  // a repeated key: the last one counts, as when parsed whole
    open_.push_back(events_array);
    return true;
  }
  bool end_array() override {
    open_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  bool value() {
    if (!open_.empty() && open_.back()) ++events;
    events_key_ = false;
    return true;
  }
  std::vector<bool> open_;  // per open container: whether it is the event array
  bool events_key_ = false;
};

void expect_counts(const Scenario& s, bool exact) {
  SCOPED_TRACE(s.name);
  int64_t vertices = 0;
  int64_t links = 0;
  count_topology(s.cluster, vertices, links);
  const auto t = topo::build_topology(s.cluster, 100e9);
  const auto built_links = static_cast<int64_t>(t->links().size());
  const auto built_vertices = static_cast<int64_t>(t->vertices().size());
  if (exact) {
    EXPECT_EQ(links, built_links);
    EXPECT_EQ(vertices, built_vertices);
  } else {
    EXPECT_GE(links, built_links);
    EXPECT_LE(links, 3 * built_links);  // a bound, and not a loose one
    EXPECT_GE(vertices, built_vertices);
  }
}

TEST(Budget, TopologyCountsMatchTheBuiltGraph) {
  expect_counts(shipped("torus-llama2-7b"), true);
  expect_counts(shipped("torus-3d-gpt3-13b"), true);
  expect_counts(shipped("dragonfly-llama3-8b"), true);
  expect_counts(shipped("llama3-8b-1node-h100"), true);  // one node: no network
  expect_counts(shipped("gpt3-175b-1024-a100"), false);
  expect_counts(shipped("oversubscribed-fat-tree-llama2-13b"), false);
  expect_counts(shipped("rail-fat-tree-llama3-70b"), false);
}

// Issue 18: 4 groups of 4,096 routers of 4,096 nodes each for a 32-node job. Network links
// 2 × (32·8 NICs + 4·C(4096,2) local + C(4,2)·m global), m = 4096·h/3; the local links alone are
// 2 · 4 · 8,386,560 = 67,092,480, at 64 B each 4.0 GiB, over the 4 GiB default with the rest.
TEST(Budget, HugeDragonflyIsRefusedBeforeItIsBuilt) {
  const Scenario s =
      shipped("dragonfly-llama3-8b", {"cluster.network.dragonfly.nodes_per_router=4096",
                                      "cluster.network.dragonfly.routers_per_group=4096"});
  const ResourceEstimate e = estimate_resources(s, true, false);
  EXPECT_GT(e.links, 67'092'480);
  EXPECT_LT(e.links, 67'200'000);
  try {
    check_resources(e, ResourceLimits{});
    FAIL() << "expected a refusal";
  } catch (const InputError& err) {
    EXPECT_EQ(err.path(), "--max-memory");
    EXPECT_NE(std::string(err.what()).find("6.71e+07 links"), std::string::npos) << err.what();
    EXPECT_NE(std::string(err.what()).find("--max-memory 16GiB"), std::string::npos);
  }
  ResourceLimits raised;
  raised.memory_bytes = 16 * kGiB;
  EXPECT_NO_THROW(check_resources(e, raised));
}

// SimGrid: 60 B × GPUs^1.5 — 8,192 GPUs: 60 · 741,455 = 44.5 MB; 1,000,000 GPUs: 60 GB.
TEST(Budget, SimgridMemoryGrowsWithTheGpus) {
  const Scenario small = shipped("gpt3-175b-1024-a100");
  const ResourceEstimate e = estimate_resources(small, false, true);
  EXPECT_NEAR(e.simgrid_bytes, 60.0 * 1024.0 * 32.0, 1.0);  // 1,024^1.5 = 32,768
  EXPECT_NO_THROW(check_resources(e, ResourceLimits{}));
  const Scenario million = shipped(
      "torus-llama2-7b", {"cluster.network.torus.dims=[100,100,100]", "cluster.num_nodes=1000000",
                          "parallel.data=1000000", "parallel.tensor=1", "cluster.gpus_per_node=1",
                          "cluster.network.nics_per_node=1", "training.global_batch_size=1000000"});
  const ResourceEstimate m = estimate_resources(million, false, true);
  EXPECT_NEAR(m.simgrid_bytes, 60e9, 1e6);
  EXPECT_THROW(check_resources(m, ResourceLimits{}), InputError);
  EXPECT_EQ(estimate_resources(million, false, false).memory_bytes(), 0.0);  // analytical
}

TEST(Budget, TraceEventCountIsWhatTheWriterWrites) {
  for (const char* name : {"llama3-8b-1node-h100", "mixtral-8x7b-ep", "interleaved-gpt3-13b"}) {
    SCOPED_TRACE(name);
    const Scenario s = shipped(name);
    const RunOutput out = run_scenario(s);
    std::ostringstream text;
    write_chrome_trace(text, s, out.workload, out.timeline);
    TraceEventCounter events;
    ASSERT_TRUE(nlohmann::json::sax_parse(text.str(), &events)) << "not JSON";
    EXPECT_EQ(chrome_trace_event_count(out.workload, out.timeline),
              static_cast<double>(events.events));
    EXPECT_LT(static_cast<double>(text.str().size()),
              chrome_trace_event_count(out.workload, out.timeline) * kTraceBytesPerEvent);
  }
  ResourceLimits limits;
  limits.trace_bytes = 1000.0;
  EXPECT_NO_THROW(check_trace_size(8.0, limits));  // 8 · 125 = 1,000 B
  try {
    check_trace_size(9.0, limits);
    FAIL() << "expected a refusal";
  } catch (const InputError& err) {
    EXPECT_EQ(err.path(), "--max-trace");
  }
}

// 10^10 candidates at 15,000/s on 8 threads: 83,333 s = 23.1 h, over the 1 h default.
TEST(Budget, SearchTimeIsCandidatesOverRateAndThreads) {
  const SearchEstimate e = estimate_search(10'000'000'000ULL, 8);
  EXPECT_NEAR(e.seconds, 1e10 / (15000.0 * 8), 1e-6);
  EXPECT_EQ(duration_text(e.seconds), "23.1 h");
  try {
    check_search_time(e, kDefaultMaxSearch_s);
    FAIL() << "expected a refusal";
  } catch (const InputError& err) {
    EXPECT_EQ(err.path(), "--max-search-time");
    EXPECT_NE(std::string(err.what()).find("10000000000 candidates"), std::string::npos);
  }
  EXPECT_NO_THROW(check_search_time(estimate_search(54'000'000, 1), kDefaultMaxSearch_s));
  EXPECT_EQ(estimate_search(10, 0).jobs, 1);
}

TEST(Budget, ByteText) {
  EXPECT_EQ(byte_text(900), "900 B");
  EXPECT_EQ(byte_text(4.0 * kGiB), "4 GiB");
  EXPECT_EQ(byte_text(1.5 * 1024 * 1024), "1.5 MiB");
}

}  // namespace
}  // namespace wt
