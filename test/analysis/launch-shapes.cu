// The block shapes of a kernel's launches in the same source decide which
// threads share a warp: a warp is 32 consecutive linear thread ids, x
// fastest. Without a launch the numbers assume blockDim.x is a multiple of
// 32 and say so.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

// SHOC Stencil2D's layout: blocks of dim3(1, cols), so threadIdx.y is the
// lane index and threadIdx.x selects a strip of rows: coalesced.
template <class T>
__global__ void stencil(T *out, const T *in, int pitch, int strip) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) * strip;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  for (int r = 0; r < strip; ++r)
    out[(row + r) * pitch + col] = 2 * in[(row + r) * pitch + col];
}
void runStencil(float *o, const float *i, int pitch, int rows, int cols,
                int lcols) {
  dim3 block(1, lcols);
  dim3 grid(rows / 8, cols / lcols);
  stencil<float><<<grid, block>>>(o, i, pitch, 8);
}

// The same code launched elsewhere: threadIdx.x is taken as the lane index.
__global__ void stencilElsewhere(float *out, const float *in, int pitch, int strip) {
  int row = (blockIdx.x * blockDim.x + threadIdx.x) * strip;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  out[row * pitch + col] = in[row * pitch + col]; // expected-warning-re 2 {{likely strided {{.*}} a warp likely touches 32 sectors per request instead of 4, assuming blockDim.x is a multiple of 32}} expected-note 2 {{run-time value}}
}

// The CUDA samples' reduction: a switch on the block size picks the
// instantiation. With 4 threads a warp reads 16 bytes: one sector.
template <class T, unsigned blockSize>
__global__ void reduce4(const T *in, T *out, unsigned n) {
  __shared__ T s[blockSize];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  T v = i < n ? in[i] : 0;
  if (i + blockSize < n)
    v += in[i + blockSize];
  s[tid] = v;
  __syncthreads();
  for (unsigned k = blockSize / 2; k > 0; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
void reduce(int threads, int blocks, const int *in, int *out, unsigned n) {
  dim3 dimBlock(threads, 1, 1), dimGrid(blocks, 1, 1);
  switch (threads) {
  case 512:
    reduce4<int, 512><<<dimGrid, dimBlock, 512 * sizeof(int)>>>(in, out, n);
    break;
  case 4:
    reduce4<int, 4><<<dimGrid, dimBlock, 4 * sizeof(int)>>>(in, out, n);
    break;
  }
}

// A run-time block size outside a switch: the instantiation's blockSize.
template <unsigned blockSize>
__global__ void pairs(float *out, const float *in) {
  unsigned i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  out[i] = in[i + blockSize];
}
void runPairs(float *o, const float *i, int t) { pairs<4><<<64, t>>>(o, i); }

// 16x16 blocks: a warp is two rows of 16 threads, each row 3 sectors at a
// 4-byte offset instead of 2. Of several launches the worst is reported.
__global__ void shift2D(float *out, const float *in, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = in[y * width + x + 1]; // expected-warning {{misaligned load: a warp's first access starts 4 bytes past a 32-byte sector boundary; a warp touches 6 sectors per request instead of 4 (2 rows of 16 threads), with blockDim (16,16) from the launch at launch-shapes.cu:82}} expected-note {{start each warp}}
}
void runShift(float *o, const float *i, int w, dim3 grid) {
  const int Tile = 16;
  dim3 wide(32, 8);
  shift2D<<<grid, wide>>>(o, i, w);
  shift2D<<<grid, dim3(Tile, Tile)>>>(o, i, w);
}

// 4x4 blocks: rows of 16 bytes, one sector each, aligned or not: clean.
__global__ void shift4x4(float *out, const float *in, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = in[y * width + x + 1];
}
void runShift4(float *o, const float *i, int w, dim3 g) { shift4x4<<<g, dim3(4, 4)>>>(o, i, w); }

// __launch_bounds__ below a warp: the block has at most that many threads.
__global__ void __launch_bounds__(16) tiny(float *a, const float *b) {
  a[blockIdx.x * 16 + threadIdx.x] = b[blockIdx.x * 16 + threadIdx.x + 2]; // expected-warning {{misaligned load: a warp's first access starts 8 bytes past a 32-byte sector boundary; a warp touches 3 sectors per request instead of 2, with blockDim (16) from __launch_bounds__(16)}} expected-note {{start each warp}}
}

// A constant launch size names where the numbers come from.
__global__ void gather(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[4 * i]; // expected-warning {{strided load: consecutive threads are 16 bytes apart; a warp touches 16 sectors per request instead of 4, with blockDim (256) from the launch at launch-shapes.cu:104}} expected-note {{consecutive elements}}
}
constexpr int Threads = 256;
void runGather(float *a, const float *b) { gather<<<100, Threads>>>(a, b); }
