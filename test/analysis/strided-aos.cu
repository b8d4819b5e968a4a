// Array of structs: the lane stride is the struct size.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s
// RUN: %wrapper --cuda-device-only -O0 -S -o /dev/null -Xclang -verify %s

struct Particle { float x, y, z; };
struct Big { float v[16]; };

__global__ void aos(const Particle *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].y; // expected-warning {{strided load: consecutive threads are 12 bytes apart; a warp touches 12 sectors per request instead of 4}} expected-note {{structure of arrays}}
}

__global__ void aosBig(const Big *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].v[3]; // expected-warning {{strided load: consecutive threads are 64 bytes apart; a warp touches 32 sectors per request instead of 4}} expected-note {{structure of arrays}}
}

// Structure of arrays: clean.
struct Soa { float *x, *y, *z; };
__global__ void soa(Soa s, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = s.x[i] + s.y[i] + s.z[i];
}
