//===- classify.h - nvcc's unqualified isfinite, isnan, isinf, signbit ----===//
//
// nvcc's math headers declare isfinite, isnan, isinf and signbit in the
// global namespace for host and device code alike. With clang, only <math.h>
// puts the host ones there (libstdc++'s `using std::isfinite`); a program
// that includes <cmath> alone and calls `isfinite(x)` in host code finds only
// clang's __device__ overloads (HeCBench's qkv-cuda/common.h, included by
// permute). These are the same using-declarations <math.h> makes, which a
// later <math.h> repeats harmlessly. Device code keeps clang's overloads.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_NVCC_CLASSIFY_H
#define SECTORSCOPE_NVCC_CLASSIFY_H
#pragma clang system_header

#include <cmath>

using std::isfinite;
using std::isinf;
using std::isnan;
using std::signbit;

#endif // SECTORSCOPE_NVCC_CLASSIFY_H
