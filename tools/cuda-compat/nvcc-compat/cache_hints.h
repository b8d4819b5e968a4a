//===- cache_hints.h - nvcc's cache-hinted loads and stores ---------------===//
//
// __ldca, __ldcg, __ldcs, __ldlu, __ldcv and __stwb, __stcg, __stcs, __stwt
// come from CUDA's sm_32_intrinsics.h, which clang's CUDA wrapper leaves out
// (and blocks with its include guards) because it also defines __ldg and the
// funnel shifts, which clang provides as builtins. We include it with the
// guards lifted and those names moved aside, so these
// functions are CUDA's own (the same inline PTX nvcc compiles): one load or
// store statement each, which the analyzer and the instrumentation read as
// the access it is (support/InlinePtx.h).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_NVCC_CACHE_HINTS_H
#define SECTORSCOPE_NVCC_CACHE_HINTS_H
#pragma clang system_header

#pragma push_macro("__SM_32_INTRINSICS_H__")
#pragma push_macro("__SM_32_INTRINSICS_HPP__")
#undef __SM_32_INTRINSICS_H__
#undef __SM_32_INTRINSICS_HPP__
#pragma push_macro("__ldg")
#pragma push_macro("__funnelshift_l")
#pragma push_macro("__funnelshift_lc")
#pragma push_macro("__funnelshift_r")
#pragma push_macro("__funnelshift_rc")
#define __ldg __sectorscope_cuda_ldg
#define __funnelshift_l __sectorscope_cuda_funnelshift_l
#define __funnelshift_lc __sectorscope_cuda_funnelshift_lc
#define __funnelshift_r __sectorscope_cuda_funnelshift_r
#define __funnelshift_rc __sectorscope_cuda_funnelshift_rc
#include <sm_32_intrinsics.h>
#pragma pop_macro("__funnelshift_rc")
#pragma pop_macro("__funnelshift_r")
#pragma pop_macro("__funnelshift_lc")
#pragma pop_macro("__funnelshift_l")
#pragma pop_macro("__ldg")
#pragma pop_macro("__SM_32_INTRINSICS_HPP__")
#pragma pop_macro("__SM_32_INTRINSICS_H__")

#endif // SECTORSCOPE_NVCC_CACHE_HINTS_H
