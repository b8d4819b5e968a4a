//===- LocalMemory.cu - Divergent read-modify-writes of local arrays ------===//
//
// A per-thread array indexed at run time lives in local memory, interleaved
// by 4-byte words across the warp's lanes: element i of lane l sits at word
// i * 32 + l of the warp's window. A warp's access whose lanes ask for D
// distinct elements touches D lines, min(32, 4 D) sectors. cuThermo's
// private histograms (examples/private_smem.cu, nibble_mode_local) are this
// pattern with data-dependent D. Each trip here is one read-modify-write of
// element (lane % D + trip) % 16, so exactly D lines per request; the next
// trip's load may alias this trip's store, as in a histogram, so the chain
// is serial per thread.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

#include <iterator>

namespace sectorscope::mb {

namespace {

constexpr int Elems = 16;   ///< Words of each thread's array (64 bytes).
constexpr int Threads = 64; ///< Two-warp blocks: every even warps/SM.

template <int D>
__global__ void localKernel(int Trips, unsigned ZeroMask, unsigned *Sink) {
  extern __shared__ char OccupancyOnly[];
  unsigned Hist[Elems];
#pragma unroll
  for (int B = 0; B < Elems; ++B)
    Hist[B] = 0;
  const unsigned Lane = threadIdx.x & 31;
  unsigned Skew = 0;
  for (int K = 0; K < Trips; ++K) {
    // Skew is 0 at run time (ZeroMask is 0) but, read back from the array,
    // keeps the index opaque: the array stays in local memory.
    const unsigned Idx = (Lane % D + unsigned(K) + Skew) % Elems;
    Hist[Idx] += 1;
    Skew = Hist[Idx] & ZeroMask;
  }
  unsigned S = 0;
#pragma unroll
  for (int B = 0; B < Elems; ++B)
    S += Hist[B] * (B + 1);
  if (S == SinkMagic)
    *Sink = S;
}

template <int D> void runOne(Harness &H, int Warps) {
  auto K = localKernel<D>;
  const int Bps = Warps * 32 / Threads;
  int Achieved = 0;
  size_t Smem = H.smemForBlocks((const void *)K, Threads, Bps, Achieved);
  const int Grid = H.Dev.Sms * Achieved;
  const int Trips = 4096;
  const int Spr = D >= 8 ? 32 : 4 * D;
  Row R;
  R.Experiment = "local";
  R.Op = "readwrite";
  R.WordBytes = 4;
  R.N = Trips;
  R.M = D; // Distinct elements (lines) per request.
  R.ActiveWarpsPerSm = Achieved * Threads / 32;
  R.BlocksPerSm = Achieved;
  R.Blocks = Grid;
  R.Threads = Threads;
  // Sectors the requests touch, loads and stores.
  R.BytesMoved = double(Grid) * Threads / 32 * Trips * 2 * Spr * 32;
  R.FootprintBytes = double(Grid) * Threads * Elems * 4;
  R.Time = H.time([&](int) { K<<<Grid, Threads, Smem>>>(Trips, 0, H.Sink); });
  H.add(R);
  H.step();
}

} // namespace

void runLocalMemory(Harness &H, const Buffers &) {
  const int Distinct[] = {1, 2, 4, 8, 16};
  const int AllWarps[] = {4, 8, 16, 32, 48, 64};
  H.begin("local", int(std::size(Distinct) * std::size(AllWarps)));
  for (int D : Distinct)
    for (int W : AllWarps)
      switch (D) {
      case 1:
        runOne<1>(H, W);
        break;
      case 2:
        runOne<2>(H, W);
        break;
      case 4:
        runOne<4>(H, W);
        break;
      case 8:
        runOne<8>(H, W);
        break;
      default:
        runOne<16>(H, W);
      }
  H.end();
}

} // namespace sectorscope::mb
