//===- CampProf.cu - CampProf's read/write benchmarks on today's GPU ------===//
//
// CampProf timed reads and writes of 1..16-byte words with the
// warps either spread over all memory partitions or all camped on one, for
// every number of active warps per SM. GT200 partitions were 256-byte
// stripes, so "one partition" was an address range. Hopper hashes addresses
// over L2 slices, so the camped variant here wraps every warp's accesses into
// one small window (1 KiB: a handful of slices at most); the uniform variant
// streams a fresh window of the buffer each run so it measures DRAM.
//
// Each configuration moves the same number of bytes, as in the paper, so
// time is directly comparable across word sizes and occupancies.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

namespace sectorscope::mb {

namespace {

constexpr int CampWindowBytes = 1024;

// At most 64 threads per block and 32 blocks per SM: the register cap this
// implies (32 per thread) keeps 64 warps per SM reachable.
template <typename T, bool Write>
__global__ void __launch_bounds__(64, 32)
    campKernel(T *P, size_t Iters, size_t WordMask, size_t StartWord,
               unsigned *Sink) {
  const size_t NT = size_t(gridDim.x) * blockDim.x;
  const size_t T0 = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  unsigned Acc = 0;
  for (size_t K = 0; K < Iters; K += 4) {
    size_t Idx[4];
#pragma unroll
    for (int J = 0; J < 4; ++J)
      Idx[J] = (StartWord + T0 + (K + J) * NT) & WordMask;
    if constexpr (Write) {
#pragma unroll
      for (int J = 0; J < 4; ++J)
        __stcg(P + Idx[J], makeWord<T>(unsigned(T0 + J)));
    } else {
      T V[4];
#pragma unroll
      for (int J = 0; J < 4; ++J)
        V[J] = __ldcg(P + Idx[J]);
#pragma unroll
      for (int J = 0; J < 4; ++J)
        Acc ^= fold(V[J]);
    }
  }
  if (!Write && Acc == SinkMagic)
    *Sink = Acc;
}

template <int Bytes, bool Write>
void runConfig(Harness &H, const Buffers &Buf, bool Camped, int Warps) {
  using T = typename Word<Bytes>::T;
  auto K = campKernel<T, Write>;
  // One-warp blocks up to 32 warps per SM (the 32-block limit), two-warp
  // blocks above.
  const int Threads = Warps <= 32 ? 32 : 64;
  const int Bps = Warps * 32 / Threads;
  int Achieved = 0;
  size_t Smem = H.smemForBlocks((const void *)K, Threads, Bps, Achieved);
  const int Grid = H.Dev.Sms * Bps;
  const size_t NT = size_t(Grid) * Threads;
  const size_t Target = (H.Opts.CampMiB << 20) / Bytes;
  const size_t Iters = ((Target / NT + 3) / 4) * 4;
  const size_t Moved = Iters * NT; // words
  // Uniform runs stream from a power-of-two region so the mask wraps only
  // after the whole region; each timed run starts a new window of it.
  size_t RegionWords = size_t(1) << 31;
  while (RegionWords * Bytes > (size_t(H.Opts.FootprintMiB) << 20) ||
         RegionWords * Bytes > Buf.Bytes)
    RegionWords >>= 1;
  const size_t Mask = Camped ? CampWindowBytes / Bytes - 1 : RegionWords - 1;
  T *P = reinterpret_cast<T *>(Write ? Buf.B : Buf.A);

  Row R;
  R.Experiment = "campprof";
  R.Op = Write ? "write" : "read";
  R.WordBytes = Bytes;
  R.Camped = Camped;
  R.ActiveWarpsPerSm = Achieved * Threads / 32;
  R.BlocksPerSm = Achieved;
  R.Blocks = Grid;
  R.Threads = Threads;
  R.BytesMoved = double(Moved) * Bytes;
  R.FootprintBytes =
      Camped ? double(CampWindowBytes)
             : double(Moved < RegionWords ? Moved : RegionWords) * Bytes;
  R.RegionBytes = Camped ? CampWindowBytes : 0;
  R.Dram = !Camped && R.FootprintBytes >= 4.0 * H.Dev.L2Bytes;
  R.Time = H.time([&](int Rep) {
    size_t Start = Camped ? 0 : size_t(Rep + 1) * Moved;
    K<<<Grid, Threads, Smem>>>(P, Iters, Mask, Start, H.Sink);
  });
  H.add(R);
  H.step();
}

template <int Bytes>
void runWord(Harness &H, const Buffers &Buf, const std::vector<int> &Warps) {
  for (bool Camped : {false, true})
    for (int W : Warps) {
      runConfig<Bytes, false>(H, Buf, Camped, W);
      runConfig<Bytes, true>(H, Buf, Camped, W);
    }
}

} // namespace

void runCampProf(Harness &H, const Buffers &Buf) {
  int Max = H.Opts.MaxWarps ? H.Opts.MaxWarps : H.Dev.MaxWarpsPerSm;
  if (Max > H.Dev.MaxWarpsPerSm)
    Max = H.Dev.MaxWarpsPerSm;
  std::vector<int> Warps = warpSweep(Max, H.Opts.Quick);
  H.begin("campprof", int(Warps.size()) * 5 * 2 * 2);
  runWord<1>(H, Buf, Warps);
  runWord<2>(H, Buf, Warps);
  runWord<4>(H, Buf, Warps);
  runWord<8>(H, Buf, Warps);
  runWord<16>(H, Buf, Warps);
  H.end();
}

} // namespace sectorscope::mb
