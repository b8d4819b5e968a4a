//===- warp_reduce.h - __reduce_*_sync with their operands in order -------===//
//
// clang 19's __reduce_*_sync (__clang_cuda_intrinsics.h) hand (mask, value)
// to builtins that take (value, mask), so redux.sync runs with the value as
// its member mask: an illegal instruction on the GPU as soon as the value is
// not a valid mask of the lanes present. Cooperative groups' reduce over a
// tile or a coalesced group calls them. clang's definitions are already in
// place when this header is read, so the names are routed by macros to
// definitions with the operands in order.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_NVCC_WARP_REDUCE_H
#define SECTORSCOPE_NVCC_WARP_REDUCE_H
#pragma clang system_header

#if __clang_major__ < 20 && (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800)

#define SECTORSCOPE_WARP_REDUCE(Name, Builtin, T)                              \
  __device__ inline T __sectorscope_##Name(unsigned __mask, T __value) {       \
    return Builtin(__value, __mask);                                           \
  }
SECTORSCOPE_WARP_REDUCE(reduce_add_sync, __nvvm_redux_sync_add, unsigned)
SECTORSCOPE_WARP_REDUCE(reduce_min_sync, __nvvm_redux_sync_umin, unsigned)
SECTORSCOPE_WARP_REDUCE(reduce_max_sync, __nvvm_redux_sync_umax, unsigned)
SECTORSCOPE_WARP_REDUCE(reduce_min_sync, __nvvm_redux_sync_min, int)
SECTORSCOPE_WARP_REDUCE(reduce_max_sync, __nvvm_redux_sync_max, int)
SECTORSCOPE_WARP_REDUCE(reduce_or_sync, __nvvm_redux_sync_or, unsigned)
SECTORSCOPE_WARP_REDUCE(reduce_and_sync, __nvvm_redux_sync_and, unsigned)
SECTORSCOPE_WARP_REDUCE(reduce_xor_sync, __nvvm_redux_sync_xor, unsigned)
#undef SECTORSCOPE_WARP_REDUCE

#define __reduce_add_sync(M, V) __sectorscope_reduce_add_sync(M, V)
#define __reduce_min_sync(M, V) __sectorscope_reduce_min_sync(M, V)
#define __reduce_max_sync(M, V) __sectorscope_reduce_max_sync(M, V)
#define __reduce_or_sync(M, V) __sectorscope_reduce_or_sync(M, V)
#define __reduce_and_sync(M, V) __sectorscope_reduce_and_sync(M, V)
#define __reduce_xor_sync(M, V) __sectorscope_reduce_xor_sync(M, V)

#endif

#endif // SECTORSCOPE_NVCC_WARP_REDUCE_H
