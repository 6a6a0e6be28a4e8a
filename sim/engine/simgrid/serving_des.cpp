#include "sim/engine/simgrid/serving_des.hpp"

#include <simgrid/s4u.hpp>

#include <cstring>
#include <memory>
#include <stdexcept>
#include <type_traits>

#include "sim/engine/simgrid/isolated_run.hpp"
#include "sim/engine/simgrid/sparse_route_zone.hpp"

namespace wt::serving {
namespace {

namespace sg4 = simgrid::s4u;

template <class T>
void put(std::string& out, const std::vector<T>& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  const uint64_t n = v.size();
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  out.append(reinterpret_cast<const char*>(v.data()), n * sizeof(T));
}

template <class T>
std::vector<T> take(const std::string& in, std::size_t& at) {
  uint64_t n = 0;
  if (at + sizeof n > in.size()) throw std::runtime_error("serving simulation: truncated result");
  std::memcpy(&n, in.data() + at, sizeof n);
  at += sizeof n;
  if (n > (in.size() - at) / sizeof(T)) {
    throw std::runtime_error("serving simulation: truncated result");
  }
  std::vector<T> v(n);
  if (n > 0) std::memcpy(static_cast<void*>(v.data()), in.data() + at, n * sizeof(T));
  at += n * sizeof(T);
  return v;
}

std::string encode(const SimulationOutput& o) {
  std::string out;
  put(out, o.requests);
  put(out, o.steps);
  put(out, o.replicas);
  put(out, std::vector<double>{o.end_s});
  return out;
}

SimulationOutput decode(const std::string& bytes) {
  std::size_t at = 0;
  SimulationOutput o;
  o.requests = take<RequestRecord>(bytes, at);
  o.steps = take<StepRecord>(bytes, at);
  o.replicas = take<ReplicaStats>(bytes, at);
  o.end_s = take<double>(bytes, at).at(0);
  return o;
}

class Simulation {
 public:
  Simulation(const SimulationInput& in, const StepTimeFn& step_time_s)
      : in_(in), step_time_s_(step_time_s) {}

  SimulationOutput run() {
    int argc = 2;
    char name[] = "windtunnel-serve";
    char log[] = "--log=root.thres:critical";
    char* argv[] = {name, log, nullptr};
    sg4::Engine engine(&argc, argv);
    auto* zone = sg::create_sparse_route_zone("serving");
    sg4::Host* host = zone->create_host("replicas", 1e9);
    zone->seal();
    out_.requests.assign(in_.requests.size(), RequestRecord{});
    out_.replicas.assign(in_.replicas, ReplicaStats{});
    mutex_ = sg4::Mutex::create();
    for (int r = 0; r < in_.replicas; ++r) {
      replicas_.push_back(
          std::make_unique<Replica>(Replica{Scheduler(in_.limits, in_.requests, out_.requests, r),
                                            sg4::ConditionVariable::create()}));
    }
    sg4::Actor::create("arrivals", host, [this] { arrivals(); });
    for (int r = 0; r < in_.replicas; ++r) {
      sg4::Actor::create("replica" + std::to_string(r), host, [this, r] { serve(r); });
    }
    engine.run();
    out_.end_s = sg4::Engine::get_clock();
    return std::move(out_);
  }

 private:
  struct Replica {
    Scheduler scheduler;
    sg4::ConditionVariablePtr cv;
  };

  int route(std::size_t request) {
    if (in_.router == Router::round_robin) return static_cast<int>(request % replicas_.size());
    int best = 0;
    for (int r = 1; r < static_cast<int>(replicas_.size()); ++r) {
      if (replicas_[r]->scheduler.load() < replicas_[best]->scheduler.load()) best = r;
    }
    return best;
  }

  void arrivals() {
    for (std::size_t i = 0; i < in_.requests.size(); ++i) {
      const double wait = in_.requests[i].arrival_s - sg4::Engine::get_clock();
      if (wait > 0.0) sg4::this_actor::sleep_for(wait);
      const int r = route(i);
      replicas_[r]->scheduler.enqueue(static_cast<int32_t>(i));
      replicas_[r]->cv->notify_all();
    }
    arrivals_done_ = true;
    for (auto& rep : replicas_) {
      rep->cv->notify_all();
    }
  }

  void serve(int r) {
    Replica& rep = *replicas_[r];
    ReplicaStats& stats = out_.replicas[r];
    for (;;) {
      const double now = sg4::Engine::get_clock();
      const StepPlan plan = rep.scheduler.plan(now);
      if (plan.empty()) {
        if (arrivals_done_ && !rep.scheduler.has_work()) break;
        std::unique_lock lock(*mutex_);
        rep.cv->wait(lock);
        continue;
      }
      const double duration = plan.fixed_s >= 0.0 ? plan.fixed_s : step_time_s_(plan.work);
      const int64_t blocks = rep.scheduler.used_blocks();
      if (duration > 0.0) sg4::this_actor::sleep_for(duration);
      stats.busy_s += duration;
      stats.kv_block_seconds += static_cast<double>(blocks) * duration;
      stats.peak_kv_blocks = std::max(stats.peak_kv_blocks, blocks);
      ++stats.steps;
      if (in_.record_steps) {
        out_.steps.push_back(StepRecord{r, static_cast<int32_t>(plan.work.prefill_tokens),
                                        static_cast<int32_t>(plan.work.decode_seqs), now,
                                        duration});
      }
      rep.scheduler.complete(sg4::Engine::get_clock());
    }
    stats.preemptions = rep.scheduler.preemptions();
    stats.rejected = rep.scheduler.rejected();
  }

  const SimulationInput& in_;
  const StepTimeFn& step_time_s_;
  SimulationOutput out_;
  sg4::MutexPtr mutex_;
  std::vector<std::unique_ptr<Replica>> replicas_;
  bool arrivals_done_ = false;
};

}  // namespace

SimulationOutput simulate(const SimulationInput& in, const StepTimeFn& step_time_s) {
  return decode(sg::run_isolated([&] { return encode(Simulation(in, step_time_s).run()); }));
}

}  // namespace wt::serving
