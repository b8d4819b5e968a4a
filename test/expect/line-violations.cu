// Each kind of line expectation that does not hold is one error naming the
// expectation and what the analyzer found, at the access.
// RUN: %wrapper --sectorscope-expect --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --sectorscope-expect --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// RUN: not %wrapper --sectorscope-expect --cuda-device-only -O2 -S -o /dev/null %s 2>&1 | FileCheck %s
// Without the flag the comments are ignored.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null %s -w

__global__ void lines(float *a, float *c, float *d, float *e, float *g,
                      const float *b, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[i * 2]; // sectorscope-expect: coalesced // expected-error {{expected coalesced, found strided load: consecutive threads are 8 bytes apart; a warp touches 8 sectors per request instead of 4}} expected-warning {{strided load}} expected-note {{consecutive elements}}
  c[i + 1] = 1; // sectorscope-expect: strided, sectors-per-request == 4 // expected-error {{expected strided, found no strided access: store: 5 sectors per request (ideal 4)}} expected-error {{expected sectors-per-request == 4, found 5 (store: 5 sectors per request (ideal 4))}} expected-warning {{misaligned store}} expected-note {{32-byte boundary}}
  d[i] = b[idx[i]]; // sectorscope-expect: data-dependent, sectors-per-request <= 4 // expected-error {{expected sectors-per-request <= 4, but the analyzer cannot count the sectors: load: the address is data-dependent}}
  e[i] = b[i * n]; // sectorscope-expect: clean // expected-error {{expected clean, found likely strided load: consecutive threads are 4*n bytes apart}} expected-warning {{likely strided load}} expected-note {{run-time value}}
  g[i] = b[i + 8]; // sectorscope-expect: data-dependent, misaligned // expected-error {{expected data-dependent, but the analyzer follows the address: load: 4 sectors per request (ideal 4); store: 4 sectors per request (ideal 4)}} expected-error {{expected misaligned, found no misaligned access}}
}

// CHECK: line-violations.cu:12:10: error: expected coalesced, found strided load{{.*}}[sectorscope-expect]
// CHECK: line-violations.cu:13:12: error: expected strided, found no strided access
