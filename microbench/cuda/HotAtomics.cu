//===- HotAtomics.cu - Atomics on a table of K words ----------------------===//
//
// Atomics that hit few addresses are done one after another at the L2 slice
// that owns each address: a histogram of 256 bins, fed from the whole GPU,
// takes as long as its busiest bin's updates in a row. Every thread here
// adds 1 to a pseudo-random word of a K-word table per trip (the result
// unused: a `red`, as in examples/histogram_atomic.cu), K = 1 .. 65536,
// at several occupancies, so the rows give both the time of an update of
// one address after another and the GPU's rate over many addresses.
// Self-checking: the table's sum must be the updates made.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

#include <algorithm>
#include <iterator>
#include <vector>

namespace sectorscope::mb {

namespace {

constexpr int Threads = 64; ///< Two-warp blocks: every even warps/SM.
/// Updates per configuration, over the whole grid.
constexpr double TargetUpdates = 8.0 * 1048576;

__global__ void hotAtomicKernel(unsigned *Table, unsigned K, int Trips) {
  extern __shared__ char OccupancyOnly[];
  const unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  for (int J = 0; J < Trips; ++J) {
    unsigned X = T * 2654435761u ^ unsigned(J) * 40503u;
    X ^= X >> 15;
    X *= 0x2c1b3c6du;
    X ^= X >> 12;
    atomicAdd(Table + X % K, 1u);
  }
}

void runOne(Harness &H, const Buffers &Buf, unsigned K, int Warps) {
  const int Bps = Warps * 32 / Threads;
  int Achieved = 0;
  size_t Smem =
      H.smemForBlocks((const void *)hotAtomicKernel, Threads, Bps, Achieved);
  const int Grid = H.Dev.Sms * Achieved;
  const double GridThreads = double(Grid) * Threads;
  const int Trips = std::max(1, int(TargetUpdates / GridThreads));
  unsigned *Table = reinterpret_cast<unsigned *>(Buf.B);
  CK(cudaMemset(Table, 0, K * sizeof(unsigned)));
  Row R;
  R.Experiment = "atomic";
  R.Op = "atomic";
  R.WordBytes = 4;
  R.N = Trips;
  R.ActiveWarpsPerSm = Achieved * Threads / 32;
  R.BlocksPerSm = Achieved;
  R.Blocks = Grid;
  R.Threads = Threads;
  R.BytesMoved = GridThreads * Trips * 4; // The updates' words.
  R.RegionBytes = (long long)K * 4;       // The table.
  R.FootprintBytes = double(K) * 4;
  R.Time = H.time(
      [&](int) { hotAtomicKernel<<<Grid, Threads, Smem>>>(Table, K, Trips); });
  std::vector<unsigned> Back(K);
  CK(cudaMemcpy(Back.data(), Table, K * sizeof(unsigned),
                cudaMemcpyDeviceToHost));
  unsigned long long Sum = 0;
  for (unsigned V : Back)
    Sum += V;
  const unsigned long long Want =
      (unsigned long long)GridThreads * Trips * (H.Opts.Reps + 1);
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

} // namespace

void runHotAtomics(Harness &H, const Buffers &Buf) {
  const unsigned Ks[] = {1, 4, 16, 64, 256, 1024, 4096, 65536};
  const int AllWarps[] = {8, 32, 64};
  H.begin("atomic", int(std::size(Ks) * std::size(AllWarps)));
  for (unsigned K : Ks)
    for (int W : AllWarps)
      runOne(H, Buf, K, W);
  H.end();
}

} // namespace sectorscope::mb
