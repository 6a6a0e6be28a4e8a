#include "sim/engine/simgrid/des.hpp"

#include <simgrid/s4u.hpp>

#include <array>
#include <cmath>
#include <cstring>
#include <mutex>
#include <stdexcept>

#include "sim/engine/simgrid/link_usage.hpp"
#include "sim/engine/simgrid/platform.hpp"

namespace wt::sg {
namespace {

namespace sg4 = simgrid::s4u;

// CM02 without cross-traffic and TCP-gamma: an uncontended flow takes latency + bytes/bandwidth
// exactly (docs/engine.md, "SimGrid 3.32 facts").
void configure(sg4::Engine& e) {
  e.set_config("network/model:CM02");
  e.set_config("network/crosstraffic:0");
  e.set_config("network/TCP-gamma:0");
}

uint64_t wire_bytes(double bytes) {
  return static_cast<uint64_t>(std::max<long long>(1, std::llround(bytes)));
}

class Simulation {
 public:
  Simulation(const Workload& w, const Plan& plan, const SimgridSetup& setup)
      : w_(w), plan_(plan), setup_(setup), usage_(setup, plan.mirrored_rails) {}

  DesResult run() {
    int argc = 2;
    char name[] = "windtunnel";
    char log[] = "--log=root.thres:critical";
    char* argv[] = {name, log, nullptr};
    sg4::Engine engine(&argc, argv);
    configure(engine);
    platform_ = build_platform(plan_, setup_);
    mutex_ = sg4::Mutex::create();
    instance_cv_ = sg4::ConditionVariable::create();
    instances_.assign(plan_.instances.size(), {});
    start_actors();
    engine.run();
    return finish();
  }

 private:
  struct UnitState {
    std::vector<char> done;
    sg4::ConditionVariablePtr cv;
    std::array<double, kNumStreams> free_s{};
  };
  struct InstanceState {
    int32_t arrived = 0;
    bool done = false;
  };

  void start_actors() {
    result_.units.resize(static_cast<size_t>(plan_.num_units()));
    units_.resize(static_cast<size_t>(plan_.num_units()));
    for (int u = 0; u < plan_.num_units(); ++u) {
      const Program& program = w_.programs[static_cast<size_t>(plan_.unit_role[u])];
      units_[u].done.assign(program.ops.size(), 0);
      units_[u].cv = sg4::ConditionVariable::create();
      result_.units[u].ops.resize(program.ops.size());
      total_ops_ += static_cast<int64_t>(program.ops.size());
      for (int stream = 0; stream < kNumStreams; ++stream) {
        std::vector<int32_t> queue;
        for (int32_t i = 0; i < static_cast<int32_t>(program.ops.size()); ++i) {
          if (static_cast<int>(program.ops[i].stream) == stream) queue.push_back(i);
        }
        if (queue.empty()) continue;
        sg4::Actor::create("u" + std::to_string(u) + "s" + std::to_string(stream),
                           platform_.controller, [this, u, stream, queue] {
                             for (int32_t i : queue)
                               run_op(u, stream, i);
                           });
      }
    }
  }

  int unit_of(int role, int position) const {
    return plan_.per_role ? role : role * plan_.ranks_per_role + position;
  }
  int position(int unit) const { return plan_.per_role ? 0 : unit % plan_.ranks_per_role; }

  void wait_done(int unit, int32_t op) {
    std::unique_lock<sg4::Mutex> lock(*mutex_);
    while (!units_[unit].done[op])
      units_[unit].cv->wait(lock);
  }

  void mark_done(int unit, int32_t op) {
    std::unique_lock<sg4::Mutex> lock(*mutex_);
    units_[unit].done[op] = 1;
    units_[unit].cv->notify_all();
  }

  void run_op(int unit, int stream, int32_t index) {
    const Op& op = w_.programs[static_cast<size_t>(plan_.unit_role[unit])].ops[index];
    const double ready_s = units_[unit].free_s[stream];
    for (int32_t dep : op.deps) {
      if (dep >= 0) wait_done(unit, dep);
    }
    double transfer_s = -1.0;  // ≥ 0 when the op waited for a pipeline peer
    if (op.kind == OpKind::recv) {
      const int peer = unit_of(op.peer_role, position(unit));
      wait_done(peer, op.peer_op);
      const OpTiming& sent = result_.units[peer].ops[op.peer_op];
      transfer_s = sent.end_s - sent.start_s;
    }
    OpTiming& t = result_.units[unit].ops[index];
    t.start_s = sg4::Engine::get_clock();
    const double wait_s = t.start_s - ready_s;
    if (stream == static_cast<int>(Stream::compute) && wait_s > 0.0) {
      t.wait_comm_s = transfer_s >= 0.0 ? std::min(wait_s, transfer_s) : wait_s;
      t.wait_bubble_s = wait_s - t.wait_comm_s;
    }
    execute(unit, index, op);
    t.end_s = sg4::Engine::get_clock();
    units_[unit].free_s[stream] = t.end_s;
    mark_done(unit, index);
    report_progress();
  }

  void execute(int unit, int32_t index, const Op& op) {
    if (op.kind == OpKind::compute) {
      if (op.duration_s > 0.0) sg4::this_actor::sleep_for(op.duration_s);
      return;
    }
    const int32_t inst = plan_.op_instance[unit][index];
    if (inst >= 0) meet(inst);
  }

  // The last of the expected units to arrive runs the work; the others wait for it.
  void meet(int32_t id) {
    const Instance& spec = plan_.instances[id];
    if (spec.expected <= 1) {
      run_work(plan_.works[spec.work]);
      return;
    }
    InstanceState& st = instances_[id];
    if (++st.arrived < spec.expected) {
      std::unique_lock<sg4::Mutex> lock(*mutex_);
      while (!st.done)
        instance_cv_->wait(lock);
      return;
    }
    run_work(plan_.works[spec.work]);
    std::unique_lock<sg4::Mutex> lock(*mutex_);
    st.done = true;
    instance_cv_->notify_all();
  }

  void run_work(const CommWork& work) {
    std::vector<sg4::CommPtr> comms;
    for (const FlowPhase& phase : work.phases) {
      if (phase.sleep_s > 0.0) sg4::this_actor::sleep_for(phase.sleep_s);
      if (!phase.closed_flows.empty()) usage_.add_closed_phase(phase, sg4::Engine::get_clock());
      if (phase.flows.empty()) continue;
      comms.clear();
      const double start_s = sg4::Engine::get_clock();
      for (const Flow& f : phase.flows) {
        comms.push_back(sg4::Comm::sendto_async(platform_.gpu_host[f.src],
                                                platform_.gpu_host[f.dst], wire_bytes(f.bytes)));
      }
      sg4::Comm::wait_all(comms);
      for (size_t i = 0; i < comms.size(); ++i)
        usage_.add_flow(phase.flows[i], start_s, comms[i]->get_finish_time());
      result_.flows += static_cast<int64_t>(comms.size());
    }
  }

  void report_progress() {
    ++ops_done_;
    if (!setup_.progress) return;
    const int64_t step = std::max<int64_t>(1, total_ops_ / 100);
    if (ops_done_ % step == 0 || ops_done_ == total_ops_) {
      setup_.progress(static_cast<double>(ops_done_) / static_cast<double>(total_ops_));
    }
  }

  DesResult finish() {
    if (ops_done_ != total_ops_) {
      throw std::logic_error("SimGrid simulation ended with " +
                             std::to_string(total_ops_ - ops_done_) +
                             " ops blocked (schedule deadlock)");
    }
    for (RoleTimeline& unit : result_.units) {
      for (const OpTiming& t : unit.ops)
        unit.end_s = std::max(unit.end_s, t.end_s);
    }
    result_.hosts = platform_.hosts;
    result_.links = usage_.finish();
    return std::move(result_);
  }

  const Workload& w_;
  const Plan& plan_;
  const SimgridSetup& setup_;
  Platform platform_;
  sg4::MutexPtr mutex_;
  sg4::ConditionVariablePtr instance_cv_;
  std::vector<UnitState> units_;
  std::vector<InstanceState> instances_;
  DesResult result_;
  LinkUsage usage_;
  int64_t total_ops_ = 0;
  int64_t ops_done_ = 0;
};

template <class T>
void put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

template <class T>
T get(const std::string& in, size_t& at) {
  if (at + sizeof(T) > in.size()) throw std::runtime_error("SimGrid engine: truncated result");
  T v;
  std::memcpy(&v, in.data() + at, sizeof v);
  at += sizeof v;
  return v;
}

}  // namespace

DesResult run_des(const Workload& w, const Plan& plan, const SimgridSetup& setup) {
  return Simulation(w, plan, setup).run();
}

std::string encode(const DesResult& r) {
  std::string out;
  put<int64_t>(out, r.flows);
  put<int64_t>(out, r.hosts);
  put<uint64_t>(out, r.units.size());
  for (const RoleTimeline& u : r.units) {
    put<uint64_t>(out, u.ops.size());
    put<double>(out, u.end_s);
    for (const OpTiming& t : u.ops) {
      for (double v : {t.start_s, t.end_s, t.wait_bubble_s, t.wait_comm_s})
        put<double>(out, v);
    }
  }
  put<uint64_t>(out, r.links.size());
  for (const LinkTraffic& l : r.links) {
    put<int32_t>(out, l.link);
    put<double>(out, l.bytes);
    put<double>(out, l.busy_s);
  }
  return out;
}

DesResult decode(const std::string& bytes) {
  DesResult r;
  size_t at = 0;
  r.flows = get<int64_t>(bytes, at);
  r.hosts = get<int64_t>(bytes, at);
  r.units.resize(get<uint64_t>(bytes, at));
  for (RoleTimeline& u : r.units) {
    u.ops.resize(get<uint64_t>(bytes, at));
    u.end_s = get<double>(bytes, at);
    for (OpTiming& t : u.ops) {
      t.start_s = get<double>(bytes, at);
      t.end_s = get<double>(bytes, at);
      t.wait_bubble_s = get<double>(bytes, at);
      t.wait_comm_s = get<double>(bytes, at);
    }
  }
  r.links.resize(get<uint64_t>(bytes, at));
  for (LinkTraffic& l : r.links) {
    l.link = get<int32_t>(bytes, at);
    l.bytes = get<double>(bytes, at);
    l.busy_s = get<double>(bytes, at);
  }
  return r;
}

}  // namespace wt::sg
