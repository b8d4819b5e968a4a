//===- OccupancyPadding.h - Cap resident blocks, keep L1 ------*- C++ -*-===//
//
// The model needs kernel times at several occupancies; the micro-benchmarks
// and SECTORSCOPE_OCCUPANCY get them as gpu-benches and CampProf do: a
// launch asks for more dynamic shared memory than it uses, so that only B
// blocks fit on an SM. On Hopper shared memory and L1 share one array, and
// the padding takes the whole of it as shared memory (L1 28 KiB on H200).
// L1 holds the lines of the loads in flight, so that changes a kernel's
// time: a column walk at 8 warps/SM took 1.43 us a trip with the whole
// array as shared memory and 1.07 us without. So only a cap that binds pads
// the launch: a cap above what the kernel reaches anyway leaves it as the
// program made it (padding it anyway slowed the LBM ghost-layer copy from
// 49 to 60 us). Nor can a cap bind on a grid of no more blocks than the GPU
// has SMs: the block scheduler gives every SM a block before any gets a
// second. A smaller carveout for caps that bind is not used: the occupancy
// API's answer for it did not hold on the GPU (block rows at "8 warps/SM"
// ran as fast as at 16).
//
// Header-only and free of CUDA: the occupancy query is a callable, so the
// host runtime, the micro-benchmarks and the CPU tests share the rule.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_COMMON_OCCUPANCYPADDING_H
#define SECTORSCOPE_COMMON_OCCUPANCYPADDING_H

#include <algorithm>
#include <cstddef>

namespace sectorscope {

struct SharedMemoryLimits {
  size_t PerSm = 0;       ///< Shared memory an SM can hand out (max carveout).
  size_t PerBlockMax = 0; ///< The opt-in maximum for one block.
  size_t Reserved = 0;    ///< The system's reservation per block.
};

/// Dynamic shared memory that caps a launch of Threads-thread blocks at
/// CapWarps active warps per SM (at least one block). A cap the launch does
/// not reach leaves it untouched: no padding, no carveout; so does a grid of
/// GridBlocks <= SmCount blocks (GridBlocks 0: not known, as for the
/// micro-benchmarks' grids of exactly the capped blocks on every SM, where
/// only the padding makes the cap exact). Otherwise
/// WholeArrayShared() asks for the whole array as shared memory (carveout
/// 100%) (false: it
/// could not, the launch stays as asked) and each block gets an even share
/// of it, then the edge is walked in 128-byte steps until exactly the
/// capped blocks fit (rounding and the per-block reserve move it). Never
/// less than Requested: the kernel may need it. Occupancy(bytes) answers
/// for the function as it is set at the time.
template <typename WholeArraySharedFn, typename OccupancyFn>
size_t capSharedBytes(unsigned CapWarps, unsigned Threads, size_t Static,
                      size_t Requested, unsigned long long GridBlocks,
                      unsigned SmCount, const SharedMemoryLimits &L,
                      WholeArraySharedFn WholeArrayShared,
                      OccupancyFn Occupancy) {
  unsigned WarpsPerBlock = std::max(1u, (Threads + 31) / 32);
  long Blocks = long(std::max(1u, CapWarps / WarpsPerBlock));
  if (L.PerSm == 0 || (GridBlocks > 0 && GridBlocks <= SmCount) ||
      long(Occupancy(Requested)) <= Blocks || !WholeArrayShared())
    return Requested;
  const long Lo = long(Requested);
  const long Hi = long(L.PerBlockMax > Static ? L.PerBlockMax - Static : 0);
  long S = long(L.PerSm) / Blocks - long(Static + L.Reserved);
  S = std::clamp(S, Lo, std::max(Lo, Hi));
  const long Step = 128;
  while (S + Step <= Hi && long(Occupancy(size_t(S))) > Blocks)
    S += Step;
  while (S - Step >= Lo && long(Occupancy(size_t(S))) < Blocks)
    S -= Step;
  return size_t(S);
}

/// Whether a cap of CapWarps warps per SM would split a grid that runs as
/// one wave as launched (NaturalBlocks per SM, all GridBlocks resident at
/// once on SmCount SMs) into several. A kernel whose blocks wait on one
/// another (spinning on a flag or a counter another block writes, read
/// through a volatile or atomic load) then never finishes: its resident
/// blocks wait for blocks that cannot start until they end.
inline bool capSplitsOneWave(unsigned CapWarps, unsigned Threads,
                             unsigned long long GridBlocks, unsigned SmCount,
                             int NaturalBlocks) {
  unsigned WarpsPerBlock = std::max(1u, (Threads + 31) / 32);
  unsigned long long Capped = std::max(1u, CapWarps / WarpsPerBlock);
  unsigned long long Natural = (unsigned long long)std::max(NaturalBlocks, 0);
  return GridBlocks > 0 && GridBlocks <= Natural * SmCount &&
         GridBlocks > Capped * SmCount;
}

} // namespace sectorscope

#endif
