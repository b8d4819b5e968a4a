// An H200-like map (Inputs/h200-like-map.json: 2 partitions, an XOR of
// address bits 12..19, known within a 2 MiB page): the power-of-two block strides that camp on
// GT200 spread here; same-bytes camping by whole warps is still reported,
// one lane per block is not (that is for the run-time heat map).
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-partitions=xor:%S/Inputs/h200-like-map.json
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-partitions=xor:%S/Inputs/h200-like-map.json

#define TILE 32
#define N 2048
__global__ void transposeCoalesced(float *odata, const float *idata) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * N + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    odata[(y + j) * N + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void columns(float *a) {
  a[blockIdx.x * 512 * 32 + threadIdx.y * 512 + threadIdx.x] = 0.0f;
  a[blockIdx.x * (1 << 20) + threadIdx.y * 4096 + threadIdx.x] = 0.0f;
}

__global__ void sameBytes(float *out, float *sum, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[threadIdx.x] = in[i]; // expected-warning {{camped store: every block writes the same bytes}} expected-note {{reduce within each block first}}
  if (threadIdx.x == 0)
    atomicAdd(sum, in[i]); // expected-warning {{camped atomic: every block updates the same bytes (the address does not depend on blockIdx, one lane per block)}} expected-note {{reduce within each block first}}
}
