//===- nan.h - nvcc's device nan and nanf ----------------------*- C++ -*-===//
//
// clang 19 declares the device overloads of nan(const char *) and
// nanf(const char *) (__clang_cuda_math_forward_declares.h) for CUDA's math
// headers to define, and CUDA 13's define neither for device code: a kernel
// calling ::nan("") or nanf("") compiled, and then ptxas found `nan`
// unresolved (HeCBench interval). Defined here as nvcc's are, on libdevice's
// __nv_nan and __nv_nanf, with the linkage clang declared them with.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_NVCC_NAN_H
#define SECTORSCOPE_NVCC_NAN_H
#pragma clang system_header

static __inline__ __attribute__((always_inline)) __attribute__((device)) double
nan(const char *__tagp) {
  return __nv_nan(reinterpret_cast<const signed char *>(__tagp));
}
static __inline__ __attribute__((always_inline)) __attribute__((device)) float
nanf(const char *__tagp) {
  return __nv_nanf(reinterpret_cast<const signed char *>(__tagp));
}

#endif // SECTORSCOPE_NVCC_NAN_H
