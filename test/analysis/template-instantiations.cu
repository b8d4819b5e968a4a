// A kernel template's findings name the instantiation, and a line that two
// instantiations share reports each with its own numbers.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s

template <typename T, unsigned Block>
__global__ void reduceRows(T *out, const T *in) {
  unsigned i = blockIdx.x * Block + threadIdx.x;
  out[i] = in[i * 4]; // expected-warning {{strided load: consecutive threads are 16 bytes apart; a warp touches 16 sectors per request instead of 4, assuming blockDim.x is a multiple of 32 (in instantiation reduceRows<float, 512>)}} expected-note {{consecutive elements}} expected-warning {{strided load: consecutive threads are 32 bytes apart; a warp touches 32 sectors per request instead of 8, assuming blockDim.x is a multiple of 32 (in instantiation reduceRows<double, 64>)}} expected-note {{consecutive elements}}
}

template __global__ void reduceRows<float, 512>(float *, const float *);
template __global__ void reduceRows<double, 64>(double *, const double *);
