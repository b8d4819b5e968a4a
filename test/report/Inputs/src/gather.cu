// Sample source for the report tests: the report names line 12, column 9.
#include <cuda_runtime.h>

// A gather through a scrambled index: no two lanes of a warp read
// neighbouring words, and the gaps are irregular.
__global__ void gather(float *out, float *in) {
  unsigned t = threadIdx.x;
  unsigned i = (t * 2654435761u) % 65521u;
  float v = 0;
  if (t < 256)
    v =
        in[i];
  out[t] = v;
}
