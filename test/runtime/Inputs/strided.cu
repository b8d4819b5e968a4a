// A strided gather and a coalesced store, and optionally a trapping kernel:
// the end-to-end check of the host runtime on a GPU (test/runtime/gpu-*.test).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void copy_strided(float *out, const float *in, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * stride];
}

__global__ void trap_kernel(float *out) {
  out[threadIdx.x] = 1.0f;
  if (threadIdx.x == 0)
    __trap();
}

int main(int argc, char **argv) {
  const int N = 1 << 16, Stride = 8;
  float *in = nullptr, *out = nullptr;
  if (cudaMalloc(&in, sizeof(float) * N * Stride) != cudaSuccess ||
      cudaMalloc(&out, sizeof(float) * N) != cudaSuccess) {
    std::printf("cudaMalloc failed\n");
    return 1;
  }
  cudaMemset(in, 0, sizeof(float) * N * Stride);
  for (int Rep = 0; Rep < 3; ++Rep)
    copy_strided<<<N / 256, 256>>>(out, in, Stride);
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("copy: %s\n", cudaGetErrorName(E));
  if (argc > 1) {
    trap_kernel<<<1, 64>>>(out);
    E = cudaDeviceSynchronize();
    std::printf("trap: %s\n", cudaGetErrorName(E));
    return E == cudaSuccess ? 0 : 3;
  }
  cudaFree(in);
  cudaFree(out);
  return 0;
}
