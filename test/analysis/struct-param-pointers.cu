// Pointers passed inside a struct parameter are loaded from parameter
// memory; they point to global memory like pointer arguments do.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

struct Field {
  float *data;
  int pitch;
};

__global__ void viaStruct(Field f, Field g) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  f.data[y * f.pitch + x] = g.data[y * g.pitch + x];
  f.data[x * f.pitch + y] = 0.0f; // expected-warning-re {{likely strided store: consecutive threads are 4*{{.+}} bytes apart}} expected-note {{run-time value}}
  g.data[y * g.pitch + x + 2] = 1.0f; // expected-warning {{misaligned store: a warp's first access starts 8 bytes past}} expected-note {{32-byte boundary}}
}
