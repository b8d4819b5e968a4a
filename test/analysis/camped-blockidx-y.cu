// A kernel that never reads blockIdx.x runs a grid of one column: blocks
// are scheduled along blockIdx.y, whose stride decides camping.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=gt200 %s -fplugin-arg-sectorscope-partitions=gt200
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// expected-no-diagnostics

__global__ void rowsByY(float *a) {
  a[blockIdx.y * 8192 + threadIdx.y * 2048 + threadIdx.x] = 0.0f; // gt200-warning {{camped store: consecutive blocks are 32768 bytes apart, a multiple of the gt200 partition period (2048 bytes)}} gt200-note {{diagonal block order}}
}

// With blockIdx.x in use, blockIdx.y alone does not decide.
__global__ void rowsByYColsByX(float *a) {
  a[blockIdx.y * 8192 + threadIdx.y * 2048 + blockIdx.x * 32 + threadIdx.x] = 0.0f;
}
