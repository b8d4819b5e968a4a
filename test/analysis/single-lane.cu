// Accesses made by one lane per warp (lane == 0, threadIdx.x == 0) touch
// one sector whatever their stride: no strided or misaligned warning.
// The same under a partition map for same-bytes updates: one lane per
// block camps only under round-robin maps. One lane per block, blocks
// 128*blockDim.x bytes apart, camps under gt200 too: a wave's stores all
// land on one partition.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=expected,gt200 %s -fplugin-arg-sectorscope-partitions=gt200

__global__ void perWarpResults(float *part, const float *in, float *total) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  float v = in[gid];
  if (lane == 0)
    part[gid] = v;
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    part[gid * 32 + 1] = v; // gt200-warning {{camped store: consecutive blocks are 128*blockDim.x bytes apart; a wave of 120 blocks (30 SMs x 4 blocks of (256)) touches 1 of 8 memory partitions}} gt200-note {{diagonal}}
    atomicAdd(total, v); // expected-warning {{camped atomic: every block updates the same bytes (the address does not depend on blockIdx, one lane per block)}} expected-note {{reduce within each block first}}
  }
  if (lane != 0)
    part[gid * 2] = v; // expected-warning {{strided store: consecutive threads are 8 bytes apart}} expected-note {{consecutive elements}}
  if (threadIdx.y == 0)
    part[gid * 4] = v; // expected-warning {{strided store: consecutive threads are 16 bytes apart}} expected-note {{consecutive elements}}
}
