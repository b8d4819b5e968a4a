// The source ExpectationsTest.cpp measures: its site table puts sites 0-4
// on the lines below (the kernel is never compiled).
__global__ void test(float *a, float *b) { // sectorscope-expect-kernel: clean
  int i = threadIdx.x;
  float x = b[i]; // sectorscope-expect: coalesced, clean, sectors-per-request <= 4
  float y = b[i * 64]; // sectorscope-expect: coalesced, sectors-per-request <= 4
  float z = b[i * 64 + 1]; // sectorscope-expect: strided; run-time: sectors-per-request == 32
  float w = b[i + 1]; // sectorscope-expect: strided
  float v = b[i + 2]; // sectorscope-expect: camped, hot-spot under gt200
  a[i] = x + y + z + w + v; // sectorscope-expect: hot-sport
  float u = 0; // sectorscope-expect: run-time: coalesced
  a[i + 1] = u; // sectorscope-expect: compile-time: coalesced
}

__global__ void other(float *a) {
  a[threadIdx.x] = 0; // sectorscope-expect: coalesced
}
