// cuBLASLt descriptors, layouts and the algorithm heuristic for one matmul.
#include "calibrate/lt_matmul.cuh"

namespace wt::calibrate::gpu {
namespace {

template <class T>
void set_desc(cublasLtMatmulDesc_t d, cublasLtMatmulDescAttributes_t a, const T& value) {
  check_lt(cublasLtMatmulDescSetAttribute(d, a, &value, sizeof value),
           "cublasLtMatmulDescSetAttribute");
}

Owner<cublasLtMatrixLayout_t, DestroyLayout> layout(cudaDataType_t type, int64_t rows, int64_t cols,
                                                    int64_t ld, int32_t batch, int64_t stride) {
  cublasLtMatrixLayout_t l = nullptr;
  check_lt(cublasLtMatrixLayoutCreate(&l, type, static_cast<uint64_t>(rows),
                                      static_cast<uint64_t>(cols), ld),
           "cublasLtMatrixLayoutCreate");
  Owner<cublasLtMatrixLayout_t, DestroyLayout> owned(l);
  if (batch > 1) {
    check_lt(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch,
                                              sizeof batch),
             "cublasLtMatrixLayoutSetAttribute(BATCH_COUNT)");
    check_lt(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                                              &stride, sizeof stride),
             "cublasLtMatrixLayoutSetAttribute(STRIDED_BATCH_OFFSET)");
  }
  return owned;
}

cublasOperation_t op(bool transposed) {
  return transposed ? CUBLAS_OP_T : CUBLAS_OP_N;
}

}  // namespace

void check_lt(cublasStatus_t status, const char* what) {
  if (status == CUBLAS_STATUS_SUCCESS) return;
  throw GpuFailure(std::string(what) + ": " + cublasLtGetStatusString(status));
}

LtTypes lt_types(GemmType t) {
  switch (t) {
    case GemmType::fp32:
      return {CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, Element::f32, Element::f32, false};
    case GemmType::tf32:
      return {CUDA_R_32F,   CUDA_R_32F,   CUBLAS_COMPUTE_32F_FAST_TF32,
              Element::f32, Element::f32, false};
    case GemmType::fp16:
      return {CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, Element::f16, Element::f16, false};
    case GemmType::bf16:
      return {CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, Element::bf16, Element::bf16, false};
    case GemmType::fp8_e4m3:
      return {CUDA_R_8F_E4M3, CUDA_R_16BF, CUBLAS_COMPUTE_32F, Element::e4m3, Element::bf16, true};
  }
  return lt_types(GemmType::fp32);
}

// Column-major view: D[M=c, N=r] = op(A)·op(B) with A = Y and B = X. A is stored c×t (ld c), or t×c
// (ld t) when Y is transposed; B is stored t×r (ld t), or r×t (ld r) when X is transposed.
LtMatmul::LtMatmul(cublasLtHandle_t handle, const LtTypes& types, const RowMajorProduct& p,
                   const void* one_device)
    : handle_(handle) {
  cublasLtMatmulDesc_t desc = nullptr;
  check_lt(cublasLtMatmulDescCreate(&desc, types.compute, CUDA_R_32F), "cublasLtMatmulDescCreate");
  desc_ = Owner<cublasLtMatmulDesc_t, DestroyMatmulDesc>(desc);
  set_desc(desc, CUBLASLT_MATMUL_DESC_TRANSA, op(p.trans_y));
  set_desc(desc, CUBLASLT_MATMUL_DESC_TRANSB, op(p.trans_x));
  if (types.fp8) {
    set_desc(desc, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, one_device);
    set_desc(desc, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, one_device);
    set_desc(desc, CUBLASLT_MATMUL_DESC_FAST_ACCUM, static_cast<int8_t>(1));
  }
  a_ = p.trans_y ? layout(types.ab, p.t, p.c, p.t, p.batch, p.stride_y)
                 : layout(types.ab, p.c, p.t, p.c, p.batch, p.stride_y);
  b_ = p.trans_x ? layout(types.ab, p.r, p.t, p.r, p.batch, p.stride_x)
                 : layout(types.ab, p.t, p.r, p.t, p.batch, p.stride_x);
  d_ = layout(types.cd, p.c, p.r, p.c, p.batch, p.stride_out);

  cublasLtMatmulPreference_t pref = nullptr;
  check_lt(cublasLtMatmulPreferenceCreate(&pref), "cublasLtMatmulPreferenceCreate");
  Owner<cublasLtMatmulPreference_t, DestroyPreference> owned_pref(pref);
  const uint64_t workspace = kWorkspaceBytes;
  check_lt(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                &workspace, sizeof workspace),
           "cublasLtMatmulPreferenceSetAttribute");
  cublasLtMatmulHeuristicResult_t best{};
  int found = 0;
  const cublasStatus_t status = cublasLtMatmulAlgoGetHeuristic(
      handle, desc, a_.get(), b_.get(), d_.get(), d_.get(), pref, 1, &best, &found);
  has_algorithm_ = status == CUBLAS_STATUS_SUCCESS && found > 0;
  if (has_algorithm_) {
    algo_ = best.algo;
  } else {
    why_not_ =
        status == CUBLAS_STATUS_SUCCESS ? "no algorithm returned" : cublasLtGetStatusString(status);
  }
}

void LtMatmul::run(const void* x, const void* y, void* out, void* workspace, cudaStream_t s) const {
  const float alpha = 1.0f;
  const float beta = 0.0f;
  check_lt(cublasLtMatmul(handle_, desc_.get(), &alpha, y, a_.get(), x, b_.get(), &beta, out,
                          d_.get(), out, d_.get(), &algo_, workspace, kWorkspaceBytes, s),
           "cublasLtMatmul");
}

}  // namespace wt::calibrate::gpu
