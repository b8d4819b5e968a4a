//===- units_b.cu - Relocatable device code, second unit ------------------===//
//
// loadB, called by units_a.cu's callsB and by this unit's gatherB, and the
// program: it runs every kernel of both units once, checks each result
// against the host's, and prints a digest of the results (the same with and
// without instrumentation) and "PASS rdc", or what differs and exit 1.
//
//===----------------------------------------------------------------------===//
#include "units.h"

#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

__device__ float loadB(const float *P, int I) { return P[I] * 2.0f; }

// loadB's load is a site of this kernel, in this unit: 4 sectors per
// request, as is the store.
__global__ void gatherB(float *Out, const float *In) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = loadB(In, I) + 5.0f;
}

namespace {

float expected(int Kernel, const std::vector<float> &In, int I) {
  switch (Kernel) {
  case 0:
    return In[I] + 1.0f;
  case 1:
    return In[(2 * I) % NumElems] * 0.5f;
  case 2:
    return In[I] * 2.0f - 3.0f;
  default:
    return In[I] * 2.0f + 5.0f;
  }
}

} // namespace

int main() {
  const char *Names[] = {"copyA", "stridedA", "callsB", "gatherB"};
  std::vector<float> In(NumElems), Out(NumElems);
  for (int I = 0; I < NumElems; ++I)
    In[I] = float(I % 1000) * 0.25f;
  float *DIn = nullptr, *DOut = nullptr;
  const size_t Bytes = NumElems * sizeof(float);
  if (cudaMalloc(&DIn, Bytes) != cudaSuccess ||
      cudaMalloc(&DOut, Bytes) != cudaSuccess ||
      cudaMemcpy(DIn, In.data(), Bytes, cudaMemcpyHostToDevice) !=
          cudaSuccess) {
    printf("rdc: cannot set up the device buffers\n");
    return 1;
  }
  int Failures = 0;
  for (int K = 0; K < 4; ++K) {
    cudaMemset(DOut, 0, Bytes);
    if (K < 3)
      launchUnitA(DOut, DIn, K);
    else
      gatherB<<<NumBlocks, BlockThreads>>>(DOut, DIn);
    cudaError_t E = cudaDeviceSynchronize();
    if (E == cudaSuccess)
      E = cudaMemcpy(Out.data(), DOut, Bytes, cudaMemcpyDeviceToHost);
    if (E != cudaSuccess) {
      printf("rdc: %s: %s\n", Names[K], cudaGetErrorString(E));
      return 1;
    }
    double Sum = 0;
    int Wrong = 0;
    for (int I = 0; I < NumElems; ++I) {
      Sum += Out[I];
      Wrong += Out[I] != expected(K, In, I);
    }
    if (Wrong) {
      printf("rdc: %s: %d of %d results differ from the host's\n", Names[K],
             Wrong, NumElems);
      ++Failures;
    }
    printf("rdc: %s sum %.2f\n", Names[K], Sum);
  }
  cudaFree(DIn);
  cudaFree(DOut);
  if (Failures)
    return 1;
  printf("PASS rdc\n");
  return 0;
}
