//===- Partition.cuh - Address to memory partition ---------*- CUDA -*-===//
//
// The device twin of common/PartitionModel::partitionOf, driven by the model
// the host put in the launch's configuration (abi.h, constant memory), so
// one binary serves every model.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RUNTIME_DEVICE_PARTITION_CUH
#define SECTORSCOPE_RUNTIME_DEVICE_PARTITION_CUH

#include "Device.cuh"

namespace sectorscope_rt {

/// The parity of the bits of `Addr` that `Mask` selects, with one 32-bit
/// population count: parity(a) ^ parity(b) = parity(a ^ b).
SS_DEV uint32_t maskedParity(uint64_t Addr, uint64_t Mask) {
  uint64_t M = Addr & Mask;
  return __popc(uint32_t(M) ^ uint32_t(M >> 32)) & 1;
}

/// Any map the host sends: XOR masks (abi.h: linear maps of up to 16
/// partitions, one partition and the uniform kind's single one too), or a
/// linear map.
SS_DEV uint32_t partitionOfMap(uint64_t Addr) {
  if (cfg().part_kind == SS_PART_XOR) {
    uint32_t N = cfg().part_num_masks < SS_MAX_PARTITION_MASKS
                     ? cfg().part_num_masks
                     : SS_MAX_PARTITION_MASKS;
    // Not unrolled: 16 copies of it were a large part of the access, which
    // ptxas compiles into every instrumented kernel. Masks past
    // part_num_masks are zero.
    uint32_t Index = 0;
#pragma unroll 1
    for (uint32_t I = 0; I < N; ++I)
      Index |= maskedParity(Addr, cfg().part_masks[I]) << I;
    // Below 2^part_num_masks = part_count (abi.h): within the tables.
    return Index;
  }
  uint32_t Count = cfg().part_count;
  if (cfg().part_kind != SS_PART_LINEAR || !Count)
    return 0;
  uint64_t Unit = Addr >> cfg().part_gran_log2;
  // Most maps have a power-of-two count: a mask, not a 64-bit division.
  if ((Count & (Count - 1)) == 0)
    return uint32_t(Unit) & (Count - 1);
  return uint32_t(Unit % Count);
}

/// Most maps are one mask's parity (abi.h part_general: the H200's,
/// and one partition): that first, with no further branches.
SS_DEV uint32_t partitionOf(uint64_t Addr) {
  if (cfg().part_general)
    return partitionOfMap(Addr);
  return maskedParity(Addr, cfg().part_masks[0]);
}

/// This block's time window: blocks are numbered linearly and, on a full
/// GPU, run roughly in that order, so block id / blocks_per_window is a
/// coarse clock that needs no timer reads. Computed once, at kernel entry
/// (a division per access would be most of the access's cost).
SS_DEV uint32_t timeWindow() {
  uint32_t PerWindow = cfg().blocks_per_window ? cfg().blocks_per_window : 1;
  uint64_t W = linearBlock() / PerWindow;
  uint32_t Last = cfg().num_windows ? cfg().num_windows - 1 : 0;
  return W < Last ? uint32_t(W) : Last;
}

} // namespace sectorscope_rt

#endif
