// A kernel calling a device function of another unit (rdc_heavy_callee.cu)
// that ptxas compiles with far more than 64 registers.
__device__ double heavyB(const double *x, int n);

__global__ void callsHeavy(const double *x, double *out, int n) {
  out[threadIdx.x] = heavyB(x + threadIdx.x, n);
}

int main() { return 0; }
