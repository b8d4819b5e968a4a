// Grid-stride loops: the induction variable starts at the global thread id
// and steps by a uniform amount, so the lane stride is that of the start.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

__global__ void gather2(int n, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = x[2 * i]; // expected-warning {{strided load: consecutive threads are 8 bytes apart; a warp touches 8 sectors per request instead of 4}} expected-note {{consecutive elements}}
}
