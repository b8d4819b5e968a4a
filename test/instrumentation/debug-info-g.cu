// With debug info the duplicated kernel body keeps its debug records
// (remapped to the copy's values) and the module verifies; sites still carry
// their own lines. -g gives line tables on the device; full variable info
// needs --cuda-noopt-device-debug (-O0).
// RUN: %wrapper --cuda-device-only -O2 -g -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o %t.O2.ll
// RUN: opt -passes=verify -disable-output %t.O2.ll
// RUN: FileCheck %s < %t.O2.ll
// RUN: %wrapper --cuda-device-only -O0 -g --cuda-noopt-device-debug -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o %t.O0.ll
// RUN: opt -passes=verify -disable-output %t.O0.ll
// RUN: grep -c '#dbg_declare' %t.O0.ll | FileCheck %s --check-prefix=VARS

// CHECK: S\090\09_Z5scalePfS_f\09load\09global\094\0923\0912\091\09{{[0-9]+}}\091\090\09scale\09
// CHECK-SAME: S\091\09_Z5scalePfS_f\09store\09global\094\0923\0910\091\09{{[0-9]+}}\090\090\09scale\09

// Each of the 5 variables (out, in, s, i, f) is declared once per copy, on
// the allocas the copies share: one in the kernel, left as compiled (abi.h
// v11), two in its sample variant, one in its instrumented-only grid variant.
// VARS: {{^}}20{{$}}

__global__ void scale(float *out, float *in, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float f = s * 2.0f;
  out[i] = in[i] * f;
}
