// Expectations that hold compile without error, at -O2 and -O0, under the
// partition model they name; a term `under` another model is not checked.
// RUN: %wrapper --sectorscope-expect --cuda-device-only -O2 -S -o /dev/null -w %s
// RUN: %wrapper --sectorscope-expect --cuda-device-only -O0 -S -o /dev/null -w %s
// RUN: %wrapper --sectorscope-expect --cuda-device-only -O2 -S -o /dev/null -w %s -fplugin-arg-sectorscope-partitions=gt200
// The plugin argument works without the wrapper's flag.
// RUN: %wrapper -fplugin-arg-sectorscope-expect --cuda-device-only -O2 -S -o /dev/null -w %s
// Rules turned off still let the analyzer check expectations.
// RUN: not %wrapper --sectorscope-expect --cuda-device-only -O2 -S -o /dev/null %s -fplugin-arg-sectorscope-disable=all 2>&1 | FileCheck %s --check-prefix=OFF

#define TILE 32

// sectorscope-expect-kernel: clean
__global__ void copy(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i]; // sectorscope-expect: coalesced, clean, sectors-per-request <= 4, sectors-per-request == 4 -- float: 4 sectors
}

__global__ void transpose(float *out, const float *in, int width, int height) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8) {
    float v = in[(y + j) * width + x]; // sectorscope-expect: coalesced, sectors-per-request < 5
    out[x * height + (y + j)] = v; // sectorscope-expect: strided; camped under gt200; run-time: false-sharing
  }
}

__global__ void shifted(double *out, const double *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1]; // sectorscope-expect: misaligned, sectors-per-request >= 8, sectors-per-request <= 9 -- a bound holds for each access of the line
}

__global__ void gather(float *out, const float *in, const int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[idx[i]]; // sectorscope-expect: data-dependent; run-time: uncoalesced
}

// OFF: holds.cu:24:31: error: expected strided, found no strided access: store: the stride, 4*height bytes, is a run-time value [sectorscope-expect]
// OFF: holds.cu:30:12: error: expected misaligned, found no misaligned access: load: 9 sectors per request (ideal 8); store: 8 sectors per request (ideal 8) [sectorscope-expect]
