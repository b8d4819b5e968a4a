// nan("") and nanf("") in device code, as nvcc compiles them; the host's
// own nan from the C library beside them.
#include <cmath>
#include <cstdio>

__global__ void fill(double *D, float *F) {
  D[threadIdx.x] = ::nan("");
  F[threadIdx.x] = nanf("");
  D[threadIdx.x + 32] = std::nan("");
}

int main() {
  std::printf("host %d %d\n", std::isnan(::nan("")) ? 1 : 0,
              std::isnan(nanf("")) ? 1 : 0);
  return 0;
}
