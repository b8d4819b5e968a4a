// A thread index split below a warp: tid % 16 and tid / 16 (or & 15 and
// >> 4), and tid % 3 and tid / 3, are counted lane by lane, as tid % 32 and
// tid / 32 are.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

// Sixteen rows of a 1024-float matrix, two elements each: 16 sectors.
__global__ void columnsOfSixteen(const float *in, float *out) {
  int t = threadIdx.x;
  out[blockIdx.x * 256 + t] = in[blockIdx.x * 8192 + (t & 15) * 1024 + (t >> 4)]; // expected-warning {{strided load: consecutive threads are 4096 bytes apart; a warp touches 16 sectors per request instead of 4}} expected-note {{consecutive elements}}
}

__global__ void columnsOfSixteenDiv(const float *in, float *out) {
  int t = threadIdx.x;
  out[blockIdx.x * 256 + t] = in[blockIdx.x * 8192 + (t % 16) * 1024 + t / 16]; // expected-warning {{strided load: consecutive threads are 4096 bytes apart; a warp touches 16 sectors per request instead of 4}} expected-note {{consecutive elements}}
}

// Eight rows, four elements each, written: 8 sectors.
__global__ void rowsOfEight(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[(threadIdx.x & 7) * 32 + (threadIdx.x >> 3) + blockIdx.x * 256] = in[i]; // expected-warning {{strided store: consecutive threads are 128 bytes apart; a warp touches 8 sectors per request instead of 4}} expected-note {{consecutive elements}}
}

// Three planes of an RGB image read by pixel: the optimizer narrows the
// division by 3 to 16 bits, which tid.x fits. 6 sectors.
__global__ void planesOfThree(const float *in, float *out) {
  int t = threadIdx.x;
  out[blockIdx.x * 96 + t] = in[blockIdx.x * 4096 + (t % 3) * 1024 + t / 3]; // expected-warning {{strided load: consecutive threads are 4096 bytes apart; a warp touches 6 sectors per request instead of 4}} expected-note {{consecutive elements}}
}

// The split put back together is the thread index: coalesced, silent.
__global__ void rejoined(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[blockIdx.x * 256 + (threadIdx.x >> 4) * 16 + (threadIdx.x & 15)];
}

int main() {
  float *a, *b;
  columnsOfSixteen<<<64, 256>>>(a, b);
  columnsOfSixteenDiv<<<64, 256>>>(a, b);
  rowsOfEight<<<64, 256>>>(a, b);
  rejoined<<<64, 256>>>(a, b);
  planesOfThree<<<64, 96>>>(a, b);
}
