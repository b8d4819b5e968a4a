// Relocatable device code, first unit: a kernel calling a __device__
// function that another translation unit defines.
__device__ float scale(float X);

__global__ void scaleAll(float *A) {
  A[blockIdx.x * blockDim.x + threadIdx.x] =
      scale(A[blockIdx.x * blockDim.x + threadIdx.x]);
}

void launchScaleAll(float *A, int N) { scaleAll<<<N / 128, 128>>>(A); }
