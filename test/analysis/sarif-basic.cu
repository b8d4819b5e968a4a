// SARIF 2.1.0 output: one result per finding with the numbers.
// RUN: rm -f %t.sarif
// RUN: %wrapper --cuda-device-only -O2 -c -o /dev/null %s -fplugin-arg-sectorscope-sarif=%t.sarif -fplugin-arg-sectorscope-partitions=gt200 2>/dev/null
// RUN: python3 -m json.tool %t.sarif > /dev/null
// RUN: FileCheck %s < %t.sarif

__global__ void strided(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = b[i * 32];
  a[i + 1] = v;
}

__global__ void columns(float *a) {
  a[blockIdx.x * 65536 + threadIdx.y * 2048 + threadIdx.x] = 0.0f;
}

// CHECK: "version": "2.1.0"
// CHECK: "name": "sectorscope"
// CHECK: "rules": [
// CHECK: "id": "strided"
// CHECK: "id": "misaligned"
// CHECK: "id": "camped"
// CHECK: "results": [
// CHECK: "ruleId": "strided"
// CHECK: "level": "warning"
// CHECK: "text": "strided load: consecutive threads are 128 bytes apart; a warp touches 32 sectors per request instead of 4, assuming blockDim.x is a multiple of 32"
// CHECK: "uri": "{{.*}}sarif-basic.cu"
// CHECK: "startLine": 9,
// CHECK-NEXT: "startColumn": 13
// CHECK: "laneStrideBytes": 128,
// CHECK-NEXT: "offsetBytes": 0,
// CHECK-NEXT: "blockStrideBytes": {
// CHECK-NEXT: "x": "128*blockDim.x",
// CHECK-NEXT: "y": 0
// CHECK: "sectorsPerRequest": 32,
// CHECK-NEXT: "idealSectorsPerRequest": 4,
// CHECK-NEXT: "op": "load",
// CHECK-NEXT: "widthBytes": 4,
// CHECK-NEXT: "function": "strided(float*, float const*)",
// CHECK: "ruleId": "misaligned"
// CHECK: "text": "misaligned store: a warp's first access starts 4 bytes past a 32-byte sector boundary; a warp touches 5 sectors per request instead of 4, assuming blockDim.x is a multiple of 32"
// CHECK: "startLine": 10,
// CHECK: "offsetBytes": 4,
// CHECK: "sectorsPerRequest": 5,
// CHECK-NEXT: "idealSectorsPerRequest": 4,
// CHECK-NEXT: "op": "store",
// CHECK: "ruleId": "camped"
// CHECK: "startLine": 14,
// CHECK: "blockStrideBytes": {
// CHECK-NEXT: "x": 262144,
// CHECK-NEXT: "y": 0
// CHECK: "function": "columns(float*)",
