// cuDNN backend API helpers: status checks with cuDNN's own message, handle and descriptor
// creation, attribute setters.
#include <array>

#include "calibrate/cudnn_backend.cuh"

namespace wt::calibrate::gpu {

void check_cudnn(cudnnStatus_t status, const std::string& what) {
  if (status == CUDNN_STATUS_SUCCESS) return;
  std::string message = what + ": " + cudnnGetErrorString(status);
  std::array<char, 1024> detail{};
  cudnnGetLastErrorString(detail.data(), detail.size());
  if (detail.front() != '\0') message += " (" + std::string(detail.data()) + ")";
  throw CudnnError(message);
}

CudnnHandle make_cudnn_handle(cudaStream_t s) {
  cudnnHandle_t h = nullptr;
  check_cudnn(cudnnCreate(&h), "cudnnCreate");
  CudnnHandle handle(h);
  check_cudnn(cudnnSetStream(h, s), "cudnnSetStream");
  return handle;
}

BackendDescriptor make_descriptor(cudnnBackendDescriptorType_t type) {
  cudnnBackendDescriptor_t d = nullptr;
  check_cudnn(cudnnBackendCreateDescriptor(type, &d),
              "cudnnBackendCreateDescriptor(type " + std::to_string(static_cast<int>(type)) + ")");
  return BackendDescriptor(d);
}

void finalize(cudnnBackendDescriptor_t d, const std::string& what) {
  check_cudnn(cudnnBackendFinalize(d), "finalizing the " + what);
}

void set_raw(cudnnBackendDescriptor_t d, cudnnBackendAttributeName_t name,
             cudnnBackendAttributeType_t type, int64_t count, const void* values) {
  check_cudnn(cudnnBackendSetAttribute(d, name, type, count, values),
              "cudnnBackendSetAttribute(attribute " + std::to_string(static_cast<int>(name)) + ")");
}

void set_descriptors(cudnnBackendDescriptor_t d, cudnnBackendAttributeName_t name,
                     const std::vector<cudnnBackendDescriptor_t>& values) {
  set_raw(d, name, CUDNN_TYPE_BACKEND_DESCRIPTOR, static_cast<int64_t>(values.size()),
          values.data());
}

void set_pointers(cudnnBackendDescriptor_t d, cudnnBackendAttributeName_t name,
                  const std::vector<void*>& values) {
  set_raw(d, name, CUDNN_TYPE_VOID_PTR, static_cast<int64_t>(values.size()), values.data());
}

}  // namespace wt::calibrate::gpu
