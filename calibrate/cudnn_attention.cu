// cuDNN's fused attention ("cudnn_fused"), forward, through the backend graph API. The graph is the
// scaled-dot-product pattern that cuDNN's fused flash-attention engines match (fp16/bf16, sm_80+),
// as cuDNN's frontend builds it for SDPA inference:
//   S = Q·Kᵀ, S' = S·scale, m = rowmax(S'), E = exp(S' − m), l = rowsum(E), P = E / l, O = P·V
// with every intermediate a virtual tensor (fp32; when no engine takes that graph, once more with P
// in the I/O type, as cuDNN's older flash-attention samples wrote it), so that only Q, K, V and O
// touch device memory. All tensors are (batch 1, heads, rows, columns), row-major; Kᵀ is K read
// with swapped strides.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "calibrate/bench_impl.cuh"

#ifdef WT_HAVE_CUDNN
#include "calibrate/cudnn_backend.cuh"
#endif

namespace wt::calibrate::gpu {

#ifdef WT_HAVE_CUDNN
namespace {

constexpr int64_t kAlignmentBytes = 16;
// Unique ids of the tensors in the variant pack; virtual tensors are numbered from kFirstVirtual.
constexpr int64_t kUidQ = 1, kUidK = 2, kUidV = 3, kUidO = 4, kUidScale = 5;
constexpr int64_t kFirstVirtual = 100;

struct Layout {
  std::vector<int64_t> dims, strides;
};

// (1, heads, rows, cols), row-major.
Layout rows_of(int64_t heads, int64_t rows, int64_t cols) {
  return {{1, heads, rows, cols}, {heads * rows * cols, rows * cols, cols, 1}};
}

// The same memory read as (1, heads, cols, rows): Kᵀ without moving K.
Layout transposed(Layout l) {
  std::swap(l.dims[2], l.dims[3]);
  std::swap(l.strides[2], l.strides[3]);
  return l;
}

// Owns every descriptor of one operation graph (tensors, operation settings, operations) for as
// long as the graph and the plans built from it live.
class GraphParts {
 public:
  cudnnBackendDescriptor_t tensor(cudnnDataType_t type, const Layout& l, int64_t uid) {
    return make_tensor(type, l, uid, false, false);
  }
  cudnnBackendDescriptor_t virtual_tensor(const Layout& l,
                                          cudnnDataType_t type = CUDNN_DATA_FLOAT) {
    return make_tensor(type, l, next_virtual_uid_++, true, false);
  }
  // A float the variant pack passes by host pointer.
  cudnnBackendDescriptor_t scalar_by_value(int64_t uid) {
    return make_tensor(CUDNN_DATA_FLOAT, {{1, 1, 1, 1}, {1, 1, 1, 1}}, uid, false, true);
  }

  void matmul(cudnnBackendDescriptor_t a, cudnnBackendDescriptor_t b, cudnnBackendDescriptor_t c) {
    const cudnnBackendDescriptor_t m = keep(make_descriptor(CUDNN_BACKEND_MATMUL_DESCRIPTOR));
    set_attribute(m, CUDNN_ATTR_MATMUL_COMP_TYPE, CUDNN_DATA_FLOAT);
    finalize(m, "matmul descriptor");
    const cudnnBackendDescriptor_t op =
        keep(make_descriptor(CUDNN_BACKEND_OPERATION_MATMUL_DESCRIPTOR));
    set_descriptors(op, CUDNN_ATTR_OPERATION_MATMUL_ADESC, {a});
    set_descriptors(op, CUDNN_ATTR_OPERATION_MATMUL_BDESC, {b});
    set_descriptors(op, CUDNN_ATTR_OPERATION_MATMUL_CDESC, {c});
    set_descriptors(op, CUDNN_ATTR_OPERATION_MATMUL_DESC, {m});
    finalize(op, "matmul operation");
    operations_.push_back(op);
  }

  // y = mode(x) when b is null, else y = mode(x, b) (b broadcast over the dimensions it has as 1).
  void pointwise(cudnnPointwiseMode_t mode, cudnnBackendDescriptor_t x, cudnnBackendDescriptor_t b,
                 cudnnBackendDescriptor_t y) {
    const cudnnBackendDescriptor_t pw = keep(make_descriptor(CUDNN_BACKEND_POINTWISE_DESCRIPTOR));
    set_attribute(pw, CUDNN_ATTR_POINTWISE_MODE, mode);
    set_attribute(pw, CUDNN_ATTR_POINTWISE_MATH_PREC, CUDNN_DATA_FLOAT);
    finalize(pw, "pointwise descriptor");
    const cudnnBackendDescriptor_t op =
        keep(make_descriptor(CUDNN_BACKEND_OPERATION_POINTWISE_DESCRIPTOR));
    set_descriptors(op, CUDNN_ATTR_OPERATION_POINTWISE_PW_DESCRIPTOR, {pw});
    set_descriptors(op, CUDNN_ATTR_OPERATION_POINTWISE_XDESC, {x});
    if (b != nullptr) set_descriptors(op, CUDNN_ATTR_OPERATION_POINTWISE_BDESC, {b});
    set_descriptors(op, CUDNN_ATTR_OPERATION_POINTWISE_YDESC, {y});
    finalize(op, "pointwise operation");
    operations_.push_back(op);
  }

  // y = the reduction of x over the dimensions where y has 1.
  void reduction(cudnnReduceTensorOp_t how, cudnnBackendDescriptor_t x,
                 cudnnBackendDescriptor_t y) {
    const cudnnBackendDescriptor_t r = keep(make_descriptor(CUDNN_BACKEND_REDUCTION_DESCRIPTOR));
    set_attribute(r, CUDNN_ATTR_REDUCTION_OPERATOR, how);
    set_attribute(r, CUDNN_ATTR_REDUCTION_COMP_TYPE, CUDNN_DATA_FLOAT);
    finalize(r, "reduction descriptor");
    const cudnnBackendDescriptor_t op =
        keep(make_descriptor(CUDNN_BACKEND_OPERATION_REDUCTION_DESCRIPTOR));
    set_descriptors(op, CUDNN_ATTR_OPERATION_REDUCTION_XDESC, {x});
    set_descriptors(op, CUDNN_ATTR_OPERATION_REDUCTION_YDESC, {y});
    set_descriptors(op, CUDNN_ATTR_OPERATION_REDUCTION_DESC, {r});
    finalize(op, "reduction operation");
    operations_.push_back(op);
  }

  const std::vector<cudnnBackendDescriptor_t>& operations() const { return operations_; }

 private:
  cudnnBackendDescriptor_t make_tensor(cudnnDataType_t type, const Layout& l, int64_t uid,
                                       bool is_virtual, bool by_value) {
    const cudnnBackendDescriptor_t t = keep(make_descriptor(CUDNN_BACKEND_TENSOR_DESCRIPTOR));
    set_attribute(t, CUDNN_ATTR_TENSOR_UNIQUE_ID, uid);
    set_attribute(t, CUDNN_ATTR_TENSOR_DATA_TYPE, type);
    set_attribute(t, CUDNN_ATTR_TENSOR_DIMENSIONS, l.dims);
    set_attribute(t, CUDNN_ATTR_TENSOR_STRIDES, l.strides);
    set_attribute(t, CUDNN_ATTR_TENSOR_BYTE_ALIGNMENT, kAlignmentBytes);
    set_attribute(t, CUDNN_ATTR_TENSOR_IS_VIRTUAL, is_virtual);
    if (by_value) set_attribute(t, CUDNN_ATTR_TENSOR_IS_BY_VALUE, by_value);
    finalize(t, "tensor " + std::to_string(uid));
    return t;
  }
  cudnnBackendDescriptor_t keep(BackendDescriptor d) {
    owned_.push_back(std::move(d));
    return owned_.back().get();
  }

  std::vector<BackendDescriptor> owned_;
  std::vector<cudnnBackendDescriptor_t> operations_;
  int64_t next_virtual_uid_ = kFirstVirtual;
};

// The SDPA forward graph over `io` (bf16 or fp16) tensors of shape `a` (batch = heads), with the
// probabilities P (the second product's left operand) in `p_type`.
BackendDescriptor sdpa_graph(cudnnHandle_t handle, GraphParts& g, cudnnDataType_t io,
                             cudnnDataType_t p_type, const AttentionShape& a) {
  const int64_t heads = a.batch;
  const Layout q = rows_of(heads, a.seq_q, a.head_dim), kv = rows_of(heads, a.seq_k, a.head_dim);
  const Layout scores = rows_of(heads, a.seq_q, a.seq_k), per_row = rows_of(heads, a.seq_q, 1);
  const auto q_t = g.tensor(io, q, kUidQ), k_t = g.tensor(io, transposed(kv), kUidK);
  const auto v_t = g.tensor(io, kv, kUidV), o_t = g.tensor(io, q, kUidO);
  const auto scale = g.scalar_by_value(kUidScale);
  const auto s = g.virtual_tensor(scores), scaled = g.virtual_tensor(scores);
  const auto row_max = g.virtual_tensor(per_row), shifted = g.virtual_tensor(scores);
  const auto e = g.virtual_tensor(scores), row_sum = g.virtual_tensor(per_row);
  const auto p = g.virtual_tensor(scores, p_type);
  g.matmul(q_t, k_t, s);
  g.pointwise(CUDNN_POINTWISE_MUL, s, scale, scaled);
  g.reduction(CUDNN_REDUCE_TENSOR_MAX, scaled, row_max);
  g.pointwise(CUDNN_POINTWISE_SUB, scaled, row_max, shifted);
  g.pointwise(CUDNN_POINTWISE_EXP, shifted, nullptr, e);
  g.reduction(CUDNN_REDUCE_TENSOR_ADD, e, row_sum);
  g.pointwise(CUDNN_POINTWISE_DIV, e, row_sum, p);
  g.matmul(p, v_t, o_t);
  BackendDescriptor graph = make_descriptor(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR);
  set_attribute(graph.get(), CUDNN_ATTR_OPERATIONGRAPH_HANDLE, handle);
  set_descriptors(graph.get(), CUDNN_ATTR_OPERATIONGRAPH_OPS, g.operations());
  finalize(graph.get(), "operation graph");
  return graph;
}

// The engine configurations one heuristics mode proposes for a graph, best first.
struct Heuristics {
  BackendDescriptor query;
  std::vector<BackendDescriptor> configs;
};

Heuristics heuristics(cudnnBackendDescriptor_t graph, cudnnBackendHeurMode_t mode) {
  Heuristics h{make_descriptor(CUDNN_BACKEND_ENGINEHEUR_DESCRIPTOR), {}};
  set_descriptors(h.query.get(), CUDNN_ATTR_ENGINEHEUR_OPERATION_GRAPH, {graph});
  set_attribute(h.query.get(), CUDNN_ATTR_ENGINEHEUR_MODE, mode);
  finalize(h.query.get(), "engine heuristics");
  int64_t count = 0;
  check_cudnn(cudnnBackendGetAttribute(h.query.get(), CUDNN_ATTR_ENGINEHEUR_RESULTS,
                                       CUDNN_TYPE_BACKEND_DESCRIPTOR, 0, &count, nullptr),
              "counting the heuristics' engine configurations");
  if (count <= 0) return h;
  std::vector<cudnnBackendDescriptor_t> raw;
  for (int64_t i = 0; i < count; ++i) {
    h.configs.push_back(make_descriptor(CUDNN_BACKEND_ENGINECFG_DESCRIPTOR));
    raw.push_back(h.configs.back().get());
  }
  int64_t returned = 0;
  check_cudnn(cudnnBackendGetAttribute(h.query.get(), CUDNN_ATTR_ENGINEHEUR_RESULTS,
                                       CUDNN_TYPE_BACKEND_DESCRIPTOR, count, &returned, raw.data()),
              "reading the heuristics' engine configurations");
  h.configs.resize(static_cast<std::size_t>(std::clamp<int64_t>(returned, 0, count)));
  return h;
}

// What one execution needs: the plan (and the heuristics' configurations it was built from), its
// workspace and the variant pack naming the buffers.
struct Runnable {
  Heuristics source;
  BackendDescriptor plan;
  DeviceMemory workspace;
  BackendDescriptor pack;
};

BackendDescriptor execution_plan(cudnnHandle_t handle, cudnnBackendDescriptor_t config) {
  BackendDescriptor plan = make_descriptor(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR);
  set_attribute(plan.get(), CUDNN_ATTR_EXECUTION_PLAN_HANDLE, handle);
  set_descriptors(plan.get(), CUDNN_ATTR_EXECUTION_PLAN_ENGINE_CONFIG, {config});
  finalize(plan.get(), "execution plan");
  return plan;
}

int64_t workspace_bytes(cudnnBackendDescriptor_t plan) {
  int64_t bytes = 0, returned = 0;
  check_cudnn(cudnnBackendGetAttribute(plan, CUDNN_ATTR_EXECUTION_PLAN_WORKSPACE_SIZE,
                                       CUDNN_TYPE_INT64, 1, &returned, &bytes),
              "reading the plan's workspace size");
  return bytes;
}

// `pointers` in the order of kUidQ, kUidK, kUidV, kUidO, kUidScale.
BackendDescriptor variant_pack(const std::vector<void*>& pointers, void* workspace) {
  BackendDescriptor pack = make_descriptor(CUDNN_BACKEND_VARIANT_PACK_DESCRIPTOR);
  set_attribute(pack.get(), CUDNN_ATTR_VARIANT_PACK_UNIQUE_IDS,
                std::vector<int64_t>{kUidQ, kUidK, kUidV, kUidO, kUidScale});
  set_pointers(pack.get(), CUDNN_ATTR_VARIANT_PACK_DATA_POINTERS, pointers);
  set_pointers(pack.get(), CUDNN_ATTR_VARIANT_PACK_WORKSPACE, {workspace});
  finalize(pack.get(), "variant pack");
  return pack;
}

void execute(cudnnHandle_t handle, const Runnable& run) {
  check_cudnn(cudnnBackendExecute(handle, run.plan.get(), run.pack.get()), "cudnnBackendExecute");
}

// A plan for `config` that has run once on `s`; throws CudnnError (or OutOfDeviceMemory for the
// workspace) when it cannot.
Runnable runnable(cudnnHandle_t handle, cudnnBackendDescriptor_t config,
                  const std::vector<void*>& pointers, cudaStream_t s) {
  Runnable run;
  run.plan = execution_plan(handle, config);
  run.workspace = device_alloc(static_cast<uint64_t>(workspace_bytes(run.plan.get())));
  run.pack = variant_pack(pointers, run.workspace.get());
  execute(handle, run);
  check(cudaStreamSynchronize(s), "the first cuDNN attention run");
  return run;
}

// The first engine configuration, heuristics mode A then the fallback list, that builds and runs.
// Throws CudnnError with the first failure (the best-ranked configuration's, as a rule).
Runnable first_runnable(cudnnHandle_t handle, cudnnBackendDescriptor_t graph,
                        const std::vector<void*>& pointers, cudaStream_t s) {
  std::string first_failure;
  int tried = 0;
  for (cudnnBackendHeurMode_t mode : {CUDNN_HEUR_MODE_A, CUDNN_HEUR_MODE_FALLBACK}) {
    Heuristics h;
    try {
      h = heuristics(graph, mode);
    } catch (const CudnnError& e) {
      if (first_failure.empty()) first_failure = e.what();
      continue;
    }
    for (const BackendDescriptor& config : h.configs) {
      ++tried;
      try {
        Runnable run = runnable(handle, config.get(), pointers, s);
        run.source = std::move(h);  // returns at once: the loop does not go on over moved configs
        return run;
      } catch (const CudnnError& e) {
        if (first_failure.empty()) first_failure = e.what();
        cudaGetLastError();  // clear a launch error cuDNN reported (a sticky one stays)
      } catch (const OutOfDeviceMemory& e) {
        if (first_failure.empty()) first_failure = std::string("plan workspace: ") + e.what();
      }
    }
  }
  if (tried == 0) {
    throw CudnnError("the engine heuristics (modes A and fallback) proposed no configuration" +
                     (first_failure.empty() ? std::string() : ": " + first_failure));
  }
  throw CudnnError("none of the " + std::to_string(tried) +
                   " engine configurations ran the graph; the first: " + first_failure);
}

// One SDPA graph and the plan that ran it once.
struct Sdpa {
  GraphParts parts;
  BackendDescriptor graph;
  Runnable run;
};

Sdpa prepare(cudnnHandle_t handle, cudnnDataType_t io, cudnnDataType_t p_type,
             const AttentionShape& a, const std::vector<void*>& pointers, cudaStream_t s) {
  Sdpa sdpa;
  sdpa.graph = sdpa_graph(handle, sdpa.parts, io, p_type, a);
  sdpa.run = first_runnable(handle, sdpa.graph.get(), pointers, s);
  return sdpa;
}

struct Operands {
  void *q, *k, *v, *o;
};

Operands operands(Bench::Impl& b, const AttentionShape& a, Element e, uint32_t seed) {
  const uint64_t n_q = static_cast<uint64_t>(a.batch * a.seq_q * a.head_dim);
  const uint64_t n_kv = static_cast<uint64_t>(a.batch * a.seq_k * a.head_dim);
  const uint64_t bytes = element_bytes(e);
  const Operands x{b.scratch.get(0, n_q * bytes), b.scratch.get(1, n_kv * bytes),
                   b.scratch.get(2, n_kv * bytes), b.scratch.get(3, n_q * bytes)};
  b.fill(x.q, e, n_q, seed);
  b.fill(x.k, e, n_kv, seed + 1);
  b.fill(x.v, e, n_kv, seed + 2);
  return x;
}

std::vector<double> time_sdpa(Bench::Impl& b, GemmType t, const AttentionShape& a, const Repeat& r,
                              uint32_t seed) {
  const bool bf16 = t == GemmType::bf16;
  const cudnnDataType_t io = bf16 ? CUDNN_DATA_BFLOAT16 : CUDNN_DATA_HALF;
  cudaStream_t s = b.stream.get();
  const CudnnHandle handle = make_cudnn_handle(s);
  const Operands x = operands(b, a, bf16 ? Element::bf16 : Element::f16, seed);
  float scale = 1.0f / std::sqrt(static_cast<float>(a.head_dim));  // by value: a host pointer
  const std::vector<void*> pointers{x.q, x.k, x.v, x.o, &scale};
  std::string first_failure;
  for (cudnnDataType_t p_type : {CUDNN_DATA_FLOAT, io}) {
    try {
      const Sdpa sdpa = prepare(handle.get(), io, p_type, a, pointers, s);
      return time_on_stream(s, r, [&] { execute(handle.get(), sdpa.run); });
    } catch (const CudnnError& e) {
      if (first_failure.empty()) first_failure = e.what();
    }
  }
  throw CudnnError(first_failure);
}

std::string point_text(GemmType t, const AttentionShape& a) {
  return std::string(to_string(t)) + ", " + std::to_string(a.batch) + " heads, seq " +
         std::to_string(a.seq_q) + ", head dim " + std::to_string(a.head_dim);
}

}  // namespace

FusedAttentionRun Bench::fused_attention(GemmType t, const AttentionShape& a, const Repeat& r,
                                         uint32_t seed) {
  if (t != GemmType::bf16 && t != GemmType::fp16) {
    throw std::invalid_argument("cuDNN fused attention runs in bf16 or fp16");
  }
  impl_->use_device();
  FusedAttentionRun result;
  try {
    result.samples_s = time_sdpa(*impl_, t, a, r, seed);
  } catch (const CudnnError& e) {
    cudaGetLastError();  // clear a launch error cuDNN reported (a sticky one stays)
    result.why_not = point_text(t, a) + ": " + e.what();
  }
  return result;
}

#else

FusedAttentionRun Bench::fused_attention(GemmType t, const AttentionShape&, const Repeat&,
                                         uint32_t) {
  if (t != GemmType::bf16 && t != GemmType::fp16) {
    throw std::invalid_argument("cuDNN fused attention runs in bf16 or fp16");
  }
  return {{}, "cuDNN not found at build time"};
}

#endif

}  // namespace wt::calibrate::gpu
