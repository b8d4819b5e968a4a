// A vendor library's kernel (as CUB's live in CCCL), found through -isystem.
template <int Stride>
__global__ void vendorGather(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[Stride * i];
}
