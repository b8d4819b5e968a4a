// instrument-modes through clang, to PTX: a heat-map-only build's grid
// variant and a grid-only build's sample variant are the kernel's own code
// (no runtime call), and each still reaches PTX as a kernel, since the host
// registers both variants. The mode built keeps its instrumentation.
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -fplugin-arg-sectorscope-instrument-modes=heatmap %s -o - | FileCheck %s --check-prefix=HEAT
// RUN: %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -fplugin-arg-sectorscope-instrument-modes=grid %s -o - | FileCheck %s --check-prefix=GRID
// RUN: not %wrapper --cuda-device-only -O2 -S -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-instrument-modes=time %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// HEAT: .entry _Z4copyPKfPfi__sectorscope_sample(
// HEAT: .entry _Z4copyPKfPfi__sectorscope_grid(
// HEAT-NOT: call
// HEAT-NOT: red.global
// HEAT: ret;
// HEAT-NOT: .entry _Z4copyPKfPfi__sectorscope_grid(

// GRID: .entry _Z4copyPKfPfi__sectorscope_sample(
// GRID-NOT: call
// GRID-NOT: red.global
// GRID-NOT: .shared
// GRID: ret;
// GRID: .entry _Z4copyPKfPfi__sectorscope_grid(
// GRID: red.global.add.u64

// BAD: unknown mode 'time' in instrument-modes; valid: heatmap, grid

__global__ void copy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}
