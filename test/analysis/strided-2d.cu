// 2D blocks: lanes are consecutive threadIdx.x. Row-major with x fastest is
// clean; x selecting the row is strided (constant and run-time pitches).
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void rowMajor(float *a, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  a[y * width + x] = 1.0f;
}

__global__ void columnMajorConst(float *a) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  a[x * 1024 + y] = 1.0f; // expected-warning {{strided store: consecutive threads are 4096 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{consecutive elements}}
}

__global__ void columnMajorRuntime(float *a, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  a[x * height + y] = 1.0f; // expected-warning-re {{likely strided store: consecutive threads are 4*{{[a-z0-9]+}} bytes apart (a run-time stride); a warp likely touches 32 sectors per request instead of 4}} expected-note {{run-time value}}
}
