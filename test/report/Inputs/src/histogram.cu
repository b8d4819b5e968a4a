// Sample source for the report tests: the report names line 12, column 9.
#include <cuda_runtime.h>

// Each warp writes one word of every sector: lane L of warp W stores
// word 8 * L + W, so the 8 warps of a block share each sector while every
// word has one writer (false sharing).
__global__ void histogram(float *bins, float *in) {
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  float v = in[threadIdx.x];
  if (v >= 0) // the store below starts at column 9
        bins[lane * 8 + warp] = v;
}
