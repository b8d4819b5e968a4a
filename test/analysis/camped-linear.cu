// linear:<bytes>:<n>: camping when a wave of blocks puts its sectors on few
// partitions: blocks a multiple of bytes*n apart that each cover less than a
// period. A block laid out contiguously along x that covers a whole period
// spreads by itself.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=lin %s -fplugin-arg-sectorscope-partitions=linear:512:4
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=gt %s -fplugin-arg-sectorscope-partitions=gt200
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=uni %s
// uni-no-diagnostics

// One column of 32 floats per block, rows 2048 floats apart.
__global__ void columns(float *a, const float *b) {
  a[blockIdx.x * 2048 * 32 + threadIdx.y * 2048 + threadIdx.x] = 0.0f; // lin-warning {{camped store: consecutive blocks are 262144 bytes apart, a multiple of the linear:512:4 partition period (2048 bytes)}} lin-note {{diagonal}} gt-warning {{camped store: consecutive blocks are 262144 bytes apart, a multiple of the gt200 partition period (2048 bytes)}} gt-note {{diagonal}}
  a[blockIdx.x * 1024 + threadIdx.y * 4096 + threadIdx.x] = 1.0f; // lin-warning {{camped store: consecutive blocks are 4096 bytes apart}} lin-note {{diagonal}} gt-warning {{camped store: consecutive blocks are 4096 bytes apart}} gt-note {{diagonal}}
}

// a[bx*512 + tx]: block stride 2048 bytes, a multiple of both periods;
// launched with 32 threads a block writes 128 bytes of it.
__global__ void contiguous(float *a, const float *b) {
  a[blockIdx.x * 512 + threadIdx.x] = b[blockIdx.x * 1024 + threadIdx.x]; // lin-warning {{camped store: consecutive blocks are 2048 bytes apart}} lin-note {{diagonal}} gt-warning {{camped store: consecutive blocks are 2048 bytes apart}} gt-note {{diagonal}} lin-warning {{camped load: consecutive blocks are 4096 bytes apart}} lin-note {{diagonal}} gt-warning {{camped load: consecutive blocks are 4096 bytes apart}} gt-note {{diagonal}}
}
void launchNarrow(float *a, const float *b) { contiguous<<<1024, 32>>>(a, b); }

// The same layout with 512 threads: each block covers a whole period.
__global__ void contiguousFull(float *a, const float *b) {
  a[blockIdx.x * 512 + threadIdx.x] = b[blockIdx.x * 512 + threadIdx.x];
}
void launchFull(float *a, const float *b) { contiguousFull<<<1024, 512>>>(a, b); }

// One element per block, 2048 bytes apart: every block on one partition.
__global__ void onePerBlock(float *a) {
  if (threadIdx.x == 0)
    a[blockIdx.x * 512] = 0.0f; // lin-warning {{camped store: consecutive blocks are 2048 bytes apart}} lin-note {{diagonal}} gt-warning {{camped store: consecutive blocks are 2048 bytes apart}} gt-note {{diagonal}}
}
