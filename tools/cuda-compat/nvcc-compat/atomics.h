//===- atomics.h - nvcc's __nv_atomic_* built-ins -------------------------===//
//
// nvcc has GCC-style atomic built-ins with a memory order and a thread scope,
// __nv_atomic_fetch_add(ptr, value, order, scope) and the like, for device
// code. LLVM 19's NVPTX back end emits every atomic as a relaxed one (and
// cannot select an ordered atomic load or store), so each is a relaxed
// scoped atomic between the fences its order asks for: the PTX memory
// model's own mapping, with membar as the fence. The cluster scope becomes
// the device scope, the nearest wider one clang knows.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_NVCC_ATOMICS_H
#define SECTORSCOPE_NVCC_ATOMICS_H
#pragma clang system_header

enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};

enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};

// The membar of the scope, as CUDA's __threadfence_block, __threadfence and
// __threadfence_system (clang 19 has no scoped fence built-in).
static __device__ __forceinline__ void
__nv_atomic_thread_fence(int Order, int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  if (Order == __NV_ATOMIC_RELAXED)
    return;
  if (Scope <= __NV_THREAD_SCOPE_BLOCK)
    __nvvm_membar_cta();
  else if (Scope == __NV_THREAD_SCOPE_SYSTEM)
    __nvvm_membar_sys();
  else
    __nvvm_membar_gl();
}

// The fence before an access of this order (its release half) and the one
// after it (its acquire half).
static __device__ __forceinline__ void
__sectorscope_nv_fence_before(int Order, int Scope) {
  if (Order == __NV_ATOMIC_RELEASE || Order == __NV_ATOMIC_ACQ_REL ||
      Order == __NV_ATOMIC_SEQ_CST)
    __nv_atomic_thread_fence(Order, Scope);
}
static __device__ __forceinline__ void __sectorscope_nv_fence_after(int Order,
                                                                    int Scope) {
  if (Order == __NV_ATOMIC_CONSUME || Order == __NV_ATOMIC_ACQUIRE ||
      Order == __NV_ATOMIC_ACQ_REL || Order == __NV_ATOMIC_SEQ_CST)
    __nv_atomic_thread_fence(Order, Scope);
}

// A relaxed scoped atomic: the scoped built-ins want a constant scope, so one
// call per scope, of which inlining keeps the one the caller names.
#define SECTORSCOPE_NV_RELAXED(CALL, ...)                                      \
  switch (Scope) {                                                             \
  case __NV_THREAD_SCOPE_THREAD:                                               \
    return CALL(__VA_ARGS__, __ATOMIC_RELAXED, __MEMORY_SCOPE_SINGLE);         \
  case __NV_THREAD_SCOPE_BLOCK:                                                \
    return CALL(__VA_ARGS__, __ATOMIC_RELAXED, __MEMORY_SCOPE_WRKGRP);         \
  case __NV_THREAD_SCOPE_CLUSTER:                                              \
  case __NV_THREAD_SCOPE_DEVICE:                                               \
    return CALL(__VA_ARGS__, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);         \
  default:                                                                     \
    return CALL(__VA_ARGS__, __ATOMIC_RELAXED, __MEMORY_SCOPE_SYSTEM);         \
  }

// The relaxed form of each operation, then the ordered one around it.
#define SECTORSCOPE_NV_FETCH_OP(OP)                                            \
  template <class T>                                                           \
  static __device__ __forceinline__ T __sectorscope_nv_fetch_##OP(             \
      T *Ptr, T Value, int Scope) {                                            \
    SECTORSCOPE_NV_RELAXED(__scoped_atomic_fetch_##OP, Ptr, Value)             \
  }                                                                            \
  template <class T>                                                           \
  static __device__ __forceinline__ T __nv_atomic_fetch_##OP(                  \
      T *Ptr, T Value, int Order, int Scope = __NV_THREAD_SCOPE_SYSTEM) {      \
    __sectorscope_nv_fence_before(Order, Scope);                               \
    T Old = __sectorscope_nv_fetch_##OP(Ptr, Value, Scope);                    \
    __sectorscope_nv_fence_after(Order, Scope);                                \
    return Old;                                                                \
  }                                                                            \
  template <class T>                                                           \
  static __device__ __forceinline__ void __nv_atomic_##OP(                     \
      T *Ptr, T Value, int Order, int Scope = __NV_THREAD_SCOPE_SYSTEM) {      \
    __nv_atomic_fetch_##OP(Ptr, Value, Order, Scope);                          \
  }
SECTORSCOPE_NV_FETCH_OP(add)
SECTORSCOPE_NV_FETCH_OP(sub)
SECTORSCOPE_NV_FETCH_OP(and)
SECTORSCOPE_NV_FETCH_OP(or)
SECTORSCOPE_NV_FETCH_OP(xor)
SECTORSCOPE_NV_FETCH_OP(min)
SECTORSCOPE_NV_FETCH_OP(max)
#undef SECTORSCOPE_NV_FETCH_OP

template <class T>
static __device__ __forceinline__ T __sectorscope_nv_load(T *Ptr, int Scope) {
  SECTORSCOPE_NV_RELAXED(__scoped_atomic_load_n, Ptr)
}
template <class T>
static __device__ __forceinline__ void __sectorscope_nv_store(T *Ptr, T Value,
                                                              int Scope) {
  SECTORSCOPE_NV_RELAXED(__scoped_atomic_store_n, Ptr, Value)
}
template <class T>
static __device__ __forceinline__ T __sectorscope_nv_exchange(T *Ptr, T Value,
                                                              int Scope) {
  SECTORSCOPE_NV_RELAXED(__scoped_atomic_exchange_n, Ptr, Value)
}
template <class T>
static __device__ __forceinline__ bool
__sectorscope_nv_cas(T *Ptr, T *Expected, T Desired, bool Weak, int Scope) {
  switch (Scope) {
  case __NV_THREAD_SCOPE_THREAD:
    return __scoped_atomic_compare_exchange_n(
        Ptr, Expected, Desired, Weak, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
        __MEMORY_SCOPE_SINGLE);
  case __NV_THREAD_SCOPE_BLOCK:
    return __scoped_atomic_compare_exchange_n(
        Ptr, Expected, Desired, Weak, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
        __MEMORY_SCOPE_WRKGRP);
  case __NV_THREAD_SCOPE_CLUSTER:
  case __NV_THREAD_SCOPE_DEVICE:
    return __scoped_atomic_compare_exchange_n(
        Ptr, Expected, Desired, Weak, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
        __MEMORY_SCOPE_DEVICE);
  default:
    return __scoped_atomic_compare_exchange_n(
        Ptr, Expected, Desired, Weak, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
        __MEMORY_SCOPE_SYSTEM);
  }
}
#undef SECTORSCOPE_NV_RELAXED

template <class T>
static __device__ __forceinline__ T
__nv_atomic_load_n(T *Ptr, int Order, int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  if (Order == __NV_ATOMIC_SEQ_CST)
    __nv_atomic_thread_fence(Order, Scope);
  T Value = __sectorscope_nv_load(Ptr, Scope);
  __sectorscope_nv_fence_after(Order, Scope);
  return Value;
}
template <class T>
static __device__ __forceinline__ void
__nv_atomic_load(T *Ptr, T *Ret, int Order,
                 int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  *Ret = __nv_atomic_load_n(Ptr, Order, Scope);
}
template <class T>
static __device__ __forceinline__ void
__nv_atomic_store_n(T *Ptr, T Value, int Order,
                    int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  __sectorscope_nv_fence_before(Order, Scope);
  __sectorscope_nv_store(Ptr, Value, Scope);
  if (Order == __NV_ATOMIC_SEQ_CST)
    __nv_atomic_thread_fence(Order, Scope);
}
template <class T>
static __device__ __forceinline__ void
__nv_atomic_store(T *Ptr, T *Value, int Order,
                  int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  __nv_atomic_store_n(Ptr, *Value, Order, Scope);
}
template <class T>
static __device__ __forceinline__ T __nv_atomic_exchange_n(
    T *Ptr, T Value, int Order, int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  __sectorscope_nv_fence_before(Order, Scope);
  T Old = __sectorscope_nv_exchange(Ptr, Value, Scope);
  __sectorscope_nv_fence_after(Order, Scope);
  return Old;
}
template <class T>
static __device__ __forceinline__ void
__nv_atomic_exchange(T *Ptr, T *Value, T *Ret, int Order,
                     int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  *Ret = __nv_atomic_exchange_n(Ptr, *Value, Order, Scope);
}
template <class T>
static __device__ __forceinline__ bool
__nv_atomic_compare_exchange_n(T *Ptr, T *Expected, T Desired, bool Weak,
                               int SuccessOrder, int FailureOrder,
                               int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  __sectorscope_nv_fence_before(SuccessOrder, Scope);
  bool Done = __sectorscope_nv_cas(Ptr, Expected, Desired, Weak, Scope);
  __sectorscope_nv_fence_after(Done ? SuccessOrder : FailureOrder, Scope);
  return Done;
}
template <class T>
static __device__ __forceinline__ bool
__nv_atomic_compare_exchange(T *Ptr, T *Expected, T *Desired, bool Weak,
                             int SuccessOrder, int FailureOrder,
                             int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  return __nv_atomic_compare_exchange_n(Ptr, Expected, *Desired, Weak,
                                        SuccessOrder, FailureOrder, Scope);
}

#endif // SECTORSCOPE_NVCC_ATOMICS_H
