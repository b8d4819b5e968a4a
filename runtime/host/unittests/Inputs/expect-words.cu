// The source ExpectationsTest.cpp measures for the run-time meaning of the
// words: its site table puts sites on the lines below (never compiled).
__global__ void test(float *a, float *b, const int *idx) {
  int i = threadIdx.x;
  float s = b[i * 64]; // sectorscope-expect: strided, uncoalesced
  float g = b[idx[i]]; // sectorscope-expect: strided, uncoalesced
  float m = b[i + 1]; // sectorscope-expect: misaligned
  float c = b[i]; // sectorscope-expect: misaligned
  float t = b[i * 8] + b[i * 2]; // sectorscope-expect: hot-spot
  a[i] = s + g + m + c + t; // sectorscope-expect: coalesced, clean, sectors-per-request <= 4
}

__device__ void put(float *a, int i) { a[i * 32] = 0; } // sectorscope-expect: coalesced
