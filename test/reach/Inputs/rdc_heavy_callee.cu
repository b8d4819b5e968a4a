// A device function of its own unit that needs more than 64 registers:
// 48 independent double-precision accumulators live across one loop.
__device__ double heavyB(const double *x, int n) {
  double acc[48];
#pragma unroll
  for (int k = 0; k < 48; ++k)
    acc[k] = x[k];
  for (int i = 48; i < n; ++i) {
    double v = x[i];
#pragma unroll
    for (int k = 0; k < 48; ++k)
      acc[k] = acc[k] * v + k;
  }
  double s = 0;
#pragma unroll
  for (int k = 0; k < 48; ++k)
    s += acc[k] * acc[47 - k];
  return s;
}
