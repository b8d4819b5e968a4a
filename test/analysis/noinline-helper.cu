// A __noinline__ helper's access is analyzed in its caller's context, with
// the caller's arguments, at -O2 as at -O0: reported at the call that passes
// the stride, with a note at the access in the helper.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__device__ __noinline__ float fetch(const float *p, int i, int stride) {
  return p[i * stride]; // expected-note {{the access is in helper 'fetch'}}
}

__global__ void viaNoinline(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = fetch(b, i, 32); // expected-warning {{strided load: consecutive threads are 128 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
}

// Called with a unit stride from another kernel: that call is clean.
__global__ void unitStride(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = fetch(b, i, 1);
}
