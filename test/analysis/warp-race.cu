// warp-race: a lane reads shared memory another lane of its warp stored,
// with no __syncwarp() or barrier between (warp-synchronous code, a data
// race since Volta). Fences synchronize nothing; barriers, warp collectives
// and calls the analyzer cannot see into end the search; one lane alone,
// other warps' rows and addresses it cannot follow stay silent.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null %s -fplugin-arg-sectorscope-disable=warp-race 2>&1 | count 0

// A prefix sum over a warp's slice of a padded array, fenced but unsynced.
__global__ void scanFenced(const int *in, int *out) {
  __shared__ volatile int buf[4 * 48];
  int lane = threadIdx.x & 31;
  int i = threadIdx.x / 32 * 48 + lane + 16;
  buf[i - 16] = 0;
  buf[i] = in[threadIdx.x];
  __threadfence_block();
  buf[i] += buf[i - 1]; // expected-warning {{lanes of a warp exchange data through shared memory without __syncwarp(): each lane reads what lane i-1 stored at warp-race.cu:16, a data race since Volta's independent thread scheduling [sectorscope-warp-race]}} expected-note {{put __syncwarp() between the store and the load}}
  __threadfence_block();
  buf[i] += buf[i - 2]; // expected-warning {{each lane reads what lane i-2 stored at warp-race.cu:18}} expected-note {{__syncwarp()}}
  out[threadIdx.x] = buf[i];
}

// The same steps with __syncwarp() between the store and the load.
__global__ void scanSynced(const int *in, int *out) {
  __shared__ int buf[4 * 48];
  int lane = threadIdx.x & 31;
  int i = threadIdx.x / 32 * 48 + lane + 16;
  buf[i - 16] = 0;
  buf[i] = in[threadIdx.x];
  __syncwarp();
  int t = buf[i - 1];
  __syncwarp();
  buf[i] += t;
  out[threadIdx.x] = buf[i];
}

// The last warp of a classic tree reduction, unrolled without __syncwarp().
__global__ void reduceLastWarp(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned k = 128; k > 32; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t < 32) {
    volatile float *v = s;
    v[t] += v[t + 32]; // another warp's row, after the barrier: silent
    v[t] += v[t + 16]; // expected-warning {{each lane reads what lane i+16 stored at warp-race.cu:51}} expected-note {{__syncwarp()}}
    v[t] += v[t + 8];  // expected-warning {{each lane reads what lane i+8 stored at warp-race.cu:52}} expected-note {{__syncwarp()}}
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// A reduction's last steps: one lane reading what another lane stored races
// just as the whole warp does.
__global__ void lastStepOneLane(const float *in, float *out) {
  __shared__ volatile float red[64];
  unsigned t = threadIdx.x;
  float sum = in[t];
  red[t] = sum;
  if (t < 2) {
    sum += red[t + 2]; // expected-warning {{each lane reads what lane i+2 stored at warp-race.cu:65}} expected-note {{__syncwarp()}}
    red[t] = sum;
  }
  if (t < 1)
    sum += red[t + 1]; // expected-warning {{each lane reads what lane i+1 stored at warp-race.cu:68}} expected-note {{__syncwarp()}}
  if (t == 0)
    out[0] = sum;
}

// A shuffle between the two: the lanes meet there.
__global__ void shuffleBetween(const int *in, int *out) {
  __shared__ int buf[64];
  int t = threadIdx.x;
  buf[t] = in[t];
  int x = __shfl_sync(0xffffffff, t, 0);
  out[t] = buf[t + 1] + x;
}

// One lane writes and reads: nothing to exchange.
__global__ void oneLane(float *out) {
  __shared__ float s[32];
  if (threadIdx.x == 0) {
    s[0] = 1;
    out[0] = s[1];
  }
}

// A lane reads its own element back, and a data-dependent index.
__global__ void ownAndUnknown(const int *in, const int *idx, int *out) {
  __shared__ int buf[64];
  int t = threadIdx.x;
  buf[t] = in[t];
  out[t] = buf[t] + buf[idx[t] & 63];
}

// The read comes in the next trip of the loop, after its barrier.
__global__ void nextTrip(const int *in, int *out, int n) {
  __shared__ int buf[64];
  int t = threadIdx.x, acc = 0;
  for (int j = 0; j < n; ++j) {
    __syncthreads();
    acc += buf[(t + 1) & 31];
    __syncthreads();
    buf[t] = in[j * 32 + t];
  }
  out[t] = acc;
}

// Blocks of 8 x 4 threads (the launch below): x neighbours 1 apart are
// lanes of one warp; 16 apart they do not exist.
__global__ void tile8(const float *in, float *out) {
  __shared__ float s[4][64];
  int x = threadIdx.x, y = threadIdx.y;
  s[y][x] = in[y * 8 + x];
  out[y * 8 + x] = s[y][x + 1] + s[y][x + 16]; // expected-warning {{each lane reads what lane i+1 stored at warp-race.cu:120}} expected-note {{__syncwarp()}}
}
void launchTile8(const float *in, float *out) { tile8<<<1, dim3(8, 4)>>>(in, out); }

// The same without a launch: rows of a block narrower than a warp would
// share it, so an x neighbour is no lane for sure. Silent.
__global__ void tileUnknown(const float *in, float *out) {
  __shared__ float s[4][64];
  int x = threadIdx.x, y = threadIdx.y;
  s[y][x] = in[y * 8 + x];
  out[y * 8 + x] = s[y][x + 1];
}
