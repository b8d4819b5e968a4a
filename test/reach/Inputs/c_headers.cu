// Calls what nvcc's implicit C headers declare, with none of them included:
// clock() and CLOCKS_PER_SEC (<time.h>), printf (<stdio.h>), assert
// (<assert.h>), on the host and in a kernel.
__global__ void k(int *p) {
  assert(p != nullptr);
  printf("device %d\n", (int)(clock() >= 0));
}

int main() {
  clock_t start = clock();
  assert(start >= 0);
  double seconds = double(clock() - start) / CLOCKS_PER_SEC;
  printf("host %d\n", seconds >= 0.0);
  return 0;
}
