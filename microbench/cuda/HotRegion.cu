//===- HotRegion.cu - Every block on one small region ---------------------===//
//
// With hashed slices, camping means many warps hitting the few L2 slices
// that own one small region. All blocks read (or write) one region of
// RegionBytes; the reference run gives each block its own 1 KiB region. Both
// stay in L2, so the difference is slice contention, not DRAM.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

namespace sectorscope::mb {

namespace {

constexpr int Threads = 256;
constexpr int Iters = 64;

template <bool Write>
__global__ void hotKernel(uint4 *P, size_t RegionMask, int Spread,
                          unsigned *Sink) {
  const size_t Base = Spread ? size_t(blockIdx.x) * (RegionMask + 1) : 0;
  unsigned Acc = 0;
#pragma unroll 4
  for (int K = 0; K < Iters; ++K) {
    size_t Idx = Base + ((threadIdx.x + size_t(K) * blockDim.x) & RegionMask);
    if constexpr (Write)
      __stcg(P + Idx, make_uint4(K, threadIdx.x, blockIdx.x, 0));
    else
      Acc ^= fold(__ldcg(P + Idx));
  }
  if (!Write && Acc == SinkMagic)
    *Sink = Acc;
}

} // namespace

void runHotRegion(Harness &H, const Buffers &Buf) {
  struct Case {
    long long Region;
    bool Spread;
  };
  std::vector<Case> Cases = {{128, false},   {1024, false},    {4096, false},
                             {65536, false}, {1 << 20, false}, {1024, true}};
  const int Bps = 8;
  const int Grid = H.Dev.Sms * Bps;
  H.begin("hot_region", int(Cases.size()) * 2);
  for (bool Write : {false, true})
    for (const Case &C : Cases) {
      uint4 *P = reinterpret_cast<uint4 *>(Write ? Buf.B : Buf.A);
      const size_t Mask = size_t(C.Region) / 16 - 1;
      Row R;
      R.Experiment = "hot_region";
      R.Op = Write ? "write" : "read";
      R.WordBytes = 16;
      R.Camped = !C.Spread;
      R.RegionBytes = C.Region;
      R.BlocksPerSm = Bps;
      R.ActiveWarpsPerSm = Bps * Threads / 32;
      R.Blocks = Grid;
      R.Threads = Threads;
      R.BytesMoved = double(Grid) * Threads * Iters * 16;
      R.FootprintBytes = C.Spread ? double(Grid) * C.Region : double(C.Region);
      R.Time = H.time([&](int) {
        if (Write)
          hotKernel<true><<<Grid, Threads>>>(P, Mask, C.Spread, H.Sink);
        else
          hotKernel<false><<<Grid, Threads>>>(P, Mask, C.Spread, H.Sink);
      });
      H.add(R);
      H.step();
    }
  H.end();
}

} // namespace sectorscope::mb
