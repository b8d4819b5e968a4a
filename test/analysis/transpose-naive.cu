// The naive transpose: coalesced reads, strided writes. No camping is
// reported for the strided side, under any partition model.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=expected,gt200 %s -fplugin-arg-sectorscope-partitions=gt200

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeNaive(float *odata, const float *idata, int width,
                               int height) {
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = xIndex + width * yIndex;
  int index_out = yIndex + height * xIndex;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i] = idata[index_in + i * width]; // expected-warning-re {{likely strided store: consecutive threads are 4*{{.+}} bytes apart}} expected-note {{run-time value}} gt200-warning {{likely camped store: consecutive blocks are 128*height bytes apart, a multiple of the gt200 partition period (2048 bytes) when height is a multiple of 16}} gt200-note {{diagonal}}
}

#define N 1024
__global__ void transposeNaiveFixed(float *odata, const float *idata) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  odata[x * N + y] = idata[y * N + x]; // expected-warning {{strided store: consecutive threads are 4096 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}} gt200-warning {{camped store: consecutive blocks are 131072 bytes apart}} gt200-note {{diagonal}}
}
