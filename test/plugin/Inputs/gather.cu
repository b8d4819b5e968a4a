// A gather with a strided read and a shifted (misaligned) write: one finding
// of each rule, for the warning-option tests.
__global__ void gather(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i + 1] = in[3 * i];
}
