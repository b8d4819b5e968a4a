// Host code calling min and max as nvcc's headers allow (cuda-samples do).
#include <cstdio>

__global__ void clampKernel(float *A, float Lo) {
  A[threadIdx.x] = max(A[threadIdx.x], Lo); // clang's device overload
}

__host__ __device__ float clampBoth(float X) { return min(max(X, 0.0f), 1.0f); }

int main() {
  float F = 2.5f, G = -1.0f;
  double D = 0.25;
  int I = -3, J = 7;
  unsigned U = 5;
  long long L = 1LL << 40;
  printf("float %g %g\n", max(F, G), min(F, G));
  printf("mixed %g %g\n", max(F, D), min(D, F));
  printf("int %d %d %u %u\n", max(I, J), min(I, J), max(U, 9u), min(I, U));
  printf("long %lld %llu\n", max(L, 3LL), ullmin(2ull, 7ull));
  printf("hd %g %g\n", clampBoth(3.0f), clampBoth(-2.0f));
  return 0;
}
