//===- AllocationHooks.cpp - cudaMalloc/cudaFree, recorded ----------------===//
//
// The allocations a program makes name the objects its kernels touch in the
// reports ("a (cudaMalloc at main.cu:20:3)").
//
//===----------------------------------------------------------------------===//
#include "Runtime.h"

using namespace sectorscope::rt;

static void recordAlloc(void *Ptr, size_t Size, const char *Site,
                        bool Managed) {
  Allocation A;
  A.Base = uint64_t(Ptr);
  A.Size = Size;
  A.Managed = Managed;
  splitAllocSite(Site, A.Site, A.Name);
  cudaGetDevice(&A.Device);
  rt().Allocs.add(std::move(A));
}

SS_EXPORT cudaError_t __sectorscope_malloc(void **Ptr, size_t Size,
                                           const char *Site) {
  cudaError_t E = cudaMalloc(Ptr, Size);
  if (E == cudaSuccess && Ptr && *Ptr)
    recordAlloc(*Ptr, Size, Site, false);
  return E;
}

SS_EXPORT cudaError_t __sectorscope_malloc_managed(void **Ptr, size_t Size,
                                                   unsigned Flags,
                                                   const char *Site) {
  cudaError_t E = cudaMallocManaged(Ptr, Size, Flags);
  if (E == cudaSuccess && Ptr && *Ptr)
    recordAlloc(*Ptr, Size, Site, true);
  return E;
}

SS_EXPORT cudaError_t __sectorscope_free(void *Ptr) {
  cudaError_t E = cudaFree(Ptr);
  if (E == cudaSuccess && Ptr)
    rt().Allocs.remove(uint64_t(Ptr));
  return E;
}
