// NCCL collectives over every visible GPU from one thread: one communicator per GPU
// (ncclCommInitAll), each call of a collective issued for all GPUs inside one NCCL group, timed
// with events on every participating GPU's stream (the slowest GPU's time counts).
#include <nccl.h>

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "calibrate/cuda_util.cuh"

namespace wt::calibrate::gpu {
namespace {

constexpr uint64_t kMarginBytes = 1ull << 30;  // left free for NCCL's own buffers

void check_nccl(ncclResult_t r, const char* what) {
  if (r == ncclSuccess) return;
  throw GpuFailure(std::string(what) + ": " + ncclGetErrorString(r));
}

struct DestroyComm {
  void operator()(ncclComm_t c) const { ncclCommDestroy(c); }
};
using Comm = Owner<ncclComm_t, DestroyComm>;

// One call of a collective: its nccl-tests size and what each participating rank issues.
struct Call {
  double bytes = 0.0;
  std::vector<int> ranks;
  std::function<void(int rank)> issue;
};

char* at(const DeviceMemory& m, uint64_t offset) {
  return static_cast<char*>(m.get()) + offset;
}

}  // namespace

struct NcclBench::Impl {
  int n = 0;
  uint64_t capacity = 0;
  std::vector<Stream> streams;
  std::vector<DeviceMemory> send, recv;
  std::vector<Comm> comms;  // destroyed first

  Impl(int count, uint64_t max_bytes);
  Call call(const std::string& collective, uint64_t bytes) const;
  std::vector<double> time(const Call& c, const Repeat& r) const;
  void launch(const Call& c) const;
};

NcclBench::Impl::Impl(int count, uint64_t max_bytes) : n(count), capacity(max_bytes) {
  for (int d = 0; d < n; ++d) {
    const uint64_t free = free_bytes(d);
    const uint64_t usable = free > kMarginBytes ? (free - kMarginBytes) / 2 : 0;
    capacity = std::min(capacity, usable / 4096 * 4096);
  }
  if (capacity < 4096) throw OutOfDeviceMemory("NCCL buffers do not fit in the free GPU memory");
  for (int d = 0; d < n; ++d) {
    check(cudaSetDevice(d), "cudaSetDevice");
    streams.push_back(make_stream());
    send.push_back(device_alloc(capacity));
    recv.push_back(device_alloc(capacity));
    fill_uniform(send.back().get(), Element::f32, capacity / 4, 41 + static_cast<uint32_t>(d),
                 streams.back().get());
    check(cudaStreamSynchronize(streams.back().get()), "fill NCCL buffers");
  }
  std::vector<ncclComm_t> raw(static_cast<std::size_t>(n));
  check_nccl(ncclCommInitAll(raw.data(), n, nullptr), "ncclCommInitAll");
  for (ncclComm_t c : raw)
    comms.emplace_back(c);
}

Call NcclBench::Impl::call(const std::string& collective, uint64_t bytes) const {
  const auto ranks = static_cast<uint64_t>(n);
  std::vector<int> all(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    all[static_cast<std::size_t>(i)] = i;
  auto comm = [this](int r) { return comms[static_cast<std::size_t>(r)].get(); };
  auto stream = [this](int r) { return streams[static_cast<std::size_t>(r)].get(); };
  auto sbuf = [this](int r) { return send[static_cast<std::size_t>(r)].get(); };
  auto rbuf = [this](int r) { return recv[static_cast<std::size_t>(r)].get(); };
  if (collective == "all_reduce") {
    const uint64_t count = std::max<uint64_t>(bytes / 4, 1);
    return {double(count * 4), all, [=](int r) {
              check_nccl(
                  ncclAllReduce(sbuf(r), rbuf(r), count, ncclFloat, ncclSum, comm(r), stream(r)),
                  "ncclAllReduce");
            }};
  }
  if (collective == "all_gather") {
    const uint64_t per_rank = std::max<uint64_t>(bytes / ranks, 1);
    return {double(per_rank * ranks), all, [=](int r) {
              check_nccl(ncclAllGather(sbuf(r), rbuf(r), per_rank, ncclInt8, comm(r), stream(r)),
                         "ncclAllGather");
            }};
  }
  if (collective == "reduce_scatter") {
    const uint64_t per_rank = std::max<uint64_t>(bytes / (4 * ranks), 1);
    return {double(per_rank * ranks * 4), all, [=](int r) {
              check_nccl(ncclReduceScatter(sbuf(r), rbuf(r), per_rank, ncclFloat, ncclSum, comm(r),
                                           stream(r)),
                         "ncclReduceScatter");
            }};
  }
  if (collective == "all_to_all") {
    const uint64_t chunk = std::max<uint64_t>(bytes / ranks, 1);
    return {double(chunk * ranks), all, [=, this](int r) {
              for (int peer = 0; peer < n; ++peer) {
                const uint64_t offset = static_cast<uint64_t>(peer) * chunk;
                const auto& s = send[static_cast<std::size_t>(r)];
                const auto& d = recv[static_cast<std::size_t>(r)];
                check_nccl(ncclSend(at(s, offset), chunk, ncclInt8, peer, comm(r), stream(r)),
                           "ncclSend");
                check_nccl(ncclRecv(at(d, offset), chunk, ncclInt8, peer, comm(r), stream(r)),
                           "ncclRecv");
              }
            }};
  }
  if (collective == "broadcast") {
    return {double(bytes), all, [=](int r) {
              check_nccl(ncclBroadcast(sbuf(r), rbuf(r), bytes, ncclInt8, 0, comm(r), stream(r)),
                         "ncclBroadcast");
            }};
  }
  if (collective == "send_recv") {
    return {double(bytes), {0, 1}, [=](int r) {
              const int peer = 1 - r;
              check_nccl(ncclSend(sbuf(r), bytes, ncclInt8, peer, comm(r), stream(r)), "ncclSend");
              check_nccl(ncclRecv(rbuf(r), bytes, ncclInt8, peer, comm(r), stream(r)), "ncclRecv");
            }};
  }
  throw std::invalid_argument("unknown collective: " + collective);
}

void NcclBench::Impl::launch(const Call& c) const {
  check_nccl(ncclGroupStart(), "ncclGroupStart");
  for (int r : c.ranks)
    c.issue(r);
  check_nccl(ncclGroupEnd(), "ncclGroupEnd");
}

// Warm-up, a timed probe to size the repetitions, then the repetitions; each sample is the largest
// time between a rank's start and stop events.
std::vector<double> NcclBench::Impl::time(const Call& c, const Repeat& r) const {
  auto record = [&](std::vector<Event>& events) {
    for (int rank : c.ranks) {
      check(cudaSetDevice(rank), "cudaSetDevice");
      events.push_back(make_event());
      check(cudaEventRecord(events.back().get(), streams[static_cast<std::size_t>(rank)].get()),
            "cudaEventRecord");
    }
  };
  auto slowest = [&](const std::vector<Event>& start, const std::vector<Event>& stop) {
    double t = 0.0;
    for (std::size_t i = 0; i < start.size(); ++i) {
      check(cudaEventSynchronize(stop[i].get()), "NCCL call");
      t = std::max(t, elapsed_s(start[i], stop[i]));
    }
    return t;
  };
  for (int i = 1; i < r.warmup; ++i)
    launch(c);
  std::vector<Event> probe_start, probe_stop;
  record(probe_start);
  launch(c);
  record(probe_stop);
  const int reps = reps_within(r, slowest(probe_start, probe_stop));
  std::vector<std::vector<Event>> starts(static_cast<std::size_t>(reps));
  std::vector<std::vector<Event>> stops(static_cast<std::size_t>(reps));
  for (int i = 0; i < reps; ++i) {
    record(starts[static_cast<std::size_t>(i)]);
    launch(c);
    record(stops[static_cast<std::size_t>(i)]);
  }
  std::vector<double> samples_s;
  for (int i = 0; i < reps; ++i) {
    samples_s.push_back(
        slowest(starts[static_cast<std::size_t>(i)], stops[static_cast<std::size_t>(i)]));
  }
  return samples_s;
}

NcclBench::NcclBench(int device_count, uint64_t max_bytes)
    : impl_(std::make_unique<Impl>(device_count, max_bytes)) {}
NcclBench::~NcclBench() = default;

uint64_t NcclBench::capacity() const {
  return impl_->capacity;
}

int NcclBench::group_size(const std::string& collective) const {
  return collective == "send_recv" ? 2 : impl_->n;
}

CollectiveRun NcclBench::run(const std::string& collective, uint64_t bytes, const Repeat& r) {
  const Call c = impl_->call(collective, bytes);
  if (c.bytes > static_cast<double>(impl_->capacity)) {
    throw std::invalid_argument(collective + ": size above the NCCL buffers' capacity");
  }
  return {c.bytes, impl_->time(c, r)};
}

}  // namespace wt::calibrate::gpu
