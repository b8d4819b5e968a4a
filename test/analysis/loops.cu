// Loops: a uniform loop variable moves the whole warp together; a thread
// index scaled by a run-time row length is likely strided.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void rowsThenCols(float *a, int n, int pitch) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    a[k * pitch + i] += 1.0f;
  for (int k = 0; k < n; ++k)
    a[i * pitch + k] += 1.0f; // expected-warning-re {{likely strided load: consecutive threads are 4*{{.+}} bytes apart}} expected-note {{run-time value}}
}

__global__ void matmulNaive(float *C, const float *A, const float *B, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < N; ++k)
    s += A[row * N + k] * B[k * N + col];
  C[row * N + col] = s;
}

__global__ void matmulTransposedB(float *C, const float *A, const float *B, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int k = 0; k < N; ++k)
    s += A[row * N + k] * B[col * N + k]; // expected-warning-re {{likely strided load: consecutive threads are 4*{{.+}} bytes apart}} expected-note {{run-time value}}
  C[row * N + col] = s;
}
