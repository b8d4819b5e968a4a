// Row pitches (an index times a run-time width) are assumed to be multiples
// of 32 bytes, so a constant column offset decides the alignment.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void stencil(float *out, const float *in, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = in[(y + 1) * width + x] + in[y * width + x + 1]; // expected-warning {{misaligned load: a warp's first access starts 4 bytes past}} expected-note {{32-byte boundary}}
}

// A block offset that is not a multiple of 32 bytes: the offset differs from
// block to block, so nothing is reported.
__global__ void oddBlocks(float *out, const float *in) {
  out[blockIdx.x * 33 + threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x];
}
