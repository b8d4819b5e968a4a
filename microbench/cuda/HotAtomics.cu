//===- HotAtomics.cu - Atomics and volatile loads on a table of K words ---===//
//
// Work that hits few addresses is done one request after another at the L2
// slice that owns each address. Two groups, each on a table of K words,
// K = 1 .. 65536, at several occupancies, so the rows give both the time of
// a request at one slice and the GPU's rate over many addresses; atomics
// also on tables of 4 MiB to 256 MiB, where a table larger than L2 makes
// each update a read and a write-back of a DRAM sector:
//   atomic: a histogram of 256 bins, fed from the whole GPU, takes as long
//     as its busiest bin's updates in a row. Every thread adds 1 to a
//     pseudo-random word of the table per trip (the result unused: a
//     `red`, as in examples/histogram_atomic.cu). Self-checking: the
//     table's sum must be the updates made.
//   hot_load: a volatile or atomic load (ld.volatile, ld.relaxed) is served
//     by L2, never by L1, so when every warp of a grid reads one flag or one
//     running minimum (the first load of an atomicMin written as a CAS
//     loop) the reads queue at one slice. Every warp reads one
//     pseudo-random word of the table per trip through a volatile pointer,
//     all its lanes the same word (one request of one sector).
//     Self-checking: a sample of threads' sums of the words they read must
//     equal the host's.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

#include <algorithm>
#include <iterator>
#include <vector>

namespace sectorscope::mb {

namespace {

constexpr int Threads = 64; ///< Two-warp blocks: every even warps/SM.
/// Lane updates (atomic) and warp requests (hot_load) per configuration,
/// over the whole grid.
constexpr double TargetUpdates = 8.0 * 1048576;
constexpr double TargetRequests = 2.0 * 1048576;

/// The word of a K-word table that thread or warp I reads at trip J.
__host__ __device__ unsigned wordOf(unsigned I, int J, unsigned K) {
  unsigned X = I * 2654435761u ^ unsigned(J) * 40503u;
  X ^= X >> 15;
  X *= 0x2c1b3c6du;
  X ^= X >> 12;
  return X % K;
}

/// What word W of the hot_load table holds.
__host__ __device__ unsigned valueOf(unsigned W) {
  return W * 2654435761u + 1u;
}

__global__ void hotAtomicKernel(unsigned *Table, unsigned K, int Trips) {
  extern __shared__ char OccupancyOnly[];
  const unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  for (int J = 0; J < Trips; ++J)
    atomicAdd(Table + wordOf(T, J, K), 1u);
}

__global__ void hotLoadKernel(const unsigned *Table, unsigned K, int Trips,
                              unsigned *Sums) {
  extern __shared__ char OccupancyOnly[];
  const unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  const volatile unsigned *Words = Table;
  unsigned Sum = 0;
  for (int J = 0; J < Trips; ++J)
    Sum += Words[wordOf(T / 32, J, K)];
  Sums[T] = Sum;
}

/// A row of group `Experiment` on a K-word table, with the launch shape of
/// `Kernel` at `Warps` warps/SM: every thread (atomic) or warp (PerWarp:
/// hot_load) makes R.N trips of one 4-byte operation, TargetUpdates or
/// TargetRequests over the grid.
struct TableRun {
  Row R;
  size_t Smem = 0;
  int Grid = 0;
};
TableRun tableRun(Harness &H, const void *Kernel, const char *Experiment,
                  unsigned K, int Warps, bool PerWarp) {
  TableRun Run;
  const int Bps = Warps * 32 / Threads;
  int Achieved = 0;
  Run.Smem = H.smemForBlocks(Kernel, Threads, Bps, Achieved);
  Run.Grid = H.Dev.Sms * Achieved;
  const double Issuers = double(Run.Grid) * Threads / (PerWarp ? 32.0 : 1.0);
  const int Trips =
      std::max(1, int((PerWarp ? TargetRequests : TargetUpdates) / Issuers));
  Row &R = Run.R;
  R.Experiment = Experiment;
  R.Op = PerWarp ? "read" : "atomic";
  R.WordBytes = 4;
  R.N = Trips;
  R.ActiveWarpsPerSm = Achieved * Threads / 32;
  R.BlocksPerSm = Achieved;
  R.Blocks = Run.Grid;
  R.Threads = Threads;
  R.BytesMoved = Issuers * Trips * 4; // A word per update or warp request.
  R.RegionBytes = (long long)K * 4;   // The table.
  R.FootprintBytes = double(K) * 4;
  return Run;
}

void runAtomic(Harness &H, const Buffers &Buf, unsigned K, int Warps) {
  TableRun Run =
      tableRun(H, (const void *)hotAtomicKernel, "atomic", K, Warps, false);
  Row &R = Run.R;
  unsigned *Table = reinterpret_cast<unsigned *>(Buf.B);
  CK(cudaMemset(Table, 0, K * sizeof(unsigned)));
  R.Time = H.time([&](int) {
    hotAtomicKernel<<<Run.Grid, Threads, Run.Smem>>>(Table, K, R.N);
  });
  std::vector<unsigned> Back(K);
  CK(cudaMemcpy(Back.data(), Table, K * sizeof(unsigned),
                cudaMemcpyDeviceToHost));
  unsigned long long Sum = 0;
  for (unsigned V : Back)
    Sum += V;
  const unsigned long long Want =
      (unsigned long long)Run.Grid * Threads * R.N * (H.Opts.Reps + 1);
  if (Sum != Want) {
    std::fprintf(stderr,
                 "sectorscope-microbench: atomic K=%u at %d warps/SM: the "
                 "table holds %llu updates, %llu were made\n",
                 K, R.ActiveWarpsPerSm, Sum, Want);
    std::exit(3);
  }
  H.add(R);
  H.step();
}

void runHotLoad(Harness &H, const Buffers &Buf, unsigned K, int Warps) {
  TableRun Run =
      tableRun(H, (const void *)hotLoadKernel, "hot_load", K, Warps, true);
  Row &R = Run.R;
  unsigned *Table = reinterpret_cast<unsigned *>(Buf.A);
  unsigned *Sums = reinterpret_cast<unsigned *>(Buf.B);
  std::vector<unsigned> Values(K);
  for (unsigned W = 0; W < K; ++W)
    Values[W] = valueOf(W);
  CK(cudaMemcpy(Table, Values.data(), K * sizeof(unsigned),
                cudaMemcpyHostToDevice));
  R.Time = H.time([&](int) {
    hotLoadKernel<<<Run.Grid, Threads, Run.Smem>>>(Table, K, R.N, Sums);
  });
  const unsigned Checked = std::min(unsigned(Run.Grid) * Threads, 4096u);
  std::vector<unsigned> Back(Checked);
  CK(cudaMemcpy(Back.data(), Sums, Checked * sizeof(unsigned),
                cudaMemcpyDeviceToHost));
  for (unsigned T = 0; T < Checked; ++T) {
    unsigned Want = 0;
    for (int J = 0; J < R.N; ++J)
      Want += valueOf(wordOf(T / 32, J, K));
    if (Back[T] != Want) {
      std::fprintf(stderr,
                   "sectorscope-microbench: hot_load K=%u at %d warps/SM: "
                   "thread %u read a sum of %u, expected %u\n",
                   K, R.ActiveWarpsPerSm, T, Back[T], Want);
      std::exit(3);
    }
  }
  H.add(R);
  H.step();
}

/// Every table size at every occupancy, as group `Name`.
void runTableGroup(Harness &H, const Buffers &Buf, const char *Name,
                   const std::vector<unsigned> &Ks,
                   void (*RunOne)(Harness &, const Buffers &, unsigned, int)) {
  const int AllWarps[] = {8, 32, 64};
  H.begin(Name, int(Ks.size() * std::size(AllWarps)));
  for (unsigned K : Ks)
    for (int W : AllWarps)
      RunOne(H, Buf, K, W);
  H.end();
}

} // namespace

/// Tables of few words, where the slices that own them queue the work.
const std::vector<unsigned> FewWords = {1, 4, 16, 64, 256, 1024, 4096, 65536};

void runHotAtomics(Harness &H, const Buffers &Buf) {
  // Scatter-adds and GUPS-like updates reach tables far larger than L2
  // (256 MiB is five times the largest L2 of the GPUs measured).
  std::vector<unsigned> Ks = FewWords;
  for (unsigned Big : {1u << 20, 1u << 22, 1u << 24, 1u << 26})
    if (size_t(Big) * sizeof(unsigned) <= Buf.Bytes)
      Ks.push_back(Big);
  runTableGroup(H, Buf, "atomic", Ks, runAtomic);
}

void runHotLoads(Harness &H, const Buffers &Buf) {
  runTableGroup(H, Buf, "hot_load", FewWords, runHotLoad);
}

} // namespace sectorscope::mb
