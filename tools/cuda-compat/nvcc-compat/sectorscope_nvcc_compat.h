//===- sectorscope_nvcc_compat.h - What nvcc gives that clang 19 lacks ----===//
//
// sectorscope-clang++ force-includes this header (after clang's own CUDA
// runtime wrapper) into every CUDA translation unit. Each part supplies
// something that nvcc's headers or built-ins give CUDA code and that clang 19
// does not, spelled as nvcc spells it, so that programs nvcc compiles compile
// here unchanged. C and C++ sources see nothing of it.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_NVCC_COMPAT_H
#define SECTORSCOPE_NVCC_COMPAT_H
#pragma clang system_header

#if defined(__CUDA__) && defined(__cplusplus)
#include "atomics.h"
#include "c_headers.h"
#include "cache_hints.h"
#include "classify.h"
#include "compiler_version.h"
#include "host_minmax.h"
#include "nan.h"
#include "surfaces.h"
#include "warp_reduce.h"
#endif

#endif // SECTORSCOPE_NVCC_COMPAT_H
