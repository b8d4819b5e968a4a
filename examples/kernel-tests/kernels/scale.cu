// Two kernels and the program that runs them, with the access patterns they
// are meant to have written next to the accesses.
#include <cstdio>
#include <cuda_runtime.h>

// sectorscope-expect-kernel: clean
__global__ void scale(float *out, const float *in, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a * in[i]; // sectorscope-expect: coalesced, clean, sectors-per-request <= 4
}

// Reads one column of a row-major matrix: each lane its own row.
__global__ void column(float *out, const float *in, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    float v = in[r * cols]; // sectorscope-expect: strided; run-time: sectors-per-request >= 16
    out[r] = v; // sectorscope-expect: coalesced
  }
}

int main() {
  const int n = 1 << 20, cols = 64, rows = n / cols;
  float *in, *out;
  if (cudaMalloc(&in, n * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&out, n * sizeof(float)) != cudaSuccess) {
    std::printf("FAIL cudaMalloc\n");
    return 1;
  }
  cudaMemset(in, 0, n * sizeof(float));
  scale<<<n / 256, 256>>>(out, in, 2.0f, n);
  column<<<(rows + 255) / 256, 256>>>(out, in, rows, cols);
  cudaError_t E = cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  std::printf("%s\n", E == cudaSuccess ? "PASS" : cudaGetErrorString(E));
  return E == cudaSuccess ? 0 : 1;
}
