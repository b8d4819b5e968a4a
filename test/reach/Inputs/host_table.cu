// Host tables that clang would make __constant__ (namespace-scope `const`
// with external linkage and a constant initializer), 128 KiB and 80 KiB:
// together over the 64 KiB of constant memory. nvcc keeps them on the host.
#include <cstdio>

struct Entry {
  unsigned a, b;
  unsigned m[14];
};
#define E {1, 2, {0}}
#define E8 E, E, E, E, E, E, E, E
#define E64 E8, E8, E8, E8, E8, E8, E8, E8
#define E512 E64, E64, E64, E64, E64, E64, E64, E64
extern const Entry big_table[];
const Entry big_table[2048] = {E512, E512, E512, E512};

namespace tables {
extern const int ns_table[];
const int ns_table[20480] = {1};
} // namespace tables

// Read by device code: stays on the device.
extern const int device_read[];
const int device_read[4] = {1, 2, 3, 4};
// Explicit: stays, whatever reads it.
extern __constant__ int explicit_c[4];
__constant__ int explicit_c[4] = {5, 6, 7, 8};

__global__ void kernel(int *out) {
  out[threadIdx.x] = device_read[threadIdx.x & 3] + explicit_c[threadIdx.x & 3];
}

int main() {
  std::printf("host %u\n", big_table[2047].a + big_table[7].b +
                               unsigned(tables::ns_table[0]));
  return 0;
}
