// Values SCEV cannot model, carried by phis through nested loops and
// branches (a decoder's state machine), index the accesses. Each is
// translated once however many paths through the phis reach it: walked
// once per path, this kernel took hours (HeCBench ans's decoder as well).
// The timeout only catches that; the build takes about a second.
// RUN: timeout 300 %wrapper -O2 --cuda-device-only -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: phi-web.cu:[[@LINE+4]]:29: warning: misaligned load
__global__ void web(const unsigned *in, const unsigned *table, unsigned *out,
                    unsigned n, unsigned steps) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned a = in[gid], b = in[gid + 1], c = 0, d = 0, e = 1, f = 0;
  for (unsigned s = 0; s < steps; ++s) {
#define STAGE(X, Y, Z)                                                         \
  for (unsigned i = 0; i < n; ++i) {                                           \
    unsigned t = table[(X ^ Y) & 1023];                                        \
    if (t & 1) {                                                               \
      X = (X << (t & 7)) | (Y >> 3);                                           \
      Z += t;                                                                  \
    } else {                                                                   \
      Y = table[(Z + X) & 1023] ^ X;                                           \
      Z = Z * 3 + 1;                                                           \
    }                                                                          \
    if (Z > n) {                                                               \
      X ^= Z;                                                                  \
      f += X;                                                                  \
    } else {                                                                   \
      e = e * X + Y;                                                           \
    }                                                                          \
  }
    STAGE(a, b, c) STAGE(b, c, d) STAGE(c, d, e) STAGE(d, e, a)
    STAGE(e, a, b) STAGE(f, a, c) STAGE(a, d, f) STAGE(b, e, c)
    out[(a + b + c) & 4095] = d ^ e ^ f;
  }
  out[gid] = a + b + c + d + e + f;
}
