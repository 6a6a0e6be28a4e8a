#pragma once
// One cuBLASLt matmul, planned once (descriptors, layouts, the heuristic's best algorithm) and run
// many times. Described in row-major terms, as the workload builder writes GEMMs; cuBLASLt is
// column-major, so out = X·Y is computed as outᵀ = Yᵀ·Xᵀ (A = Y, B = X).
#include <cublasLt.h>

#include <string>

#include "calibrate/cuda_util.cuh"

namespace wt::calibrate::gpu {

inline constexpr uint64_t kWorkspaceBytes = 32ull << 20;

void check_lt(cublasStatus_t status, const char* what);

struct LtTypes {
  cudaDataType_t ab;  // operands
  cudaDataType_t cd;  // output
  cublasComputeType_t compute;
  Element ab_element, cd_element;
  bool fp8;
};
LtTypes lt_types(GemmType t);

// out[r,c] = X[r,t] · Y[t,c], all row-major; X is stored as [t,r] when trans_x, Y as [c,t] when
// trans_y. With batch > 1 the matrices repeat every stride_* elements.
struct RowMajorProduct {
  int64_t r = 0, c = 0, t = 0;
  bool trans_x = false, trans_y = false;
  int32_t batch = 1;
  int64_t stride_x = 0, stride_y = 0, stride_out = 0;
};

struct DestroyMatmulDesc {
  void operator()(cublasLtMatmulDesc_t d) const { cublasLtMatmulDescDestroy(d); }
};
struct DestroyLayout {
  void operator()(cublasLtMatrixLayout_t l) const { cublasLtMatrixLayoutDestroy(l); }
};
struct DestroyPreference {
  void operator()(cublasLtMatmulPreference_t p) const { cublasLtMatmulPreferenceDestroy(p); }
};
struct DestroyLtHandle {
  void operator()(cublasLtHandle_t h) const { cublasLtDestroy(h); }
};
using LtHandle = Owner<cublasLtHandle_t, DestroyLtHandle>;

class LtMatmul {
 public:
  // `one_device` points at a device float 1.0f: the A and B scale factors fp8 needs.
  LtMatmul(cublasLtHandle_t handle, const LtTypes& types, const RowMajorProduct& p,
           const void* one_device);
  bool has_algorithm() const { return has_algorithm_; }
  const std::string& why_no_algorithm() const { return why_not_; }
  void run(const void* x, const void* y, void* out, void* workspace, cudaStream_t s) const;

 private:
  cublasLtHandle_t handle_;
  Owner<cublasLtMatmulDesc_t, DestroyMatmulDesc> desc_;
  Owner<cublasLtMatrixLayout_t, DestroyLayout> a_, b_, d_;
  cublasLtMatmulAlgo_t algo_{};
  bool has_algorithm_ = false;
  std::string why_not_;
};

}  // namespace wt::calibrate::gpu
