// Call 3's probe (nvcc -O2 -arch=sm_90): does the carveout preference change
// the occupancy API's answer and a column walk's time? 132 blocks of 256
// threads (8 warps/SM), 2 dependent-chain loads in flight per warp, lane
// stride 32 words (a line per lane) or 1 (coalesced); 5 timed runs.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void walk(const unsigned *P, size_t Mask, int Trips, int Stride, unsigned *Sink) {
  extern __shared__ char S[];
  const int Lane = threadIdx.x & 31;
  size_t Warp = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  size_t Warps = (size_t(gridDim.x) * blockDim.x) >> 5;
  size_t Pos = Warp * 2 * 32 * Stride;
  unsigned Acc = 0;
  for (int K = 0; K < Trips; ++K) {
    unsigned a = __ldcg(P + ((Pos + Lane * Stride) & Mask));
    unsigned b = __ldcg(P + ((Pos + 32 * Stride + Lane * Stride) & Mask));
    Acc ^= a ^ b;
    Pos += Warps * 2 * 32 * Stride + (Acc & 0);
  }
  if (Acc == 0x9e3779b9u) *Sink = Acc;
}
int main() {
  unsigned *P, *Sink; size_t Bytes = size_t(1) << 30;
  cudaMalloc(&P, Bytes); cudaMemset(P, 1, Bytes); cudaMalloc(&Sink, 64);
  cudaFuncSetAttribute(walk, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 * 1024);
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  int Sms; cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, 0);
  for (int Threads : {256}) for (int Carve : {-1, 0, 25, 50, 100}) for (int Smem : {0, 8192, 28 * 1024}) {
    cudaFuncSetAttribute(walk, cudaFuncAttributePreferredSharedMemoryCarveout, Carve);
    int Blk = 0; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Blk, walk, Threads, Smem);
    int Grid = Sms * 1;
    for (int Stride : {32, 1}) {
      int Trips = Stride == 32 ? 256 : 1024;
      walk<<<Grid, Threads, Smem>>>(P, Bytes / 4 - 1, Trips, Stride, Sink);
      cudaEventRecord(a);
      for (int r = 0; r < 5; ++r) walk<<<Grid, Threads, Smem>>>(P, Bytes / 4 - 1, Trips, Stride, Sink);
      cudaEventRecord(b); cudaEventSynchronize(b);
      float ms; cudaEventElapsedTime(&ms, a, b);
      printf("carve %4d smem %6d occ_blocks %2d stride %2d: %.2f us/trip (%s)\n", Carve, Smem, Blk, Stride, ms / 5 / Trips * 1000, cudaGetErrorString(cudaGetLastError()));
    }
  }
  return 0;
}
