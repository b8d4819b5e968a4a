// Intrinsics clang 19 lacks and nvcc has: cache-hinted loads and stores,
// surface-object writes and reads, __nv_atomic_* with order and scope.
__global__ void streaming(const float4 *In, float4 *Out, float *Tail) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  __stcs(Out + I, __ldcs(In + I));
  __stcg(Tail + I, __ldcg(Tail + I) + __ldlu(Tail) + __ldcv(Tail) + __ldca(Tail));
}

__global__ void surfaces(cudaSurfaceObject_t Surf, int Width) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  float V = surf2Dread<float>(Surf, (Width - 1 - X) * 4, 0);
  surf2Dwrite(V * 2.0f, Surf, X * 4, 1);
  surf2Dwrite(make_uchar4(1, 2, 3, 4), Surf, X * 4, 2, cudaBoundaryModeClamp);
}

__global__ void counters(int *Count, unsigned long long *Flag) {
  int Old = __nv_atomic_fetch_add(Count, 1, __NV_ATOMIC_ACQ_REL,
                                  __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_max(Count + 1, Old, __NV_ATOMIC_RELAXED,
                        __NV_THREAD_SCOPE_BLOCK);
  if (Old == 0)
    __nv_atomic_store_n(Flag, 1ull, __NV_ATOMIC_RELEASE,
                        __NV_THREAD_SCOPE_SYSTEM);
}
