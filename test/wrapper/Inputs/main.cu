#include <cstdio>
__global__ void fill(int *a) { a[threadIdx.x] = threadIdx.x; }
int main() {
  int *d = nullptr;
  if (cudaMalloc(&d, 32 * sizeof(int)) != cudaSuccess)
    return 0; // no GPU: nothing to check here
  fill<<<1, 32>>>(d);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
