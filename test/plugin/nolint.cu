// Per-line suppression as clang-tidy spells it: NOLINT on the line of the
// access, NOLINTNEXTLINE on the line before; with a list, only the groups
// named (a glob, `sectorscope` for all of sectorscope's). A NOLINT for other
// checks leaves the warning.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s

__global__ void rows(float *out, const float *a, const float *b,
                     const float *c, const float *d, const float *e, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = a[2 * i]; // NOLINT
  s += b[4 * i]; // NOLINT(sectorscope-strided)
  s += c[8 * i]; // NOLINT(bugprone-*, sectorscope)
  // NOLINTNEXTLINE(sectorscope-*)
  s += d[16 * i];
  s += e[3 * i]; // NOLINT(sectorscope-misaligned) expected-warning {{strided load: consecutive threads are 12 bytes apart}} expected-note {{consecutive elements}}
  // NOLINTNEXTLINE(readability-magic-numbers)
  out[i * n] = s; // expected-warning {{likely strided store}} expected-note {{run-time value}}
  out[i + 1] = s; // NOLINTNEXTLINE here covers the next line, not this one: expected-warning {{misaligned store}} expected-note {{32-byte boundary}}
}
