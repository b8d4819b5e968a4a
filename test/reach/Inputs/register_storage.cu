// C++17 removed the `register` storage class; nvcc (through its host
// compiler) warns about it and compiles, and older CUDA code still has it
// (HeCBench maxFlops' kernels.h). The host part runs without a GPU.
#include <cstdio>

__global__ void twice(float *A) {
  register float X = A[threadIdx.x];
  A[threadIdx.x] = 2 * X;
}

int main() {
  register int Sum = 0;
  for (register int I = 1; I <= 4; ++I)
    Sum += I;
  std::printf("sum %d\n", Sum);
  return 0;
}
