//===- c_headers.h - The C headers nvcc includes for every CUDA file ------===//
//
// nvcc's crt/common_functions.h includes <string.h>, <time.h>, <stdio.h>,
// <stdlib.h> and <assert.h> into every CUDA translation unit, so programs
// call clock(), CLOCKS_PER_SEC, printf or assert without including them
// (llm.c's dev/cuda/permute.cu times itself with clock()). clang's CUDA
// wrapper includes <stdlib.h> and <string.h> only.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_NVCC_C_HEADERS_H
#define SECTORSCOPE_NVCC_C_HEADERS_H
#pragma clang system_header

#include <assert.h>
#include <stdio.h>
#include <time.h>

#endif // SECTORSCOPE_NVCC_C_HEADERS_H
