int helper(int x);
__global__ void k(int *a) { a[threadIdx.x] = 1; }
int main() { return helper(0) == 1 ? 0 : 1; }
