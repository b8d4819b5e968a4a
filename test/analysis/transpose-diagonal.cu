// Diagonal block reordering makes the block term non-affine: no camping.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-partitions=gt200
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-partitions=gt200
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// expected-no-diagnostics

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeDiagonal(float *odata, const float *idata, int width,
                                  int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int blockIdx_x, blockIdx_y;
  if (width == height) {
    blockIdx_y = blockIdx.x;
    blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  } else {
    int bid = blockIdx.x + gridDim.x * blockIdx.y;
    blockIdx_y = bid % gridDim.y;
    blockIdx_x = ((bid / gridDim.y) + blockIdx_y) % gridDim.x;
  }
  int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + yIndex * width;
  xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
  int index_out = xIndex + yIndex * height;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}

#define N 2048
__global__ void transposeDiagonalFixed(float *odata, const float *idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int blockIdx_y = blockIdx.x;
  int blockIdx_x = (blockIdx.x + blockIdx.y) % gridDim.x;
  int index_in = blockIdx_x * TILE_DIM + threadIdx.x + (blockIdx_y * TILE_DIM + threadIdx.y) * N;
  int index_out = blockIdx_y * TILE_DIM + threadIdx.x + (blockIdx_x * TILE_DIM + threadIdx.y) * N;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * N];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * N] = tile[threadIdx.x][threadIdx.y + i];
}
