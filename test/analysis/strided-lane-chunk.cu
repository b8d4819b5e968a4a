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

// Each piece under its own bounds check (segsort's merge writes): the
// pieces sit in blocks of their own, one run reaches them all, and they
// cover each lane's 8 bytes.
__global__ void guarded(int *out, const int *a, const int *b, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int x = a[t], y = b[t];
  if (2 * t + 0 < n)
    out[2 * t + 0] = x; // expected-warning {{strided store: consecutive threads are 8 bytes apart; a warp touches 8 sectors per request instead of 4}} expected-note {{each thread accesses its own contiguous bytes piece by piece here}}
  if (2 * t + 1 < n)
    out[2 * t + 1] = y; // expected-note {{the same strided access pattern}}
}

// The two halves on exclusive branches: a thread writes one of them, so
// half of each sector it touches is someone else's, not its own chunk.
__global__ void either(int *out, int *seen, const int *a, const int *p) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (p[t]) {
    out[2 * t + 0] = a[t]; // expected-warning {{strided store: consecutive threads are 8 bytes apart}} expected-note {{make consecutive threads access consecutive elements}}
    seen[t] = 1;
  } else {
    seen[t] = 2;
    out[2 * t + 1] = -a[t]; // expected-note {{the same strided access pattern}}
  }
}

// The same inside a loop: the else branch is reachable from the then
// branch only round the loop, which is not one chunk either.
__global__ void eitherInLoop(int *out, int *seen, const int *a, const int *p,
                             int m) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < m; ++k) {
    if (p[k] > t) {
      out[2 * t + 0] = a[k]; // expected-warning {{strided store: consecutive threads are 8 bytes apart}} expected-note {{make consecutive threads access consecutive elements}}
      seen[k] = 1;
    } else {
      seen[k] = 2;
      out[2 * t + 1] = -a[k]; // expected-note {{the same strided access pattern}}
    }
  }
}

// Four doubles a lane, read one at a time: a 32-byte chunk, two whole
// 16-byte vectors; and four guarded 8-byte stores (segsort's value writes).
__global__ void chunkOfDoubles(double *out, const double *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double m = 0.0;
#pragma unroll
  for (int k = 0; k < 4; ++k)
    m += x[4 * i + k]; // expected-warning {{strided load: consecutive threads are 32 bytes apart; a warp touches 32 sectors per request instead of 8}} expected-note {{access the chunk as aligned vectors of up to 16 bytes}}
  out[i] = m;
}

__global__ void guardedLongs(long *out, const long *a, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  long x = a[t];
  if (4 * t + 0 < n)
    out[4 * t + 0] = x; // expected-warning {{strided store: consecutive threads are 32 bytes apart}} expected-note {{each thread accesses its own contiguous bytes piece by piece here}}
  if (4 * t + 1 < n)
    out[4 * t + 1] = x + 1; // expected-note {{the same strided access pattern}}
  if (4 * t + 2 < n)
    out[4 * t + 2] = x + 2; // expected-note {{the same strided access pattern}}
  if (4 * t + 3 < n)
    out[4 * t + 3] = x + 3; // expected-note {{the same strided access pattern}}
}

// A 20-byte structure read whole: the pieces cover each lane's bytes but no
// whole vectors; the fix is the layout.
struct Particle {
  float x, y, z, vx, vy;
};
__global__ void structOfFive(float *out, const Particle *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  Particle q = p[i]; // expected-warning {{strided load: consecutive threads are 20 bytes apart}} expected-note {{use a structure of arrays}}
  out[i] = q.x + q.y + q.z + q.vx + q.vy;
}

// One lane's pieces in two slots of the lane stride (an unrolled radix-2
// step on complex doubles: x[2*i], x[2*i + 1] and the pair 128 elements
// on): each slot is covered, and each gets the note.
__global__ void radix2(double *out, const double *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double re = x[2 * i] + x[2 * i + 256]; // expected-warning {{strided load: consecutive threads are 16 bytes apart; a warp touches 16 sectors per request instead of 8}} expected-note {{each thread accesses its own contiguous bytes piece by piece here}} expected-note {{the same strided access pattern on 'x' here}}
  double im = x[2 * i + 1] + x[2 * i + 257]; // expected-note 2 {{the same strided access pattern on 'x' here}}
  out[i] = re * im;
}
