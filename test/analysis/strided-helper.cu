// The thread index computed in helpers and templates is seen after inlining;
// the warning points at the call in the kernel that passes the stride, a
// note at the access inside the helper.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__device__ int globalId() { return blockIdx.x * blockDim.x + threadIdx.x; }

template <int Stride> __device__ float fetch(const float *p) {
  return p[globalId() * Stride]; // #fetch
}

__global__ void viaHelpers(float *out, const float *in) {
  out[globalId()] = fetch<16>(in) + fetch<1>(in); // expected-warning {{strided load: consecutive threads are 64 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
  // expected-note@#fetch 2 {{the access is in helper 'fetch<16>'}}
}
// The same helper inlined into a second kernel: a warning at that call.
__global__ void again(float *out, const float *in) { out[globalId()] = fetch<16>(in); } // expected-warning {{strided load: consecutive threads are 64 bytes apart}} expected-note {{consecutive elements}}
