// Messages name what the source names: a stride through a value the
// optimizer made (a select, a loaded field) reads as "a run-time value",
// never as the compiler's name for it.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=select --implicit-check-not='*load'

struct Grid {
  float *cells;
  int pitch;
};

__global__ void pick(float *a, int rows, int cols, bool byRow) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int pitch = byRow ? rows : cols;
  a[i * pitch] = 0.0f; // expected-warning {{likely strided store: consecutive threads are 4*(a run-time value) bytes apart}} expected-note {{run-time value}}
}

__global__ void field(Grid g, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = g.cells[i * g.pitch]; // expected-warning {{likely strided load: consecutive threads are 4*(a run-time value) bytes apart}} expected-note {{run-time value}}
}

__global__ void named(float *a, int pitch) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i * pitch] = 1.0f; // expected-warning {{likely strided store: consecutive threads are 4*pitch bytes apart}} expected-note {{run-time value}}
}

// CHECK: warning: likely strided store: consecutive threads are 4*(a run-time value) bytes apart
// CHECK: warning: likely strided load: consecutive threads are 4*(a run-time value) bytes apart
// CHECK: warning: likely strided store: consecutive threads are 4*pitch bytes apart
