// The SDK's tiled transpose with run-time sizes: the block stride of the
// writes is TILE*4*height, camped whenever height is a multiple of 16;
// under an H200-like XOR map (a test input) they spread.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=gt200 %s -fplugin-arg-sectorscope-partitions=gt200
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify=gt200 %s -fplugin-arg-sectorscope-partitions=gt200
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=h200 %s -fplugin-arg-sectorscope-partitions=xor:%S/Inputs/h200-like-map.json
// h200-no-diagnostics

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeCoalesced(float *odata, const float *idata, int width,
                                   int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + yIndex * width;
  xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + yIndex * height;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i]; // gt200-warning {{likely camped store: consecutive blocks are 128*height bytes apart, a multiple of the gt200 partition period (2048 bytes) when height is a multiple of 16; a wave of 120 blocks (30 SMs x 4 blocks of (32,8)) touches 1 of 8 memory partitions, 100% of its sectors on partition 0, assuming blockDim (32,8) [sectorscope-camped]}} gt200-note {{diagonal block order}}
}
