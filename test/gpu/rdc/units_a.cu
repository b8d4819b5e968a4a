//===- units_a.cu - Relocatable device code, first unit -------------------===//
//
// The kernels of this unit: two that read and write their own memory, and
// one that calls loadB, a __device__ function of units_b.cu. Built with
// -fgpu-rdc and device-linked with units_b.cu (rdc_reports.py says what each
// kernel's report must hold).
//
//===----------------------------------------------------------------------===//
#include "units.h"

// Consecutive floats: 4 sectors per warp request, load and store.
__global__ void copyA(float *Out, const float *In) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = In[I] + 1.0f;
}

// Every second float: the load reads 8 sectors per warp request.
__global__ void stridedA(float *Out, const float *In) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = In[(2 * I) % NumElems] * 0.5f;
}

// The load is in units_b.cu's loadB, which this unit's pass never sees:
// only the store is a site of this kernel.
__global__ void callsB(float *Out, const float *In) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = loadB(In, I) - 3.0f;
}

void launchUnitA(float *Out, const float *In, int Which) {
  if (Which == 0)
    copyA<<<NumBlocks, BlockThreads>>>(Out, In);
  else if (Which == 1)
    stridedA<<<NumBlocks, BlockThreads>>>(Out, In);
  else
    callsB<<<NumBlocks, BlockThreads>>>(Out, In);
}
