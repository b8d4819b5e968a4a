//===- Device.cuh - Shared helpers of the device runtime -------*- CUDA -*-===//
//
// The device runtime is compiled to LLVM bitcode and linked into every
// instrumented device module by the pass, which then internalizes it. Nothing
// here may allocate, print or trap: the instrumented copy of a kernel must
// compute exactly what the original computes.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RUNTIME_DEVICE_DEVICE_CUH
#define SECTORSCOPE_RUNTIME_DEVICE_DEVICE_CUH

#include "sectorscope/abi.h"

#define SS_DEV __device__ __attribute__((always_inline)) inline

// Defined in Module.cu; its initializer is filled in by the pass.
extern "C" __constant__ ss_module __sectorscope_module;

namespace sectorscope_rt {

// The host sets `launch` (and `config`) before the kernel starts and nothing
// changes them while it runs: constant memory, read as instruction operands.
SS_DEV ss_launch_header *header() {
  return reinterpret_cast<ss_launch_header *>(__sectorscope_module.launch);
}

/// The launch's configuration (abi.h): the same values as the header's,
/// from constant memory. Counters and tables are written through header().
SS_DEV const ss_launch_header &cfg() { return __sectorscope_module.config; }

template <typename T> SS_DEV T *table(ss_launch_header *H, uint64_t Off) {
  return reinterpret_cast<T *>(reinterpret_cast<char *>(H) + Off);
}

/// Linear thread index in the block; warps are formed from it.
SS_DEV unsigned linearTid() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/// 64-bit: a grid can hold more than 2^32 blocks.
SS_DEV uint64_t linearBlock() {
  return blockIdx.x +
         uint64_t(gridDim.x) * (blockIdx.y + uint64_t(gridDim.y) * blockIdx.z);
}

SS_DEV bool isSampledBlock() {
  return blockIdx.x == cfg().sample_block[0] &&
         blockIdx.y == cfg().sample_block[1] &&
         blockIdx.z == cfg().sample_block[2];
}

SS_DEV unsigned laneId() { return __nvvm_read_ptx_sreg_laneid(); }

/// The access's space (the pass's, or found at run time for a generic
/// pointer) in `Space`, and the address the memory system sees in it.
SS_DEV uint64_t spaceAddress(const void *Ptr, uint32_t PassSpace, unsigned Lane,
                             uint32_t &Space) {
  Space = PassSpace;
  if (Space == SS_SPACE_GENERIC)
    Space = __nvvm_isspacep_shared(Ptr)  ? SS_SPACE_SHARED
            : __nvvm_isspacep_local(Ptr) ? SS_SPACE_LOCAL
                                         : SS_SPACE_GLOBAL;
  uint64_t R;
  if (Space == SS_SPACE_SHARED) {
    asm("cvta.to.shared.u64 %0, %1;" : "=l"(R) : "l"(Ptr));
    // An offset in the block's shared window, under 2^32: saying so makes
    // the request's arithmetic on it 32-bit.
    return uint32_t(R);
  }
  if (Space == SS_SPACE_LOCAL) {
    // Local memory is interleaved by 4-byte words across the lanes of a
    // warp: the same offset in every lane is one contiguous 128-byte line.
    asm("cvta.to.local.u64 %0, %1;" : "=l"(R) : "l"(Ptr));
    return ((R >> 2) << 7) | (uint64_t(Lane) << 2) | (R & 3);
  }
  return reinterpret_cast<uint64_t>(Ptr);
}

/// The key lanes are grouped by: the space, and the 32-byte sector in it.
SS_DEV uint64_t sectorKey(uint32_t Space, uint64_t Addr) {
  return (uint64_t(Space) << 62) | (Addr >> 5);
}

/// What every access starts from: this lane, the space and address the
/// memory system sees, and the lanes of the request, those the call site
/// passes (abi.h; 0: those that are here now), with the first of them
/// leading and the sector key the lanes are grouped by.
struct Request {
  unsigned Lane;
  uint32_t Space;
  uint64_t Addr;
  unsigned Active, Leader;
  uint64_t Key;
};
SS_DEV Request request(const void *Ptr, uint32_t PassSpace, uint32_t Lanes) {
  Request R;
  R.Lane = laneId();
  R.Addr = spaceAddress(Ptr, PassSpace, R.Lane, R.Space);
  R.Active = Lanes ? Lanes : __activemask();
  R.Leader = __ffs(R.Active) - 1;
  R.Key = sectorKey(R.Space, R.Addr);
  return R;
}

// Atomics on the launch buffer, which is global memory. Through a generic
// pointer, ptxas emits every 64-bit atomic twice, once per space it could
// be, and shared memory has no 64-bit min/max: a compare-and-swap loop per
// call. Inlined at every site, that made most of the instrumented code (145
// such loops in a 16-site transpose). These say "global" in the
// instruction. red: no result, the warp does not wait.
#define SS_RED_GLOBAL_U64(Name, Op)                                            \
  SS_DEV void Name(uint64_t *P, uint64_t V) {                                  \
    asm volatile("{ .reg .u64 g; cvta.to.global.u64 g, %0;"                    \
                 " red.global." Op ".u64 [g], %1; }" ::"l"(P),                 \
                 "l"(V)                                                        \
                 : "memory");                                                  \
  }
SS_RED_GLOBAL_U64(redAdd, "add")
SS_RED_GLOBAL_U64(redMin, "min")
SS_RED_GLOBAL_U64(redMax, "max")
#undef SS_RED_GLOBAL_U64
/// A plain store that says "global" in the instruction: the log is global
/// memory, and a generic store would have the hardware look the space up.
SS_DEV void stGlobal(uint64_t *P, uint64_t V) {
  asm volatile("{ .reg .u64 g; cvta.to.global.u64 g, %0;"
               " st.global.u64 [g], %1; }" ::"l"(P),
               "l"(V)
               : "memory");
}
/// The old value, for taking a slot.
SS_DEV uint64_t atomAdd(uint64_t *P, uint64_t V) {
  uint64_t Old;
  asm volatile("{ .reg .u64 g; cvta.to.global.u64 g, %1;"
               " atom.global.add.u64 %0, [g], %2; }"
               : "=l"(Old)
               : "l"(P), "l"(V)
               : "memory");
  return Old;
}

} // namespace sectorscope_rt

#endif
