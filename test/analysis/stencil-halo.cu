// A stencil's halo (in[i-1] and in[i+1] around an aligned in[i]) touches
// one sector more per request, but those sectors are the neighbours' anyway:
// no warning, and a SARIF result of level "note". A lone shifted read is a
// misalignment to fix.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-sarif=%t.sarif
// RUN: FileCheck %s < %t.sarif

__global__ void blur(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
}

__global__ void blur2d(float *out, const float *in, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  out[y * w + x] = in[(y - 1) * w + x] + in[y * w + x - 1] + in[y * w + x] +
                   in[y * w + x + 1] + in[(y + 1) * w + x];
}

__global__ void shifted(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1]; // expected-warning {{misaligned load: a warp's first access starts 4 bytes past}} expected-note {{32-byte boundary}}
}

// CHECK: "ruleId": "misaligned"
// CHECK-NEXT: "ruleIndex": 1,
// CHECK-NEXT: "level": "note",
// CHECK: "startLine": 10,
// CHECK: "rank": 20.0,
// CHECK: "stencilHalo": true,
// CHECK: "ruleId": "misaligned"
// CHECK-NEXT: "ruleIndex": 1,
// CHECK-NEXT: "level": "note",
// CHECK: "startLine": 10,
// CHECK: "rank": 20.0,
// CHECK: "stencilHalo": true,
// CHECK: "ruleId": "misaligned"
// CHECK-NEXT: "ruleIndex": 1,
// CHECK-NEXT: "level": "note",
// CHECK: "startLine": 16,
// CHECK: "rank": 20.0,
// CHECK: "stencilHalo": true,
// CHECK: "ruleId": "misaligned"
// CHECK-NEXT: "ruleIndex": 1,
// CHECK-NEXT: "level": "note",
// CHECK: "startLine": 17,
// CHECK: "rank": 20.0,
// CHECK: "stencilHalo": true,
// CHECK: "ruleId": "misaligned"
// CHECK-NEXT: "ruleIndex": 1,
// CHECK-NEXT: "level": "warning",
// CHECK: "startLine": 22,
// CHECK: "rank": 20.0,
// CHECK: "stencilHalo": false,
// CHECK-NOT: "ruleId"
