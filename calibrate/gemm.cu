// The Bench itself and its GEMM measurement.
#include "calibrate/bench_impl.cuh"

namespace wt::calibrate::gpu {
namespace {

uint64_t u(int64_t v) {
  return static_cast<uint64_t>(v);
}

}  // namespace

Bench::Impl::Impl(int d) : device(d) {
  use_device();
  check(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, d),
        "cudaDeviceGetAttribute(MultiProcessorCount)");
  stream = make_stream();
  cublasLtHandle_t handle = nullptr;
  check_lt(cublasLtCreate(&handle), "cublasLtCreate");
  lt = LtHandle(handle);
  workspace = device_alloc(kWorkspaceBytes);
  one = device_alloc(sizeof(float));
  const float value = 1.0f;
  check(cudaMemcpy(one.get(), &value, sizeof value, cudaMemcpyHostToDevice), "cudaMemcpy");
}

Bench::Bench(int device) : impl_(std::make_unique<Impl>(device)) {}
Bench::~Bench() = default;

uint64_t Bench::gemm_bytes(GemmType t, int64_t m, int64_t n, int64_t k) {
  const LtTypes types = lt_types(t);
  return (u(m) * u(k) + u(n) * u(k)) * element_bytes(types.ab_element) +
         u(m) * u(n) * element_bytes(types.cd_element);
}

std::vector<double> Bench::gemm(GemmType t, int64_t m, int64_t n, int64_t k, const Repeat& r,
                                uint32_t seed, int64_t batch) {
  Impl& b = *impl_;
  b.use_device();
  const LtTypes types = lt_types(t);
  RowMajorProduct p;
  p.r = m;
  p.c = n;
  p.t = k;
  p.trans_y = true;  // W is stored [n, k]
  p.batch = static_cast<int32_t>(batch);
  p.stride_x = m * k;
  p.stride_y = n * k;
  p.stride_out = m * n;
  const LtMatmul matmul(b.lt.get(), types, p, b.one.get());
  if (!matmul.has_algorithm()) return {};
  const uint64_t ab = element_bytes(types.ab_element);
  const uint64_t items = u(batch);
  void* x = b.scratch.get(0, items * u(m) * u(k) * ab);
  void* w = b.scratch.get(1, items * u(n) * u(k) * ab);
  void* y = b.scratch.get(2, items * u(m) * u(n) * element_bytes(types.cd_element));
  b.fill(x, types.ab_element, items * u(m) * u(k), seed);
  b.fill(w, types.ab_element, items * u(n) * u(k), seed + 1);
  return time_on_stream(b.stream.get(), r,
                        [&] { matmul.run(x, w, y, b.workspace.get(), b.stream.get()); });
}

}  // namespace wt::calibrate::gpu
