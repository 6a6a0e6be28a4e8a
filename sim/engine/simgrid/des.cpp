#include "sim/engine/simgrid/des.hpp"

#include <simgrid/s4u.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <map>
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

// One job of the simulation: its programs, its plan and the state of its current step.
struct DesJob {
  const Workload* w = nullptr;
  const Plan* plan = nullptr;
};

class Simulation {
 public:
  Simulation(std::vector<DesJob> jobs, const SimgridSetup& setup, int steps,
             std::vector<PhaseKey> simulate = {})
      : jobs_(std::move(jobs)),
        setup_(setup),
        steps_(steps),
        usage_(setup, jobs_.front().plan->mirrored_rails),
        replay_(setup.reductions.replay_isolated_all_to_all && jobs_.size() == 1 && steps == 1),
        simulate_(std::move(simulate)),
        occurrences_(jobs_.front().plan->works.size(), 0) {
    std::sort(simulate_.begin(), simulate_.end());
  }

  // Fills result_ (units of the last step), step_end_s_ (per job, per step).
  void run() {
    int argc = 2;
    char name[] = "windtunnel";
    char log[] = "--log=root.thres:critical";
    char* argv[] = {name, log, nullptr};
    sg4::Engine engine(&argc, argv);
    configure(engine);
    std::vector<const Plan*> plans;
    for (const DesJob& j : jobs_)
      plans.push_back(j.plan);
    platform_ = build_platform(plans, setup_);
    mutex_ = sg4::Mutex::create();
    instance_cv_ = sg4::ConditionVariable::create();
    state_.resize(jobs_.size());
    step_end_s_.assign(jobs_.size(), {});
    for (size_t j = 0; j < jobs_.size(); ++j) {
      for (int32_t role : jobs_[j].plan->unit_role)
        total_ops_ += static_cast<int64_t>(jobs_[j].w->programs[role].ops.size()) * steps_;
    }
    if (jobs_.size() == 1 && steps_ == 1) {
      start_step(0);
    } else {
      for (int j = 0; j < static_cast<int>(jobs_.size()); ++j) {
        sg4::Actor::create("job" + std::to_string(j), platform_.controller, [this, j] {
          for (int step = 0; step < steps_; ++step) {
            state_[j].step = step;
            for (const sg4::ActorPtr& a : start_step(j))
              a->join();
            step_end_s_[j].push_back(sg4::Engine::get_clock());
          }
        });
      }
    }
    engine.run();
    finish();
  }

  DesResult single_result() {
    result_.units = std::move(state_.front().timeline);
    return std::move(result_);
  }

  DesJobsResult jobs_result() {
    DesJobsResult out;
    out.step_end_s = std::move(step_end_s_);
    out.last_step = std::move(state_.front().timeline);
    out.flows = result_.flows;
    out.hosts = result_.hosts;
    out.links = std::move(result_.links);
    return out;
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
  struct JobState {
    std::vector<UnitState> units;
    std::vector<InstanceState> instances;
    std::vector<RoleTimeline> timeline;  // parallel to Plan::unit_role (the latest step)
    int step = 0;
  };

  // Resets job j's state for a step starting now and starts one actor per stream of every unit.
  std::vector<sg4::ActorPtr> start_step(int j) {
    const Workload& w = *jobs_[j].w;
    const Plan& plan = *jobs_[j].plan;
    JobState& st = state_[j];
    const double now_s = sg4::Engine::get_clock();
    st.units.assign(static_cast<size_t>(plan.num_units()), {});
    st.instances.assign(plan.instances.size(), {});
    st.timeline.assign(static_cast<size_t>(plan.num_units()), {});
    std::vector<sg4::ActorPtr> actors;
    for (int u = 0; u < plan.num_units(); ++u) {
      const Program& program = w.programs[static_cast<size_t>(plan.unit_role[u])];
      st.units[u].done.assign(program.ops.size(), 0);
      st.units[u].cv = sg4::ConditionVariable::create();
      st.units[u].free_s.fill(now_s);
      st.timeline[u].ops.resize(program.ops.size());
      for (int stream = 0; stream < kNumStreams; ++stream) {
        std::vector<int32_t> queue;
        for (int32_t i = 0; i < static_cast<int32_t>(program.ops.size()); ++i) {
          if (static_cast<int>(program.ops[i].stream) == stream) queue.push_back(i);
        }
        if (queue.empty()) continue;
        std::string name = "u" + std::to_string(u) + "s" + std::to_string(stream);
        if (jobs_.size() > 1) name = "j" + std::to_string(j) + name;
        actors.push_back(
            sg4::Actor::create(name, platform_.controller, [this, j, u, stream, queue] {
              for (int32_t i : queue)
                run_op(j, u, stream, i);
            }));
      }
    }
    return actors;
  }

  int unit_of(const Plan& plan, int role, int position) const {
    return plan.per_role ? role : role * plan.ranks_per_role + position;
  }
  int position(const Plan& plan, int unit) const {
    return plan.per_role ? 0 : unit % plan.ranks_per_role;
  }

  void wait_done(UnitState& unit, int32_t op) {
    std::unique_lock<sg4::Mutex> lock(*mutex_);
    while (!unit.done[op])
      unit.cv->wait(lock);
  }

  void mark_done(UnitState& unit, int32_t op) {
    std::unique_lock<sg4::Mutex> lock(*mutex_);
    unit.done[op] = 1;
    unit.cv->notify_all();
  }

  void run_op(int j, int unit, int stream, int32_t index) {
    const Plan& plan = *jobs_[j].plan;
    JobState& st = state_[j];
    const Op& op = jobs_[j].w->programs[static_cast<size_t>(plan.unit_role[unit])].ops[index];
    const double ready_s = st.units[unit].free_s[stream];
    for (int32_t dep : op.deps) {
      if (dep >= 0) wait_done(st.units[unit], dep);
    }
    double transfer_s = -1.0;  // ≥ 0 when the op waited for a pipeline peer
    if (op.kind == OpKind::recv) {
      const int peer = unit_of(plan, op.peer_role, position(plan, unit));
      wait_done(st.units[peer], op.peer_op);
      const OpTiming& sent = st.timeline[peer].ops[op.peer_op];
      transfer_s = sent.end_s - sent.start_s;
    }
    OpTiming& t = st.timeline[unit].ops[index];
    t.start_s = sg4::Engine::get_clock();
    const double wait_s = t.start_s - ready_s;
    if (stream == static_cast<int>(Stream::compute) && wait_s > 0.0) {
      t.wait_comm_s = transfer_s >= 0.0 ? std::min(wait_s, transfer_s) : wait_s;
      t.wait_bubble_s = wait_s - t.wait_comm_s;
    }
    execute(j, unit, index, op);
    t.end_s = sg4::Engine::get_clock();
    st.units[unit].free_s[stream] = t.end_s;
    mark_done(st.units[unit], index);
    report_progress();
  }

  void execute(int j, int unit, int32_t index, const Op& op) {
    if (op.kind == OpKind::compute) {
      if (op.duration_s > 0.0) sg4::this_actor::sleep_for(op.duration_s * compute_scale(j));
      return;
    }
    const int32_t inst = jobs_[j].plan->op_instance[unit][index];
    if (inst >= 0) meet(j, inst);
  }

  // What job j's compute takes in its current step relative to the op's duration (async workers'
  // stragglers; 1 otherwise).
  double compute_scale(int j) const {
    const auto& scale = setup_.async.compute_scale;
    if (static_cast<size_t>(j) >= scale.size()) return 1.0;
    const auto& steps = scale[static_cast<size_t>(j)];
    const auto k = static_cast<size_t>(state_[static_cast<size_t>(j)].step);
    return k < steps.size() ? steps[k] : 1.0;
  }

  // The last of the expected units to arrive runs the work; the others wait for it.
  void meet(int j, int32_t id) {
    const Plan& plan = *jobs_[j].plan;
    const Instance& spec = plan.instances[id];
    if (spec.expected <= 1) {
      run_work(plan, spec.work);
      return;
    }
    InstanceState& st = state_[j].instances[id];
    if (++st.arrived < spec.expected) {
      std::unique_lock<sg4::Mutex> lock(*mutex_);
      while (!st.done)
        instance_cv_->wait(lock);
      return;
    }
    run_work(plan, spec.work);
    std::unique_lock<sg4::Mutex> lock(*mutex_);
    st.done = true;
    instance_cv_->notify_all();
  }

  void run_work(const Plan& plan, int32_t id) {
    const CommWork& work = plan.works[static_cast<size_t>(id)];
    const int64_t occurrence = replay_ ? occurrences_[static_cast<size_t>(id)]++ : 0;
    std::vector<sg4::CommPtr> comms;
    for (int32_t p = 0; p < static_cast<int32_t>(work.phases.size()); ++p) {
      const FlowPhase& phase = work.phases[static_cast<size_t>(p)];
      if (phase.sleep_s > 0.0) sg4::this_actor::sleep_for(phase.sleep_s);
      if (!phase.closed_flows.empty()) usage_.add_closed_phase(phase, sg4::Engine::get_clock());
      if (phase.flows.empty()) continue;
      const double start_s = sg4::Engine::get_clock();
      const bool alone = begin_phase();
      const bool candidate = replay_ && work.replayable && alone;
      if (candidate &&
          !std::binary_search(simulate_.begin(), simulate_.end(), PhaseKey{id, occurrence, p})) {
        if (auto it = alone_runs_.find({id, p}); it != alone_runs_.end()) {
          replay(phase, it->second, {id, occurrence, p}, start_s);
          continue;
        }
      }
      const int64_t starts = phase_starts_;
      ++in_flight_;
      comms.clear();
      for (const Flow& f : phase.flows) {
        comms.push_back(sg4::Comm::sendto_async(platform_.gpu_host[f.src],
                                                platform_.gpu_host[f.dst], wire_bytes(f.bytes)));
      }
      sg4::Comm::wait_all(comms);
      --in_flight_;
      if (candidate && phase_starts_ == starts && !alone_runs_.contains({id, p})) {
        AloneRun& run = alone_runs_[{id, p}];  // ran alone from start to end: replayable
        run.duration_s = sg4::Engine::get_clock() - start_s;
        for (const sg4::CommPtr& c : comms)
          run.flow_s.push_back(c->get_finish_time() - start_s);
      }
      for (size_t i = 0; i < comms.size(); ++i)
        usage_.add_flow(phase.flows[i], start_s, comms[i]->get_finish_time());
      result_.flows += static_cast<int64_t>(comms.size());
    }
  }

  // Reduction D. A phase starts its flows now: whether no flow is in flight (simulated or
  // replayed); a replayed phase still in flight is a conflict.
  bool begin_phase() {
    ++phase_starts_;
    const bool replaying = sg4::Engine::get_clock() < replay_end_s_;
    if (replaying && !replay_conflict_) {
      result_.conflicts.push_back(replay_key_);
      replay_conflict_ = true;
    }
    return in_flight_ == 0 && !replaying;
  }

  struct AloneRun {
    double duration_s = 0.0;
    std::vector<double> flow_s;  // per flow of the phase: its finish, from the phase's start
  };

  // What the phase's flows did when they last ran alone, without simulating them: exact while no
  // other flow runs, which begin_phase checks for every phase that starts before it ends.
  void replay(const FlowPhase& phase, const AloneRun& run, PhaseKey key, double start_s) {
    replay_key_ = key;
    replay_end_s_ = start_s + run.duration_s;
    replay_conflict_ = false;
    sg4::this_actor::sleep_for(run.duration_s);
    for (size_t i = 0; i < phase.flows.size(); ++i)
      usage_.add_flow(phase.flows[i], start_s, start_s + run.flow_s[i]);
    result_.flows += static_cast<int64_t>(phase.flows.size());
    ++result_.replayed;
  }

  void report_progress() {
    ++ops_done_;
    if (!setup_.progress) return;
    const int64_t step = std::max<int64_t>(1, total_ops_ / 100);
    if (ops_done_ % step == 0 || ops_done_ == total_ops_) {
      setup_.progress(static_cast<double>(ops_done_) / static_cast<double>(total_ops_));
    }
  }

  void finish() {
    if (ops_done_ != total_ops_) {
      throw std::logic_error("SimGrid simulation ended with " +
                             std::to_string(total_ops_ - ops_done_) +
                             " ops blocked (schedule deadlock)");
    }
    for (JobState& job : state_) {
      for (RoleTimeline& unit : job.timeline) {
        for (const OpTiming& t : unit.ops)
          unit.end_s = std::max(unit.end_s, t.end_s);
      }
    }
    result_.hosts = platform_.hosts;
    result_.links = usage_.finish();
  }

  std::vector<DesJob> jobs_;
  const SimgridSetup& setup_;
  int steps_;
  Platform platform_;
  sg4::MutexPtr mutex_;
  sg4::ConditionVariablePtr instance_cv_;
  std::vector<JobState> state_;
  std::vector<std::vector<double>> step_end_s_;
  DesResult result_;
  LinkUsage usage_;
  int64_t total_ops_ = 0;
  int64_t ops_done_ = 0;
  // Reduction D (single-job, single-step runs only).
  bool replay_;
  std::vector<PhaseKey> simulate_;                              // sorted: phases never replayed
  std::vector<int64_t> occurrences_;                            // per work of the plan: runs so far
  std::map<std::pair<int32_t, int32_t>, AloneRun> alone_runs_;  // by (work, phase)
  int64_t in_flight_ = 0;     // simulated phases whose flows are in flight
  int64_t phase_starts_ = 0;  // phases that started flows (simulated or replayed)
  double replay_end_s_ = -1.0;
  PhaseKey replay_key_{};
  bool replay_conflict_ = false;
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

void encode_links(std::string& out, const std::vector<LinkTraffic>& links) {
  put<uint64_t>(out, links.size());
  for (const LinkTraffic& l : links) {
    put<int32_t>(out, l.link);
    put<double>(out, l.bytes);
    put<double>(out, l.busy_s);
    put<double>(out, l.line_rate_s);
  }
}

std::vector<LinkTraffic> decode_links(const std::string& bytes, size_t& at) {
  std::vector<LinkTraffic> links(get<uint64_t>(bytes, at));
  for (LinkTraffic& l : links) {
    l.link = get<int32_t>(bytes, at);
    l.bytes = get<double>(bytes, at);
    l.busy_s = get<double>(bytes, at);
    l.line_rate_s = get<double>(bytes, at);
  }
  return links;
}

void encode_units(std::string& out, const std::vector<RoleTimeline>& units) {
  put<uint64_t>(out, units.size());
  for (const RoleTimeline& u : units) {
    put<uint64_t>(out, u.ops.size());
    put<double>(out, u.end_s);
    for (const OpTiming& t : u.ops) {
      for (double v : {t.start_s, t.end_s, t.wait_bubble_s, t.wait_comm_s})
        put<double>(out, v);
    }
  }
}

std::vector<RoleTimeline> decode_units(const std::string& bytes, size_t& at) {
  std::vector<RoleTimeline> units(get<uint64_t>(bytes, at));
  for (RoleTimeline& u : units) {
    u.ops.resize(get<uint64_t>(bytes, at));
    u.end_s = get<double>(bytes, at);
    for (OpTiming& t : u.ops) {
      t.start_s = get<double>(bytes, at);
      t.end_s = get<double>(bytes, at);
      t.wait_bubble_s = get<double>(bytes, at);
      t.wait_comm_s = get<double>(bytes, at);
    }
  }
  return units;
}

}  // namespace

DesResult run_des(const Workload& w, const Plan& plan, const SimgridSetup& setup,
                  const std::vector<PhaseKey>& simulate) {
  Simulation sim({DesJob{&w, &plan}}, setup, 1, simulate);
  sim.run();
  return sim.single_result();
}

DesJobsResult run_des_jobs(const std::vector<const Workload*>& workloads,
                           const std::vector<Plan>& plans, const SimgridSetup& setup, int steps) {
  std::vector<DesJob> jobs;
  for (size_t j = 0; j < plans.size(); ++j)
    jobs.push_back({workloads[j], &plans[j]});
  Simulation sim(std::move(jobs), setup, steps);
  sim.run();
  return sim.jobs_result();
}

std::string encode(const DesResult& r) {
  std::string out;
  put<int64_t>(out, r.flows);
  put<int64_t>(out, r.hosts);
  encode_units(out, r.units);
  encode_links(out, r.links);
  put<int64_t>(out, r.replayed);
  put<uint64_t>(out, r.conflicts.size());
  for (const PhaseKey& k : r.conflicts) {
    put<int32_t>(out, k.work);
    put<int64_t>(out, k.occurrence);
    put<int32_t>(out, k.phase);
  }
  return out;
}

DesResult decode(const std::string& bytes) {
  DesResult r;
  size_t at = 0;
  r.flows = get<int64_t>(bytes, at);
  r.hosts = get<int64_t>(bytes, at);
  r.units = decode_units(bytes, at);
  r.links = decode_links(bytes, at);
  r.replayed = get<int64_t>(bytes, at);
  r.conflicts.resize(get<uint64_t>(bytes, at));
  for (PhaseKey& k : r.conflicts) {
    k.work = get<int32_t>(bytes, at);
    k.occurrence = get<int64_t>(bytes, at);
    k.phase = get<int32_t>(bytes, at);
  }
  return r;
}

std::string encode(const DesJobsResult& r) {
  std::string out;
  put<int64_t>(out, r.flows);
  put<int64_t>(out, r.hosts);
  put<uint64_t>(out, r.step_end_s.size());
  for (const std::vector<double>& job : r.step_end_s) {
    put<uint64_t>(out, job.size());
    for (double v : job)
      put<double>(out, v);
  }
  encode_units(out, r.last_step);
  encode_links(out, r.links);
  return out;
}

DesJobsResult decode_jobs(const std::string& bytes) {
  DesJobsResult r;
  size_t at = 0;
  r.flows = get<int64_t>(bytes, at);
  r.hosts = get<int64_t>(bytes, at);
  r.step_end_s.resize(get<uint64_t>(bytes, at));
  for (std::vector<double>& job : r.step_end_s) {
    job.resize(get<uint64_t>(bytes, at));
    for (double& v : job)
      v = get<double>(bytes, at);
  }
  r.last_step = decode_units(bytes, at);
  r.links = decode_links(bytes, at);
  return r;
}

}  // namespace wt::sg
