// The shared-memory transpose (CampProf's example): coalesced on both sides,
// but under the GT200 model (8 partitions of 256 bytes) consecutive blocks'
// writes are 2048*k bytes apart and camp on one partition. Under an
// H200-like XOR map (a test input, not the calibrated sm_90 data) they
// spread.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=gt200 %s -fplugin-arg-sectorscope-partitions=gt200
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify=gt200 %s -fplugin-arg-sectorscope-partitions=gt200
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=h200 %s -fplugin-arg-sectorscope-partitions=xor:%S/Inputs/h200-like-map.json
// h200-no-diagnostics

#define TILE_DIM 32
#define BLOCK_ROWS 8
#define N 2048

__global__ void transposeCoalesced(float *odata, const float *idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + yIndex * N;
  xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + yIndex * N;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * N];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * N] = tile[threadIdx.x][threadIdx.y + i]; // gt200-warning {{camped store: consecutive blocks are 262144 bytes apart, a multiple of the gt200 partition period (2048 bytes); a wave of 120 blocks (30 SMs x 4 blocks of (32,8)) touches 1 of 8 memory partitions, 100% of its sectors on partition 0, assuming blockDim (32,8) [sectorscope-camped]}} gt200-note {{diagonal block order}}
}
