//===- units.h - What the two units of the rdc test share -------*- CUDA
//-*-===//
#ifndef SECTORSCOPE_TEST_GPU_RDC_UNITS_H
#define SECTORSCOPE_TEST_GPU_RDC_UNITS_H

constexpr int BlockThreads = 256, NumBlocks = 256;
constexpr int NumElems = BlockThreads * NumBlocks;

/// Defined in units_b.cu, called from both units' kernels.
__device__ float loadB(const float *P, int I);

/// Launches units_a.cu's kernel `Which` (0 copyA, 1 stridedA, 2 callsB).
void launchUnitA(float *Out, const float *In, int Which);

#endif
