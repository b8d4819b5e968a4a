// Relocatable device code, second unit: the __device__ function and main.
#include <cstdio>

__device__ float scale(float X) { return 2.0f * X + 1.0f; }
void launchScaleAll(float *A, int N);

int main() {
  const int N = 1024;
  float Host[N], *Dev;
  for (int I = 0; I < N; ++I)
    Host[I] = I;
  cudaMalloc(&Dev, sizeof Host);
  cudaMemcpy(Dev, Host, sizeof Host, cudaMemcpyHostToDevice);
  launchScaleAll(Dev, N);
  cudaMemcpy(Host, Dev, sizeof Host, cudaMemcpyDeviceToHost);
  double Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += Host[I];
  printf("rdc sum %.0f (%s)\n", Sum, cudaGetErrorString(cudaGetLastError()));
  return 0;
}
