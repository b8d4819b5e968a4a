// A small CUDA translation unit used by the plugin and wrapper tests.
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

void run(int n, float a, const float *x, float *y) {
  saxpy<<<(n + 255) / 256, 256>>>(n, a, x, y);
}
