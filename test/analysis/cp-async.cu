// The global side of an asynchronous copy into shared memory (cp.async:
// CUDA's __pipeline_memcpy_async, hand-written inline PTX, clang's
// __nvvm_cp_async_* builtins) is checked as the load it makes: 4, 8 or 16
// bytes a lane; the runtime counts it the same way (instrumentation/cp-async.ll).
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

#include <cuda_pipeline.h>

__global__ void pipelineCopies(float *out, const float *in, int n) {
  __shared__ float tile[1024];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // 16 bytes a lane, lanes 16 bytes apart: coalesced.
  __pipeline_memcpy_async(&tile[4 * threadIdx.x], &in[4 * i], 16);
  // 4 bytes a lane, lanes 128 bytes apart: strided.
  __pipeline_memcpy_async(&tile[threadIdx.x], &in[32 * i], 4); // expected-warning {{strided load: consecutive threads are 128 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[i] = tile[threadIdx.x];
}

__global__ void handWritten(float *out, const float *in) {
  __shared__ float tile[2048];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned dst = (unsigned)__cvta_generic_to_shared(&tile[4 * threadIdx.x]);
  // 16 bytes a lane, lanes 32 bytes apart.
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(in + 8 * i) : "memory"); // expected-warning {{strided load: consecutive threads are 32 bytes apart; a warp touches 32 sectors per request instead of 16}} expected-note {{consecutive elements}}
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[i] = tile[threadIdx.x];
}

typedef __attribute__((address_space(3))) void SharedVoid;
typedef const __attribute__((address_space(1))) void GlobalVoid;
__global__ void builtins(float *out, const float *in) {
  __shared__ float tile[1024];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __nvvm_cp_async_ca_shared_global_4((SharedVoid *)&tile[threadIdx.x], (GlobalVoid *)(in + 2 * i)); // expected-warning {{strided load: consecutive threads are 8 bytes apart; a warp touches 8 sectors per request instead of 4}} expected-note {{consecutive elements}}
  __nvvm_cp_async_wait_all();
  __syncthreads();
  out[i] = tile[threadIdx.x];
}
