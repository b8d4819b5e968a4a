// Host code that includes <cmath> alone and calls isfinite, isnan, isinf and
// signbit unqualified, as nvcc accepts; a kernel calls them too. MATH_H
// includes <math.h> afterwards, which declares the same names again.
#include <cmath>
#include <cstdio>
#ifdef MATH_H
#include <math.h>
#endif

__global__ void classify(const float *in, int *out) {
  float x = in[threadIdx.x];
  out[threadIdx.x] = isfinite(x) + 2 * isnan(x) + 4 * isinf(x) + 8 * signbit(x);
}

template <typename T> int classifyHost(T x) {
  return isfinite(x) + 2 * isnan(x) + 4 * isinf(x) + 8 * signbit(x);
}

int main() {
  float f[] = {1.5f, -0.0f, INFINITY, NAN};
  double d[] = {-2.0, 0.0, -INFINITY, NAN};
  for (int i = 0; i < 4; ++i)
    std::printf("%d %d\n", classifyHost(f[i]), classifyHost(d[i]));
  return 0;
}
