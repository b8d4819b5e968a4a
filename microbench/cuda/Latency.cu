//===- Latency.cu - Round trips with a known number of loads in flight ----===//
//
// The stream and campprof loops leave the compiler free to overlap the loads
// of one trip with those of the next (no dependence ties them), so the loads
// a warp really has in flight are not the ones the source shows, and a
// latency fitted from them is per "source trip", not per round trip. Here
// every trip's addresses depend on the data of the trip before (through a
// mask that is zero at run time, which no compiler can see), so exactly M
// loads are in flight per warp: the time of a trip is the loaded round trip
// of M requests of S sectors, at every occupancy, from DRAM (a 1 GiB walk)
// or from L2 (a 4 MiB region).
//
// The `small` group runs the same chains in grids too small to fill the GPU
// (1 to one block per SM, 0 to 32 trips, every run on addresses no earlier
// run touched): the fixed cost of a launch that the streams cannot separate
// from their bytes, and round trips at the occupancy a small grid has.
//
// The `dirty` group runs DRAM chains right after a kernel that wrote W
// bytes (W = 0 .. 2x L2) and so left L2 that full of dirty lines: a line a
// miss allocates must first write back the dirty one it evicts. Real
// programs run kernels back to back (an LBM step, then the ghost copy that
// reads few bytes from many lines); the other groups time a kernel after
// itself.
//
// The `streams` group runs the DRAM chains with the M loads of a trip in M
// separate regions (M arrays read at the same index, as most kernels do)
// beside the same chains with the M loads side by side in one region (the
// latency group's layout): a warp's side-by-side loads share DRAM pages,
// separate streams each open their own, and the round trip shows it where
// few requests are in flight.
//
// The `block` group measures what a thread block costs beyond its loads:
// a copy where each thread moves K words (one load, then its store, per
// word), at a fixed total, so the number of blocks changes with K and the
// block size while the bytes stay.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

#include <algorithm>
#include <iterator>

namespace sectorscope::mb {

namespace {

/// Trips of M loads; each load is one warp request: lane L reads element
/// Pos + L * LaneStride (stride 0: one sector per request). A trip's loads
/// are side by side (Gap 0: a chunk apart) or Gap elements apart, each in a
/// stream of its own that the warps walk together. With Out (the
/// small group, 4-byte words), the chain ends in one store per thread of
/// its result, lanes StoreStride words apart (1: 4 sectors in one line;
/// 32: a line per lane, each sector written in part): a kernel ends when
/// its stores are done.
template <typename T, int M, bool L1>
__global__ void chainKernel(const T *__restrict__ P, size_t Mask, int Trips,
                            int LaneStride, size_t ZeroMask, unsigned *Sink,
                            size_t Base, unsigned *Out, int StoreStride,
                            size_t Gap) {
  const int Lane = threadIdx.x & 31;
  const size_t Warp = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  const size_t Warps = (size_t(gridDim.x) * blockDim.x) >> 5;
  // One chunk per load: 32 lanes x stride elements, at least one sector.
  const size_t Chunk = 32 * size_t(LaneStride > 0 ? LaneStride : 1);
  // A warp's share of a trip: its M chunks side by side, or one chunk of
  // each stream.
  const size_t Share = Gap ? Chunk : M * Chunk;
  const size_t Next = Gap ? Gap : Chunk;
  size_t Pos = Base + Warp * Share;
  unsigned Acc = 0;
  for (int K = 0; K < Trips; ++K) {
    T V[M];
#pragma unroll
    for (int J = 0; J < M; ++J) {
      const T *A = P + ((Pos + J * Next + size_t(Lane) * LaneStride) & Mask);
      V[J] = L1 ? __ldca(A) : __ldcg(A);
    }
    unsigned Fold = 0;
#pragma unroll
    for (int J = 0; J < M; ++J)
      Fold ^= fold(V[J]);
    Acc ^= Fold;
    // The next trip waits for all M loads of this one.
    Pos += Warps * Share + (Fold & ZeroMask);
  }
  if (Out)
    __stcg(Out +
               ((Base + Warp * 32 * StoreStride + size_t(Lane) * StoreStride) &
                Mask),
           Acc | 1u);
  else if (Acc == SinkMagic)
    *Sink = Acc;
}

/// K words per thread, each loaded then stored (the store needs the load).
__global__ void blockCopyKernel(const unsigned *__restrict__ Src,
                                unsigned *__restrict__ Dst, int K) {
  const size_t Base = size_t(blockIdx.x) * blockDim.x * K + threadIdx.x;
  for (int J = 0; J < K; ++J) {
    const size_t I = Base + size_t(J) * blockDim.x;
    __stcg(Dst + I, __ldcg(Src + I));
  }
}

/// Reads Bytes of P (16-byte words, grid-stride): fills L2 with clean lines.
__global__ void flushReadKernel(const uint4 *__restrict__ P, size_t Words,
                                unsigned *Sink) {
  unsigned Acc = 0;
  for (size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x; I < Words;
       I += size_t(gridDim.x) * blockDim.x)
    Acc ^= fold(__ldcg(P + I));
  if (Acc == SinkMagic)
    *Sink = Acc;
}

/// Writes Words 16-byte words of P (grid-stride): leaves them dirty in L2.
__global__ void dirtyWriteKernel(uint4 *__restrict__ P, size_t Words) {
  for (size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x; I < Words;
       I += size_t(gridDim.x) * blockDim.x)
    __stcg(P + I, makeWord<uint4>(unsigned(I)));
}

/// Blocks per SM and threads per block that give W warps per SM: one-warp
/// blocks up to 32 (the resident-block limit), two-warp blocks above.
void shapeFor(int W, int &Threads, int &Bps) {
  Threads = W <= 32 ? 32 : 64;
  Bps = W * 32 / Threads;
}

/// A row for a chain of Mlp loads per trip, lanes LaneStride words apart,
/// in Grid blocks of Threads threads, Achieved of them per SM.
Row chainRow(const char *Experiment, int WordBytes, int LaneStride, int Mlp,
             int Achieved, int Threads, long long Grid) {
  Row R;
  R.Experiment = Experiment;
  R.Op = "read";
  R.WordBytes = WordBytes;
  R.Stride = LaneStride;
  R.Mlp = Mlp;
  R.ActiveWarpsPerSm = Achieved * Threads / 32;
  R.BlocksPerSm = Achieved;
  R.Blocks = Grid;
  R.Threads = Threads;
  return R;
}

/// Where a chain walks: DRAM (1 GiB), L2 (4 MiB, L2-only loads) or L1
/// (16 KiB, cached loads: it fits the L1 left beside the largest shared
/// memory carve-out, which sets the occupancy).
enum class Level { Dram, L2, L1 };

struct ChainCase {
  int WordBytes, LaneStride, Mlp, Warps;
  Level Where;
  /// The streams group's rows: 1 (the trip's loads side by side) or Mlp
  /// (each in a stream of its own); 0: a latency group row.
  int Streams = 0;
};

template <typename T, int M>
void runChain(Harness &H, const Buffers &Buf, const ChainCase &C) {
  auto K =
      C.Where == Level::L1 ? chainKernel<T, M, true> : chainKernel<T, M, false>;
  int Threads = 0, Bps = 0;
  shapeFor(C.Warps, Threads, Bps);
  int Achieved = 0;
  size_t Smem = H.smemForBlocks((const void *)K, Threads, Bps, Achieved);
  const int Grid = H.Dev.Sms * Bps;
  const size_t Region = C.Where == Level::Dram ? (size_t(1) << 30)
                        : C.Where == Level::L2 ? (size_t(4) << 20)
                                               : (size_t(16) << 10);
  const size_t Mask = Region / sizeof(T) - 1;
  const int Spr =
      C.LaneStride == 0 ? 1 : std::min(32, C.LaneStride * int(sizeof(T)));
  const double WarpsTotal = double(Grid) * Threads / 32;
  const size_t Chunk = 32 * size_t(C.LaneStride > 0 ? C.LaneStride : 1);
  // About 1 ms at one warp per SM; at most 2 GiB of requests.
  const double PerTrip = WarpsTotal * M * Spr * 32.0;
  const int Trips =
      int(std::max(16.0, std::min(2048.0, 2147483648.0 / PerTrip)));
  const T *P = reinterpret_cast<const T *>(Buf.A);
  Row R = chainRow(C.Streams              ? "streams"
                   : C.Where == Level::L1 ? "latency_l1"
                                          : "latency",
                   int(sizeof(T)), C.LaneStride, M, Achieved, Threads, Grid);
  if (C.Streams)
    R.N = C.Streams;
  // Separate streams split the region evenly: M arrays of Region / M.
  const size_t Gap = C.Streams > 1 ? Region / sizeof(T) / M : 0;
  R.BytesMoved = PerTrip * Trips;
  // The walk covers a whole chunk per request even when it reads one
  // sector of it; a walk that fits in L2 twice over is served by L2 after
  // the warm-up run, so it does not count as DRAM.
  const double Walk = WarpsTotal * M * Chunk * sizeof(T) * Trips;
  R.FootprintBytes = std::min(double(Region), Walk);
  R.RegionBytes = (long long)Region;
  R.Dram = C.Where == Level::Dram && R.FootprintBytes >= 2.0 * H.Dev.L2Bytes;
  R.Time = H.time([&](int) {
    K<<<Grid, Threads, Smem>>>(P, Mask, Trips, C.LaneStride, 0, H.Sink, 0,
                               nullptr, 0, Gap);
  });
  H.add(R);
  H.step();
}

template <typename T>
void dispatchChain(Harness &H, const Buffers &Buf, const ChainCase &C) {
  switch (C.Mlp) {
  case 1:
    return runChain<T, 1>(H, Buf, C);
  case 2:
    return runChain<T, 2>(H, Buf, C);
  case 4:
    return runChain<T, 4>(H, Buf, C);
  default:
    return runChain<T, 8>(H, Buf, C);
  }
}

/// The group's chains, 16-byte words as uint4, the others as 4-byte words.
void runChains(Harness &H, const Buffers &Buf, const char *Group,
               const std::vector<ChainCase> &Cases) {
  H.begin(Group, int(Cases.size()));
  for (const ChainCase &C : Cases) {
    if (C.WordBytes == 16)
      dispatchChain<uint4>(H, Buf, C);
    else
      dispatchChain<unsigned>(H, Buf, C);
  }
  H.end();
}

} // namespace

void runLatency(Harness &H, const Buffers &Buf) {
  // (word bytes, lane stride): 1, 4, 16 and 32 sectors per request.
  const std::pair<int, int> Shapes[] = {{4, 0}, {4, 1}, {16, 1}, {4, 8}};
  std::vector<ChainCase> Cases;
  // L1 also gets 32 lines per request (lanes 128 B apart, a column walk):
  // whether L1 is limited by the sectors or the lines a request touches
  // (the other shapes keep 4 sectors per line and cannot tell). So does
  // DRAM: the model takes a 32-sector request to be a column walk, a line
  // per lane, and the stride-8 shape has 8.
  const std::pair<int, int> ColumnWalk{4, 32};
  for (Level Where : {Level::Dram, Level::L2, Level::L1})
    for (int I = 0; I < int(std::size(Shapes)) + (Where != Level::L2); ++I) {
      auto [W, S] = I < int(std::size(Shapes)) ? Shapes[I] : ColumnWalk;
      for (int M : {1, 2, 4, 8})
        for (int Warps : {1, 2, 4, 8, 16, 32, 64})
          if (!H.Opts.Quick || Warps == 1 || Warps == 16 || Warps == 64)
            Cases.push_back({W, S, M, Warps, Where});
    }
  runChains(H, Buf, "latency", Cases);
}

void runStreams(Harness &H, const Buffers &Buf) {
  // 4 and 16 sectors per request (4 and 16 B words, coalesced), the
  // latency group's occupancies; both layouts of every chain, one after
  // the other, so that their ratio comes from one run.
  const std::pair<int, int> Shapes[] = {{4, 1}, {16, 1}};
  std::vector<ChainCase> Cases;
  for (auto [W, S] : Shapes)
    for (int M : {2, 4, 8})
      for (int Warps : {1, 2, 4, 8, 16, 32, 64})
        if (!H.Opts.Quick || Warps == 1 || Warps == 16 || Warps == 64)
          for (int Streams : {1, M})
            Cases.push_back({W, S, M, Warps, Level::Dram, Streams});
  runChains(H, Buf, "streams", Cases);
}

void runSmallGrid(Harness &H, const Buffers &Buf) {
  const int Blocks[] = {1, 8, 33, H.Dev.Sms};
  const int ThreadCounts[] = {32, 256};
  const int TripCounts[] = {0, 1, 2, 4, 8, 16, 32};
  const size_t Region = size_t(1) << 30, Mask = Region / sizeof(unsigned) - 1;
  // Each run starts 8 MiB (in elements) past the last: a run's walk (at most
  // 132 x 8 warps x 32 trips x 128 B = 4.3 MB) never meets one the L2 may
  // still hold.
  const size_t Spacing = (size_t(8) << 20) / sizeof(unsigned);
  size_t Next = 0;
  const unsigned *P = reinterpret_cast<const unsigned *>(Buf.A);
  unsigned *Q = reinterpret_cast<unsigned *>(Buf.B);
  H.begin("small", int(std::size(Blocks) * std::size(ThreadCounts) *
                           std::size(TripCounts) +
                       18));
  // One row: G blocks of Threads threads, Trips trips; StoreStride 0: no
  // store, else a store per thread at the end, lanes that many words apart.
  auto Run = [&](int G, int Threads, int Trips, int StoreStride) {
    Row R;
    R.Experiment = "small";
    R.Op = "read";
    R.WordBytes = int(sizeof(unsigned));
    R.Stride = 1;
    R.Mlp = 1;
    R.N = Trips;
    R.Stores = StoreStride ? 1 : 0;
    R.M = StoreStride;
    R.ActiveWarpsPerSm = Threads / 32; // on each SM that has a block
    R.BlocksPerSm = 1;
    R.Blocks = G;
    R.Threads = Threads;
    R.BytesMoved = double(G) * Threads * sizeof(unsigned) * Trips;
    R.FootprintBytes = R.BytesMoved;
    R.RegionBytes = (long long)Region;
    R.Dram = true;
    R.Time = H.time([&](int) {
      chainKernel<unsigned, 1, false>
          <<<G, Threads>>>(P, Mask, Trips, 1, 0, H.Sink, Next,
                           StoreStride ? Q : nullptr, StoreStride, 0);
      Next += Spacing;
    });
    H.add(R);
    H.step();
  };
  for (int Threads : ThreadCounts)
    for (int G : Blocks)
      for (int Trips : TripCounts)
        Run(G, Threads, Trips, 0);
  // The same chains ending in one store per thread: the store's round trip
  // is paid before the kernel ends (coalesced, or a column of partial
  // sectors).
  for (int StoreStride : {1, 32})
    for (int G : {1, 8, H.Dev.Sms})
      for (int Trips : {0, 1, 4})
        Run(G, 256, Trips, StoreStride);
  H.end();
}

void runBlockCost(Harness &H, const Buffers &Buf) {
  // (threads per block, words per thread) at a fixed 64 Mi words: the
  // number of blocks spans 16 Ki .. 2 Mi.
  const std::pair<int, int> Shapes[] = {{32, 1},   {64, 1},  {256, 1},
                                        {1024, 1}, {256, 4}, {256, 16}};
  const size_t Words = size_t(64) << 20;
  H.begin("block", int(std::size(Shapes)) * 4);
  for (const auto &Shape : Shapes)
    for (int Warps : {8, 16, 32, 64}) {
      const int Threads = Shape.first, K = Shape.second;
      const int WarpsPerBlock = Threads / 32;
      const int Bps = Warps / WarpsPerBlock;
      if (Bps < 1 || Bps > 32)
        continue; // Not reachable with this block size.
      int Achieved = 0;
      size_t Smem = H.smemForBlocks((const void *)blockCopyKernel, Threads, Bps,
                                    Achieved);
      const long long Grid = (long long)(Words / (size_t(Threads) * K));
      const unsigned *S = reinterpret_cast<const unsigned *>(Buf.A);
      unsigned *D = reinterpret_cast<unsigned *>(Buf.B);
      Row R;
      R.Experiment = "block";
      R.Op = "copy";
      R.WordBytes = 4;
      R.Stride = 1;
      R.Mlp = 1;
      R.N = K;
      R.ActiveWarpsPerSm = Achieved * WarpsPerBlock;
      R.BlocksPerSm = Achieved;
      R.Blocks = Grid;
      R.Threads = Threads;
      R.BytesMoved = double(Words) * 4 * 2;
      R.FootprintBytes = R.BytesMoved;
      R.Dram = true;
      R.Time = H.time([&](int) {
        blockCopyKernel<<<unsigned(Grid), Threads, Smem>>>(S, D, K);
      });
      H.add(R);
      H.step();
    }
  H.end();
}

void runDirtyL2(Harness &H, const Buffers &Buf) {
  // The chains (read side, Buf.A): a column walk (a line per lane, 2 loads
  // in flight, 8 warps/SM, as a ghost-layer copy) and a coalesced walk (4
  // sectors in one line per request, 8 in flight, 32 warps/SM); the trips
  // set the lines they allocate, from a fraction of L2 to 3x it.
  struct Chain {
    int LaneStride, Mlp, Warps;
    std::vector<int> Trips;
  };
  const Chain Chains[] = {{32, 2, 8, {1, 2, 4, 8, 16}}, {1, 8, 32, {2, 8, 32}}};
  const double L2 = double(H.Dev.L2Bytes);
  // Bytes the kernel before writes: none (it only reads 2x L2, leaving L2
  // full of clean lines), a quarter, half, all of L2, twice L2.
  const double Fractions[] = {0, 0.25, 0.5, 1, 2};
  int Total = 0;
  for (const Chain &C : Chains)
    Total += int(C.Trips.size() * std::size(Fractions));
  H.begin("dirty", Total);
  const size_t Region = size_t(1) << 30, Mask = Region / sizeof(unsigned) - 1;
  const unsigned *P = reinterpret_cast<const unsigned *>(Buf.A);
  // Buf.B: the dirty writes from its start, the flush read 512 MiB on.
  uint4 *Dirty = reinterpret_cast<uint4 *>(Buf.B);
  const uint4 *Flush =
      reinterpret_cast<const uint4 *>(Buf.B + (size_t(512) << 20));
  const size_t FlushWords = size_t(2 * L2) / sizeof(uint4);
  for (const Chain &C : Chains)
    for (int Trips : C.Trips)
      for (double F : Fractions) {
        auto K = C.Mlp == 2 ? chainKernel<unsigned, 2, false>
                            : chainKernel<unsigned, 8, false>;
        int Threads = 0, Bps = 0;
        shapeFor(C.Warps, Threads, Bps);
        int Achieved = 0;
        size_t Smem = H.smemForBlocks((const void *)K, Threads, Bps, Achieved);
        const int Grid = H.Dev.Sms * Bps;
        const double WarpsTotal = double(Grid) * Threads / 32;
        const int Spr = std::min(32, C.LaneStride * int(sizeof(unsigned)));
        const size_t DirtyWords = size_t(F * L2) / sizeof(uint4);
        Row R = chainRow("dirty", int(sizeof(unsigned)), C.LaneStride, C.Mlp,
                         Achieved, Threads, Grid);
        R.N = Trips;
        R.BytesMoved = WarpsTotal * C.Mlp * Spr * 32.0 * Trips;
        R.FootprintBytes =
            WarpsTotal * C.Mlp * 32.0 * C.LaneStride * sizeof(unsigned) * Trips;
        R.RegionBytes = (long long)Region;
        R.PriorWriteBytes = double(DirtyWords * sizeof(uint4));
        R.Dram = true;
        R.Time = H.time(
            [&](int) {
              K<<<Grid, Threads, Smem>>>(P, Mask, Trips, C.LaneStride, 0,
                                         H.Sink, 0, nullptr, 0, 0);
            },
            [&](int) {
              // Clean L2 first (the chain's lines of the run before
              // leave), then the dirty lines on top.
              flushReadKernel<<<H.Dev.Sms * 8, 256>>>(Flush, FlushWords,
                                                      H.Sink);
              if (DirtyWords)
                dirtyWriteKernel<<<H.Dev.Sms * 8, 256>>>(Dirty, DirtyWords);
            });
        H.add(R);
        H.step();
      }
  H.end();
}

} // namespace sectorscope::mb
