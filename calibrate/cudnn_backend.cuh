#pragma once
// cuDNN's backend (graph) API with owners: a handle and descriptors that are destroyed on every
// path, and attribute setters whose C++ type picks the cuDNN attribute type, so that an int where
// cuDNN reads an int64_t does not compile. Every failing call throws CudnnError with the call,
// cuDNN's status string and its last error message.
#include <cudnn.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "calibrate/cuda_util.cuh"

namespace wt::calibrate::gpu {

// A cuDNN call failed: the caller skips what it was measuring, the calibration goes on.
class CudnnError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void check_cudnn(cudnnStatus_t status, const std::string& what);

struct DestroyCudnnHandle {
  void operator()(cudnnHandle_t h) const { cudnnDestroy(h); }
};
struct DestroyBackendDescriptor {
  void operator()(cudnnBackendDescriptor_t d) const { cudnnBackendDestroyDescriptor(d); }
};
using CudnnHandle = Owner<cudnnHandle_t, DestroyCudnnHandle>;
using BackendDescriptor = Owner<cudnnBackendDescriptor_t, DestroyBackendDescriptor>;

CudnnHandle make_cudnn_handle(cudaStream_t s);  // on the current device, working on `s`
BackendDescriptor make_descriptor(cudnnBackendDescriptorType_t type);
void finalize(cudnnBackendDescriptor_t d, const std::string& what);

// The attribute type cuDNN reads for each C++ value type (cuDNN's backend API reference).
template <class T>
struct AttributeType;
template <>
struct AttributeType<int64_t> {
  static constexpr cudnnBackendAttributeType_t value = CUDNN_TYPE_INT64;
};
template <>
struct AttributeType<bool> {
  static constexpr cudnnBackendAttributeType_t value = CUDNN_TYPE_BOOLEAN;
};
template <>
struct AttributeType<cudnnDataType_t> {
  static constexpr cudnnBackendAttributeType_t value = CUDNN_TYPE_DATA_TYPE;
};
template <>
struct AttributeType<cudnnPointwiseMode_t> {
  static constexpr cudnnBackendAttributeType_t value = CUDNN_TYPE_POINTWISE_MODE;
};
template <>
struct AttributeType<cudnnReduceTensorOp_t> {
  static constexpr cudnnBackendAttributeType_t value = CUDNN_TYPE_REDUCTION_OPERATOR_TYPE;
};
template <>
struct AttributeType<cudnnBackendHeurMode_t> {
  static constexpr cudnnBackendAttributeType_t value = CUDNN_TYPE_HEUR_MODE;
};
template <>
struct AttributeType<cudnnHandle_t> {
  static constexpr cudnnBackendAttributeType_t value = CUDNN_TYPE_HANDLE;
};

void set_raw(cudnnBackendDescriptor_t d, cudnnBackendAttributeName_t name,
             cudnnBackendAttributeType_t type, int64_t count, const void* values);

template <class T>
void set_attribute(cudnnBackendDescriptor_t d, cudnnBackendAttributeName_t name, const T& value) {
  set_raw(d, name, AttributeType<T>::value, 1, &value);
}
template <class T>
void set_attribute(cudnnBackendDescriptor_t d, cudnnBackendAttributeName_t name,
                   const std::vector<T>& values) {
  set_raw(d, name, AttributeType<T>::value, static_cast<int64_t>(values.size()), values.data());
}
// cudnnBackendDescriptor_t and a data pointer are both void*: separate names, not overloads.
void set_descriptors(cudnnBackendDescriptor_t d, cudnnBackendAttributeName_t name,
                     const std::vector<cudnnBackendDescriptor_t>& values);
void set_pointers(cudnnBackendDescriptor_t d, cudnnBackendAttributeName_t name,
                  const std::vector<void*>& values);

}  // namespace wt::calibrate::gpu
