// A thread index multiplied by a run-time value: likely strided. The
// parameter's name comes from the source text (no -g needed).
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void rows(float *q, int nj, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  q[i * nj + k] = 0.0f; // expected-warning {{likely strided store: consecutive threads are 4*nj bytes apart (a run-time stride); a warp likely touches 32 sectors per request instead of 4, assuming blockDim.x is a multiple of 32 [sectorscope-strided]}} expected-note {{the thread index is multiplied by a run-time value}}
}

// Uniform loop over a run-time bound: the index of the row is uniform.
__global__ void uniformRow(float *q, int nj, int rows) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < rows; ++r)
    q[r * nj + i] += 1.0f;
}
