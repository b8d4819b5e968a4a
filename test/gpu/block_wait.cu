//===- block_wait.cu - Blocks that wait on one another -------------------===//
//
// Built with the real host runtime. A grid sized to be resident all at once
// (the SM count times the blocks the occupancy API says fit) meets at a
// software barrier: every block counts itself in with an atomic and spins
// on the counter through a volatile load until all have arrived, as
// persistent-thread and synchronization-free solvers do. Capping such a
// launch's occupancy (SECTORSCOPE_OCCUPANCY) would leave blocks waiting for
// blocks that cannot start until they end; the runtime does not apply the
// cap there. The program checks its own results; tools/gpu-tests.sh runs it
// capped at 8 warps/SM and checks the report's note.
//
//===----------------------------------------------------------------------===//
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

__global__ void meet(unsigned *Arrived, unsigned *Seen) {
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(Arrived, 1u);
    const volatile unsigned *Count = Arrived;
    while (*Count < gridDim.x) {
    }
    Seen[blockIdx.x] = *Count;
  }
}

namespace {

constexpr int Threads = 256;

bool ok(cudaError_t E, const char *What) {
  if (E == cudaSuccess)
    return true;
  std::printf("FAIL %s: %s\n", What, cudaGetErrorString(E));
  return false;
}

} // namespace

int main() {
  int Dev = 0, Sms = 0, PerSm = 0;
  if (!ok(cudaGetDevice(&Dev), "cudaGetDevice") ||
      !ok(cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, Dev),
          "SM count") ||
      !ok(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, meet, Threads,
                                                        0),
          "occupancy"))
    return 1;
  const int Blocks = Sms * PerSm;
  unsigned *Arrived, *Seen;
  if (!ok(cudaMalloc(&Arrived, sizeof(unsigned)), "cudaMalloc") ||
      !ok(cudaMalloc(&Seen, Blocks * sizeof(unsigned)), "cudaMalloc"))
    return 1;
  for (int Round = 0; Round < 2; ++Round) {
    if (!ok(cudaMemset(Arrived, 0, sizeof(unsigned)), "cudaMemset") ||
        !ok(cudaMemset(Seen, 0, Blocks * sizeof(unsigned)), "cudaMemset"))
      return 1;
    meet<<<Blocks, Threads>>>(Arrived, Seen);
    std::vector<unsigned> Back(Blocks);
    if (!ok(cudaGetLastError(), "launch") ||
        !ok(cudaMemcpy(Back.data(), Seen, Blocks * sizeof(unsigned),
                       cudaMemcpyDeviceToHost),
            "meet"))
      return 1;
    for (int B = 0; B < Blocks; ++B)
      if (Back[B] != unsigned(Blocks)) {
        std::printf("FAIL block %d saw %u of %d\n", B, Back[B], Blocks);
        return 1;
      }
  }
  std::printf("PASS block_wait %d blocks\n", Blocks);
  return 0;
}
