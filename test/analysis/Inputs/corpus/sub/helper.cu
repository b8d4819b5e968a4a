// A helper's access is found at its call in the kernel; the label is there.
__device__ __forceinline__ float load8(const float *p, int i) { return p[i * 8]; }
__global__ void viaHelper(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = load8(in, i); // sectorscope-expect: strided
}
