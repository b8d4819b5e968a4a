// A labelled file of a corpus directory for score-expectations.py.
__global__ void rows(float *out, const float *in, int pitch) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 16]; // sectorscope-expect: strided
  out[i] = 2.0f * in[i]; // sectorscope-expect: clean
}
