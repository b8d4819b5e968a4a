// __ldg and const __restrict__ loads: reported at the user's call, not in
// the CUDA headers.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void readOnly(float *__restrict__ out, const float *__restrict__ in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __ldg(&in[i]) + __ldg(&in[2 * i]); // expected-warning {{strided load: consecutive threads are 8 bytes apart}} expected-note {{consecutive elements}}
  out[i] += __ldg(&in[i + 3]); // expected-warning {{misaligned load: a warp's first access starts 12 bytes past}} expected-note {{32-byte boundary}}
}
