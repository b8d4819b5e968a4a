// Host code parallel with OpenMP beside a kernel, built as nvcc builds it
// with `-Xcompiler -fopenmp` (HeCBench's openmp, streamUM, qkv): clang's
// OpenMP runtime provides omp.h and libomp. The host part runs without a
// GPU.
#include <cstdio>
#include <omp.h>

__global__ void scale(float *A) { A[threadIdx.x] *= 2; }

int main() {
  long Sum = 0;
#pragma omp parallel for reduction(+ : Sum) num_threads(2)
  for (int I = 1; I <= 1000; ++I)
    Sum += I;
  std::printf("sum %ld max threads >= 1: %d\n", Sum, omp_get_max_threads() >= 1);
  return 0;
}
