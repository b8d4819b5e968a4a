// A device-side launch (dynamic parallelism): nvcc compiles it with
// -rdc=true; clang 19 has no device-side launch.
__global__ void child(int *A) { A[threadIdx.x] = threadIdx.x; }

__global__ void parent(int *A) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(A);
}
