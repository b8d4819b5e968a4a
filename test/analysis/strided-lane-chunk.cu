// A thread that reads its own four consecutive floats one at a time (an
// unrolled x[4*i + k], k < 4, the base not known to be 16-byte aligned) is
// strided per request, but the pieces cover each lane's 16 bytes: the note
// says the caches serve the repeats and suggests one vector access. A lone
// x[4*i] keeps the usual note.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s

__global__ void chunk(float *out, const float *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float m = 0.0f;
#pragma unroll
  for (int k = 0; k < 4; ++k)
    m = fmaxf(m, x[4 * i + k]); // expected-warning {{strided load: consecutive threads are 16 bytes apart; a warp touches 16 sectors per request instead of 4}} expected-note {{each thread accesses its own contiguous bytes piece by piece here: the caches serve the repeated sectors}}
  out[i] = m;
}

__global__ void lone(float *out, const float *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[4 * i]; // expected-warning {{strided load: consecutive threads are 16 bytes apart; a warp touches 16 sectors per request instead of 4}} expected-note {{make consecutive threads access consecutive elements}}
}

// Three of the four: a gap, no claim that the chunk is covered.
__global__ void gap(float *out, const float *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = x[4 * i] + x[4 * i + 1] + x[4 * i + 3]; // expected-warning {{strided load: consecutive threads are 16 bytes apart}} expected-note {{make consecutive threads access consecutive elements}} expected-note 2 {{the same strided access pattern}}
}
