// Whole-struct copies are unit-stride accesses of the struct's width;
// fields read one by one from an array of structs are strided.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

struct P3 { float x, y, z; };
struct __align__(16) P4 { float x, y, z, w; };

__global__ void copyWhole(P3 *out, const P3 *in, P4 *out4, const P4 *in4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  out4[i] = in4[i];
}

__global__ void fields(float *out, const P3 *in, const P4 *in4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // The loads of q.x and q.y are made here, where in[i] is read.
  P3 q = in[i]; // expected-warning {{strided load: consecutive threads are 12 bytes apart; a warp touches 12 sectors per request instead of 4}} expected-note {{structure of arrays}}
  P4 r = in4[i];
  out[i] = q.x * q.y + r.x * r.w;
}
