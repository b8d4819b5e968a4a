//===- Gt200.cu - The GT200 paper's read-N/write-N experiment -------------===//
//
// The GT200 paper modelled a kernel whose threads read N words and then
// write N words (one per structure-of-arrays array, as in an LBM node
// update), with L of the reads and M of the writes shifted by one word so
// that they straddle sector and line boundaries: T = l + T_R(N, L) +
// T_W(N, M).
// Loads and stores go to L2 directly (__ldcg/__stcg): GT200 had no L1, and an
// L1 hit on the overlap of a shifted read would hide its cost.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

namespace sectorscope::mb {

namespace {

constexpr int Threads = 256;
constexpr int MaxN = 40;

__global__ void gt200Kernel(const float *__restrict__ Src,
                            float *__restrict__ Dst, int N, int L, int M,
                            size_t ArrayElems, size_t Nodes) {
  extern __shared__ char OccupancyOnly[];
  const size_t NT = size_t(gridDim.x) * blockDim.x;
  for (size_t Node = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
       Node < Nodes; Node += NT) {
    float Sum = 0;
#pragma unroll 8
    for (int J = 0; J < N; ++J)
      Sum += __ldcg(Src + J * ArrayElems + Node + (J < L));
#pragma unroll 8
    for (int J = 0; J < N; ++J)
      __stcg(Dst + J * ArrayElems + Node + (J < M), Sum + float(J));
  }
}

} // namespace

void runGt200(Harness &H, const Buffers &Buf) {
  // 2^24 nodes: one array is 64 MiB, so even N = 1 (128 MiB touched) is
  // above the L2. One spare line per array absorbs the shifted accesses.
  size_t Nodes = size_t(1) << 24;
  while ((Nodes + 32) * 4 * MaxN > Buf.Bytes)
    Nodes >>= 1;
  const size_t ArrayElems = Nodes + 32;
  struct Case {
    int N, L, M, Warps;
  };
  std::vector<Case> Cases;
  const int Full = H.Dev.MaxWarpsPerSm;
  for (int N = 1; N <= MaxN; ++N)
    if (!H.Opts.Quick || N % 8 == 1 || N == MaxN) {
      Cases.push_back({N, 0, 0, Full});
      Cases.push_back({N, N, N, Full});
    }
  // The paper's Figs. 7-8: N = 19 with a growing number of misalignments,
  // and the occupancy sweep.
  for (int X = 1; X <= 19; ++X)
    if (!H.Opts.Quick || X % 6 == 0) {
      Cases.push_back({19, X, 0, Full});
      Cases.push_back({19, 0, X, Full});
    }
  for (int W = 8; W < Full; W += 8)
    if (!H.Opts.Quick || W % 16 == 0)
      Cases.push_back({19, 0, 0, W});

  auto K = gt200Kernel;
  H.begin("gt200", int(Cases.size()));
  for (const Case &C : Cases) {
    int Bps = C.Warps * 32 / Threads, Achieved = 0;
    size_t Smem = H.smemForBlocks((const void *)K, Threads, Bps, Achieved);
    const int Grid = H.Dev.Sms * Bps;
    const float *Src = reinterpret_cast<const float *>(Buf.A);
    float *Dst = reinterpret_cast<float *>(Buf.B);
    Row R;
    R.Experiment = "gt200";
    R.Op = "readwrite";
    R.WordBytes = 4;
    R.N = C.N;
    R.L = C.L;
    R.M = C.M;
    R.ActiveWarpsPerSm = Achieved * Threads / 32;
    R.BlocksPerSm = Achieved;
    R.Blocks = Grid;
    R.Threads = Threads;
    R.BytesMoved = 2.0 * C.N * double(Nodes) * 4;
    R.FootprintBytes = R.BytesMoved;
    R.Dram = R.FootprintBytes >= 2.0 * H.Dev.L2Bytes;
    R.Time = H.time([&](int) {
      K<<<Grid, Threads, Smem>>>(Src, Dst, C.N, C.L, C.M, ArrayElems, Nodes);
    });
    H.add(R);
    H.step();
  }
  H.end();
}

} // namespace sectorscope::mb
