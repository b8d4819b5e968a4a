//===- SampleLog.cuh - The sampled block's lane records --------*- CUDA -*-===//
//
// Each lane of the sampled block writes one record per access to the log in
// the launch buffer (abi.h), at a position its own cursor gives: one store,
// no vote, shuffle or atomic. Grouping the lanes into requests and sectors on
// the device put a dozen warp-wide steps on every access, and in kernels of
// few blocks whose threads loop over thousands of accesses, the sampled
// block's path is the kernel's critical path. The host does that grouping
// instead, from the records (Buffers.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RUNTIME_DEVICE_SAMPLELOG_CUH
#define SECTORSCOPE_RUNTIME_DEVICE_SAMPLELOG_CUH

#include "Device.cuh"

namespace sectorscope_rt {

/// Each thread's records so far (abi.h), in shared memory: a register would
/// have to be threaded through every function the kernel calls.
static __shared__ uint32_t LaneCursor[SS_SAMPLE_SHARED_BYTES / 4];
static_assert(SS_SAMPLE_SHARED_BYTES / 4 == SS_MAX_WARPS * 32,
              "one cursor per thread");

/// At the sampled block's entry, before any access.
SS_DEV void resetLaneCursor() { LaneCursor[linearTid()] = 0; }

/// The record's first word (abi.h ss_lane_record).
SS_DEV uint64_t laneAccessWord(uint32_t Space, uint32_t Op, uint32_t Width,
                               uint64_t Addr) {
  uint64_t A = Addr < SS_LANE_WIDE ? Addr : SS_LANE_WIDE;
  return (uint64_t(Space & 3) << 62) | (uint64_t(Op & 3) << 60) |
         (uint64_t(Width > 255 ? 255 : Width) << SS_LANE_ADDR_BITS) | A;
}

/// Two 64-bit words with one store that says "global".
SS_DEV void stGlobalPair(uint64_t *P, uint64_t A, uint64_t B) {
  asm volatile("{ .reg .u64 g; cvta.to.global.u64 g, %0;"
               " st.global.v2.u64 [g], {%1, %2}; }" ::"l"(P),
               "l"(A), "l"(B)
               : "memory");
}

SS_DEV void stGlobal32(uint32_t *P, uint32_t V) {
  asm volatile("{ .reg .u64 g; cvta.to.global.u64 g, %0;"
               " st.global.u32 [g], %1; }" ::"l"(P),
               "r"(V)
               : "memory");
}

/// This lane's record of an access of the request `Lanes`.
SS_DEV void logLane(ss_launch_header *H, uint32_t Site, uint32_t Op,
                    uint32_t Width, uint32_t Space, uint64_t Addr,
                    unsigned Lanes, unsigned Lane) {
  unsigned T = linearTid();
  uint32_t K = LaneCursor[T];
  if (K < cfg().log_lane_records) {
    uint64_t Slot = (uint64_t(K) * cfg().log_warps + T / 32) * 32 + Lane;
    stGlobalPair(table<uint64_t>(H, cfg().off_log) + 2 * Slot,
                 laneAccessWord(Space, Op, Width, Addr),
                 (uint64_t(Site) << 32) | Lanes);
  }
  K += K != ~0u;
  LaneCursor[T] = K;
  stGlobal32(table<uint32_t>(H, cfg().off_log_counts) + T, K);
}

} // namespace sectorscope_rt

#endif
