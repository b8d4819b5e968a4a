// Indirect calls and recursion survive the analysis.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

typedef float (*UnaryFn)(float);
__device__ float twice(float x) { return 2 * x; }
__device__ float thrice(float x) { return 3 * x; }
__device__ UnaryFn table[2] = {twice, thrice};

__device__ int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }

__global__ void indirect(float *a, const float *b, int which, UnaryFn f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = table[which & 1](b[i]) + f(b[i]) + depth(which);
  a[i] += b[4 * i]; // expected-warning {{strided load: consecutive threads are 16 bytes apart; a warp touches 16 sectors per request instead of 4}} expected-note {{consecutive elements}}
}
