// A finding shown once per cause (a warning at its first site, a note at
// each other) is still checked at every site against its own line's
// expectations.
// RUN: %wrapper --sectorscope-expect --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: not %wrapper --sectorscope-expect --cuda-device-only -O2 -S -o /dev/null %s 2>&1 | FileCheck %s

__global__ void pairs(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = b[i * 2]; // sectorscope-expect: strided // expected-warning {{strided load}} expected-note {{consecutive elements}}
  float y = b[i * 2 + 64]; // sectorscope-expect: strided, sectors-per-request == 8 // expected-note {{the same strided access pattern on 'b' here}}
  float z = b[i * 2 + 128]; // sectorscope-expect: clean // expected-note {{the same strided access pattern on 'b' here}} expected-error {{expected clean, found strided load: consecutive threads are 8 bytes apart}}
  a[i] = x + y + z; // sectorscope-expect: coalesced
}

// CHECK: grouped-sites.cu:11:13: error: expected clean, found strided load{{.*}}[sectorscope-expect]
// CHECK-NOT: error:
