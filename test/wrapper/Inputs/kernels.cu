// Small kernels, each a load, a shifted load and a store.
#define KERNEL(K)                                                              \
  __global__ void k##K(const float *in, float *out, int n) {                   \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                             \
    if (i < n)                                                                 \
      out[i] = in[i] * float(K) + in[(i + K) % n];                             \
  }
KERNEL(1)
KERNEL(2)
KERNEL(3)
KERNEL(4)
KERNEL(5)
KERNEL(6)
int main() { return 0; }
