//===- compiler_version.h - nvcc's version macros, from the toolkit -------===//
//
// nvcc names its version in __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__ and
// __CUDACC_VER_BUILD__; clang does not. Code that chooses the warp
// intrinsics by it (`#if __CUDACC_VER_MAJOR__ >= 9` then __shfl_down_sync,
// else the legacy __shfl_down) took the legacy branch, which clang cannot
// select for sm_70 and later ("Cannot select: intrinsic
// %llvm.nvvm.shfl.down.f32", HeCBench lda). They are defined here from the
// toolkit's CUDA_VERSION (cuda.h, which clang's runtime wrapper has
// included), after CUDA's own headers have been read. __NVCC__ stays
// undefined: clang is not nvcc, and libraries that test it (CCCL) keep
// their clang paths. nvcc also defines __CUDACC__ as 1 where clang defines
// it empty, so that `#if __CUDACC__` (HeCBench ssim's gdt/math/vec) was
// "expected value in expression"; it is 1 here too, still defined for
// `#ifdef`.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_NVCC_COMPILER_VERSION_H
#define SECTORSCOPE_NVCC_COMPILER_VERSION_H
#pragma clang system_header

#if defined(CUDA_VERSION) && !defined(__CUDACC_VER_MAJOR__)
#define __CUDACC_VER_MAJOR__ (CUDA_VERSION / 1000)
#define __CUDACC_VER_MINOR__ (CUDA_VERSION % 1000 / 10)
#define __CUDACC_VER_BUILD__ 0
#endif

#ifdef __CUDACC__
#undef __CUDACC__
#define __CUDACC__ 1
#endif

#endif // SECTORSCOPE_NVCC_COMPILER_VERSION_H
