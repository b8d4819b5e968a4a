//===- SharedMemory.cu - Chains of shared-memory loads --------------------===//
//
// Shared memory is served by the SM: a warp's load takes one wavefront per
// 128 bytes its lanes ask for from distinct words of one bank (a D-way bank
// conflict is D wavefronts), and its value comes back after a round trip of
// its own. Scans, sorts and tiled stencils wait on these round trips at low
// occupancy and on the wavefronts at high occupancy; neither is a DRAM
// cost. Each thread here walks `Mlp` independent chains: a trip loads one
// word per chain at lane * D + chain, and the next trip's index needs the
// loaded value (0 at run time, through a mask the compiler cannot see), so
// exactly Mlp loads of D wavefronts each are in flight per warp.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

#include <iterator>

namespace sectorscope::mb {

namespace {

constexpr int Threads = 64; ///< Two-warp blocks: every even warps/SM.
constexpr int MaxWords = 32 * 8 + 8;

template <int Mlp, int D>
__global__ void sharedChainKernel(int Trips, unsigned ZeroMask,
                                  unsigned *Sink) {
  extern __shared__ char OccupancyOnly[];
  __shared__ unsigned Words[MaxWords];
  for (int I = threadIdx.x; I < MaxWords; I += blockDim.x)
    Words[I] = I & ZeroMask;
  __syncthreads();
  const unsigned Lane = threadIdx.x & 31;
  unsigned V[Mlp];
#pragma unroll
  for (int C = 0; C < Mlp; ++C)
    V[C] = 0;
  for (int K = 0; K < Trips; ++K) {
#pragma unroll
    for (int C = 0; C < Mlp; ++C)
      V[C] = Words[Lane * D + C + (V[C] & ZeroMask)];
  }
  unsigned S = 0;
#pragma unroll
  for (int C = 0; C < Mlp; ++C)
    S += V[C];
  if (S == SinkMagic)
    *Sink = S;
}

template <int Mlp, int D> void runOne(Harness &H, int Warps) {
  auto K = sharedChainKernel<Mlp, D>;
  const int Bps = Warps * 32 / Threads;
  int Achieved = 0;
  size_t Smem = H.smemForBlocks((const void *)K, Threads, Bps, Achieved);
  const int Grid = H.Dev.Sms * Achieved;
  const int Trips = 4096;
  Row R;
  R.Experiment = "shared";
  R.Op = "read";
  R.WordBytes = 4;
  R.N = Trips;
  R.M = D; // Wavefronts per request (D-way bank conflict).
  R.Mlp = Mlp;
  R.ActiveWarpsPerSm = Achieved * Threads / 32;
  R.BlocksPerSm = Achieved;
  R.Blocks = Grid;
  R.Threads = Threads;
  R.BytesMoved = double(Grid) * Threads * Trips * Mlp * 4;
  R.FootprintBytes = double(Grid) * MaxWords * 4;
  R.Time = H.time([&](int) { K<<<Grid, Threads, Smem>>>(Trips, 0, H.Sink); });
  H.add(R);
  H.step();
}

template <int Mlp> void runConflicts(Harness &H, int D, int Warps) {
  if (D == 1)
    runOne<Mlp, 1>(H, Warps);
  else if (D == 4)
    runOne<Mlp, 4>(H, Warps);
  else
    runOne<Mlp, 8>(H, Warps);
}

} // namespace

void runSharedMemory(Harness &H, const Buffers &) {
  const int AllMlp[] = {1, 2, 4, 8};
  const int Conflicts[] = {1, 4, 8};
  const int AllWarps[] = {2, 4, 8, 16, 32, 64};
  H.begin("shared",
          int(std::size(AllMlp) * std::size(Conflicts) * std::size(AllWarps)));
  for (int Mlp : AllMlp)
    for (int D : Conflicts)
      for (int W : AllWarps)
        switch (Mlp) {
        case 1:
          runConflicts<1>(H, D, W);
          break;
        case 2:
          runConflicts<2>(H, D, W);
          break;
        case 4:
          runConflicts<4>(H, D, W);
          break;
        default:
          runConflicts<8>(H, D, W);
        }
  H.end();
}

} // namespace sectorscope::mb
