// Whole-struct copies are accesses of the struct's width when it is aligned
// to it; an under-aligned struct is copied by the back end in narrow pieces
// (cuda-samples alignedTypes), each one strided by the struct's size.
// Fields read one by one from an array of structs are strided.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

struct P3 { float x, y, z; };
struct __align__(16) P4 { float x, y, z, w; };

__global__ void copyWhole(P3 *out, const P3 *in, P4 *out4, const P4 *in4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i]; // expected-warning {{strided load: consecutive threads are 12 bytes apart; a warp touches 12 sectors per request instead of 4}} expected-note {{structure of arrays}}
  out4[i] = in4[i];
}

__global__ void fields(float *out, const P3 *in, const P4 *in4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // The loads of q.x and q.y are made here, where in[i] is read.
  P3 q = in[i]; // expected-warning {{strided load: consecutive threads are 12 bytes apart; a warp touches 12 sectors per request instead of 4}} expected-note {{structure of arrays}}
  P4 r = in4[i];
  out[i] = q.x * q.y + r.x * r.w;
}

// 8 bytes at 4-byte alignment: two 4-byte accesses per lane; with
// __align__(8) one 8-byte access.
struct LA32 { float l, a; };
struct __align__(8) LA32a { float l, a; };
__global__ void copyPairs(LA32 *o, const LA32 *in, LA32a *oa, const LA32a *ina) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = in[i]; // expected-warning {{strided load: consecutive threads are 8 bytes apart; a warp touches 8 sectors per request instead of 4}} expected-note {{structure of arrays}}
  oa[i] = ina[i];
}

// 16 bytes at 4-byte alignment (alignedTypes' RGBA32): four 4-byte pieces
// per lane, each 16 bytes from its neighbour's; __align__(16) makes it one
// 16-byte access.
struct RGBA32 { float r, g, b, a; };
struct __align__(16) RGBA32a { float r, g, b, a; };
__global__ void copyQuads(RGBA32 *o, const RGBA32 *in, RGBA32a *oa, const RGBA32a *ina) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = in[i]; // expected-warning {{strided load: consecutive threads are 16 bytes apart; a warp touches 16 sectors per request instead of 4}} expected-note {{structure of arrays}}
  oa[i] = ina[i];
}
