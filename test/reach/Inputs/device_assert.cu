// A kernel with assert(): clang names its __PRETTY_FUNCTION__ string
// `__PRETTY_FUNCTION__._Z5checkPKii`, a name PTX cannot hold.
#include <cassert>

__global__ void check(const int *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    assert(In[I] >= 0);
}

int main() {
  int *In;
  cudaMalloc(&In, 64 * sizeof(int));
  cudaMemset(In, 0, 64 * sizeof(int));
  check<<<1, 64>>>(In, 64);
  return cudaDeviceSynchronize() != cudaSuccess;
}
