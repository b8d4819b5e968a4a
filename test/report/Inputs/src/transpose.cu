// Sample source for the report tests: the report names line 12, column 9.
#include <cuda_runtime.h>

constexpr int TILE = 64;

// out = in^T, one thread per element of a row of `in`: the reads walk a
// column of `in`, 256 bytes apart, so each warp's load touches 32 sectors.
__global__ void transpose_naive(float *out, const float *in, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  for (int col = 0; col < n; ++col) {
    float v =
        in[row * TILE + col];
    out[col * n + row] = v;
  }
}
