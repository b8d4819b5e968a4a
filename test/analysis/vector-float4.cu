// float4 at unit stride (16 bytes per lane) is coalesced; every other float4
// is strided.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void copy4(float4 *a, const float4 *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[i];
}

__global__ void sum4(float *a, const float4 *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = b[i];
  a[i] = v.x + v.y + v.z + v.w;
}

__global__ void half4(float4 *a, const float4 *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[2 * i] = b[i]; // expected-warning {{strided store: consecutive threads are 32 bytes apart; a warp touches 32 sectors per request instead of 16}} expected-note {{consecutive elements}}
}

__global__ void copy2(float2 *a, const float2 *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[i];
}
