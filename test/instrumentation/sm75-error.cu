// The device runtime needs redux.sync (sm_80): an older target is a clear
// error, not a backend crash.
// RUN: not %wrapper --cuda-device-only --cuda-gpu-arch=sm_75 -O2 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: error: sectorscope: run-time instrumentation needs sm_80 or newer; this device module is for sm_75

__global__ void k(float *a) { a[threadIdx.x] = 0; }
