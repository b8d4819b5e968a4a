// A directory gets <basename>.sarif; an empty result list is still a valid
// file; -error= shows as level "error".
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %wrapper --cuda-device-only -O2 -c -o /dev/null %s -fplugin-arg-sectorscope-sarif=%t.dir -fplugin-arg-sectorscope-error=strided 2>/dev/null || true
// RUN: python3 -m json.tool %t.dir/sarif-dir.cu.sarif | FileCheck %s
// RUN: %wrapper --cuda-device-only -O2 -c -o /dev/null %S/Inputs/clean.cu -fplugin-arg-sectorscope-sarif=%t.dir
// RUN: python3 -m json.tool %t.dir/clean.cu.sarif | FileCheck %s --check-prefix=EMPTY
// Another TU with the same file name gets its own file.
// RUN: mkdir -p %t.other && cp %S/Inputs/clean.cu %t.other/clean.cu
// RUN: %wrapper --cuda-device-only -O2 -c -o /dev/null %t.other/clean.cu -fplugin-arg-sectorscope-sarif=%t.dir
// RUN: ls %t.dir | FileCheck %s --check-prefix=FILES

// CHECK: "ruleId": "strided"
// CHECK: "level": "error"
// EMPTY: "version": "2.1.0"
// EMPTY: "results": []
// FILES: clean.cu-{{[0-9a-f]+}}.sarif
// FILES-NEXT: clean.cu.sarif
// FILES-NEXT: sarif-dir.cu.sarif

__global__ void k(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[8 * i];
}
