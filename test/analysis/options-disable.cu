// -fplugin-arg-sectorscope-disable=<rules> turns rules off.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null %s -fplugin-arg-sectorscope-disable=strided 2>&1 | FileCheck %s --check-prefix=NOSTRIDED
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null %s -fplugin-arg-sectorscope-disable=strided,misaligned,camped 2>&1 | count 0
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null %s -fplugin-arg-sectorscope-disable=all 2>&1 | count 0
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null %s -fplugin-arg-sectorscope-no-analyze 2>&1 | count 0
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null %s -w 2>&1 | count 0

// NOSTRIDED-NOT: strided
// NOSTRIDED: options-disable.cu:[[@LINE+4]]:{{[0-9]+}}: warning: misaligned load: a warp's first access starts 4 bytes past a 32-byte sector boundary; a warp touches 5 sectors per request instead of 4, assuming blockDim.x is a multiple of 32 [sectorscope-misaligned]
// NOSTRIDED-NOT: strided
__global__ void both(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[i + 1] + b[i * 2];
}
