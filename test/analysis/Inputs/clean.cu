// A kernel with nothing to report.
__global__ void clean(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = 2.0f * b[i];
}
