//===- HeatMap.cuh - The sampled block's per-sector warp sets --*- CUDA -*-===//
//
// An open-addressing hash table of ss_heat_entry in the launch buffer, keyed
// by (space << 62) | sector. Slots are claimed with atomicCAS on the key and
// never freed, so a key once seen stays where it is and readers need no lock.
// Probing is bounded: a full (or pathologically clustered) table drops the
// record and counts it in heat_overflow rather than writing past the end.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RUNTIME_DEVICE_HEATMAP_CUH
#define SECTORSCOPE_RUNTIME_DEVICE_HEATMAP_CUH

#include "Device.cuh"

namespace sectorscope_rt {

constexpr unsigned kMaxProbes = 64;

/// Fibonacci hashing: sectors of a streaming access are consecutive keys,
/// which a multiplicative hash spreads over the table.
SS_DEV uint32_t heatHash(uint64_t Key) {
  return uint32_t((Key * 0x9E3779B97F4A7C15ull) >> 32);
}

/// Fire and forget: an atomic whose result is unused compiles to a
/// reduction (RED) that the warp does not wait for. Reading the bits first
/// to skip it would cost the sampled block an L2 round trip per record, and
/// the sampled block is the kernel's critical path.
SS_DEV void setBits(uint32_t *P, uint32_t Bits) {
  atomicOr(reinterpret_cast<unsigned *>(P), Bits);
}

/// Records that warp bit `WarpBit` touched the words `WordMask` of the sector
/// `Key` with operation `Op`. Called by one lane per distinct sector.
SS_DEV void heatRecord(ss_launch_header *H, uint64_t Key, uint32_t WarpBit,
                       uint32_t WordMask, uint32_t Op) {
  uint32_t Cap = H->heat_capacity;
  ss_heat_entry *T = table<ss_heat_entry>(H, H->off_heat);
  uint64_t K = Key ? Key : SS_HEAT_KEY_ZERO;
  uint32_t Slot = heatHash(K) & (Cap - 1);
  for (unsigned Probe = 0; Probe < kMaxProbes && Probe < Cap; ++Probe) {
    ss_heat_entry *E = &T[Slot];
    // One round trip whether the slot is free, ours or another key's.
    uint64_t Cur = atomicCAS(reinterpret_cast<unsigned long long *>(&E->key),
                             0ull, (unsigned long long)K);
    if (Cur == 0) {
      atomicAdd(reinterpret_cast<unsigned long long *>(&H->heat_used), 1ull);
      Cur = K;
    }
    if (Cur == K) {
      setBits(&E->sector_warps, WarpBit);
      for (unsigned W = 0; W < SS_WORDS_PER_SECTOR; ++W)
        if (WordMask & (1u << W))
          setBits(&E->word_warps[W], WarpBit);
      setBits(&E->ops, 1u << Op);
      return;
    }
    Slot = (Slot + 1) & (Cap - 1);
  }
  atomicAdd(reinterpret_cast<unsigned long long *>(&H->heat_overflow), 1ull);
}

} // namespace sectorscope_rt

#endif
