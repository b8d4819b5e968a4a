// A vectorized copy's scalar tail: `n - index < VEC` (unsigned) lets
// through only the lane whose VEC elements run past n, since lanes'
// indices are VEC apart. One lane touches one sector: no strided warning on
// the tail loop. A window wider than the lanes' step lets several lanes in,
// and a signed test lets every lane past the end in: both keep the warning.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

template <typename T, int N> struct alignas(sizeof(T) * N) vec_t {
  T data[N];
};

__global__ void copyWithTail(const int *in, int *out, size_t n) {
  size_t index = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) * 4;
  size_t remaining = n - index;
  if (remaining < 4) {
    for (size_t i = index; i < n; i++)
      out[i] = in[i];
  } else {
    *reinterpret_cast<vec_t<int, 4> *>(out + index) =
        *reinterpret_cast<const vec_t<int, 4> *>(in + index);
  }
}

__global__ void wideWindow(const int *in, int *out, unsigned n) {
  unsigned index = (blockIdx.x * blockDim.x + threadIdx.x) * 2;
  if (n - index < 8u)
    out[index] = in[index]; // expected-warning {{strided store: consecutive threads are 8 bytes apart}} expected-warning {{strided load: consecutive threads are 8 bytes apart}} expected-note 2 {{consecutive elements}}
}

__global__ void signedTail(const int *in, int *out, int n) {
  int index = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (n - index < 4)
    out[index] = in[index]; // expected-warning {{strided store: consecutive threads are 16 bytes apart}} expected-warning {{strided load: consecutive threads are 16 bytes apart}} expected-note 2 {{consecutive elements}}
}
