// Sample source for the report tests: line 30 holds three accesses.
#include <cuda_runtime.h>

// filler so that the kernel's access is on line 30 (4)
// filler so that the kernel's access is on line 30 (5)
// filler so that the kernel's access is on line 30 (6)
// filler so that the kernel's access is on line 30 (7)
// filler so that the kernel's access is on line 30 (8)
// filler so that the kernel's access is on line 30 (9)
// filler so that the kernel's access is on line 30 (10)
// filler so that the kernel's access is on line 30 (11)
// filler so that the kernel's access is on line 30 (12)
// filler so that the kernel's access is on line 30 (13)
// filler so that the kernel's access is on line 30 (14)
// filler so that the kernel's access is on line 30 (15)
// filler so that the kernel's access is on line 30 (16)
// filler so that the kernel's access is on line 30 (17)
// filler so that the kernel's access is on line 30 (18)
// filler so that the kernel's access is on line 30 (19)
// filler so that the kernel's access is on line 30 (20)
// filler so that the kernel's access is on line 30 (21)
// filler so that the kernel's access is on line 30 (22)
// filler so that the kernel's access is on line 30 (23)
// filler so that the kernel's access is on line 30 (24)
// filler so that the kernel's access is on line 30 (25)

// y[i] = a[i + 1] * a[0]: a[0] is read by every warp (a hot spot).
__global__ void scale_by_first(float *y, float *a) {
  int i = threadIdx.x;
    y[i] = a[i + 1] * a[0];
}
