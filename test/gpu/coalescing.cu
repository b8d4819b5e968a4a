// Sectors per request for the classic coalescing patterns, checked against
// the known answers (the ones Nsight Compute's l1tex sector/request counters
// give on sm_90): float stride 1/2/4/8 -> 4/8/16/32, misaligned a[i+1] -> 5,
// broadcast -> 1, char -> 1, short -> 2, double -> 8, float4 -> 16.
// Also checks that the instrumented run computes what the plain path does.
#include "ss_test_host.h"

#include <cuda/pipeline>
#include <cuda_pipeline.h>

template <typename T>
__global__ void strided(const T *in, T *out, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * stride];
}
__global__ void misaligned(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}
__global__ void broadcast(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[0];
}
__global__ void vec4(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = in[i];
  out[i] = make_float4(v.w, v.z, v.y, v.x);
}

// CUDA's cache-hinted loads and stores are one inline PTX statement each
// (ld.global.cs.v4.f32, ld.global.cg.f32, st.global.cs.v4.f32): sites as
// the plain accesses are. Strided by 2 floats, the __ldcg load is 8 sectors
// a request; the float4 ones 16, as vec4's.
__global__ void cacheHints(const float4 *in, const float *col, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = __ldcs(in + i);
  v.x += __ldcg(col + 2 * i);
  __stcs(out + i, v);
}

// Inline PTX in the other shapes libraries write: a load beside register
// moves is a site like the single statement (strided by 2: 8 sectors a
// request); a load guarded by an operand (CUTLASS's bounds-checked form) is
// recorded in the lanes its guard lets through, here the odd ones (16 lanes
// a warp, 4 sectors a request), and loads what the plain build loads.
__global__ void ptxShapes(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v, w;
  asm volatile("{ mov.b32 %0, %2; ld.global.f32 %0, [%1]; }"
               : "=&f"(v) : "l"(in + 2 * i), "f"(0.0f));
  asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %2, 0;\n mov.b32 %0, 0;\n"
               " @p ld.global.f32 %0, [%1];\n}\n"
               : "=f"(w) : "l"(in + i), "r"(i & 1));
  out[i] = v + w;
}

// cp.async's global side is a load site: 16 bytes a lane 16 apart through
// __pipeline_memcpy_async (16 sectors a request), 4 bytes a lane 8 apart
// through the NVVM builtin (8), hand-written PTX whose src-size is 0 in
// the even lanes (CUTLASS's zero fill): the odd lanes' 16 sectors, and
// libcu++'s cuda::memcpy_async, whose source address is an integer (16).
typedef __attribute__((address_space(3))) void SharedVoid;
typedef const __attribute__((address_space(1))) void GlobalVoid;
__global__ void asyncCopies(const float *in, float *out) {
  __shared__ float4 a[256], c[256], d[256];
  __shared__ float b[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x, t = threadIdx.x;
  __pipeline_memcpy_async(&a[t], in + 4 * i, 16);
  __nvvm_cp_async_ca_shared_global_4((SharedVoid *)&b[t],
                                     (GlobalVoid *)(in + 2 * i));
  unsigned dst = (unsigned)__cvta_generic_to_shared(&c[t]);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst),
               "l"(in + 4 * i), "r"(i & 1 ? 16 : 0)
               : "memory");
  __pipeline_commit();
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&d[t], (const float4 *)in + i, cuda::aligned_size_t<16>(16),
                     pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  __pipeline_wait_prior(0);
  out[i] = a[t].y + b[t] + c[t].x + d[t].z;
  pipe.consumer_release();
}

// A struct copy: clang emits a 16-byte memcpy, the backend ld.v4/st.v4.
__global__ void structCopy(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

constexpr int Threads = 256, Blocks = 4, N = Threads * Blocks;

template <typename T>
void runStrided(const char *mangled, int stride, double want, const void *inp,
                void *outp) {
  strided<T><<<Blocks, Threads>>>((const T *)inp, (T *)outp, stride);
  SS_CUDA(cudaDeviceSynchronize());
  int s = ss::find_site(mangled, "load");
  ss_site_counters c = ss::counters(s);
  double spr = c.requests ? double(c.sectors) / c.requests : 0;
  printf("%-28s stride %d: requests %llu sectors %llu -> %.2f sectors/request\n",
         mangled, stride, (unsigned long long)c.requests,
         (unsigned long long)c.sectors, spr);
  SS_CHECK(c.requests == Threads / 32, "requests %llu",
           (unsigned long long)c.requests);
  SS_CHECK(spr == want, "%s stride %d: %.2f sectors/request, want %.2f",
           mangled, stride, spr, want);
  SS_CHECK(c.threads == Threads, "threads %llu", (unsigned long long)c.threads);
  SS_CHECK(c.bytes == Threads * sizeof(T), "bytes %llu",
           (unsigned long long)c.bytes);
  // Sampled block 0 only: its lowest and highest byte, to the 4-byte word
  // (the sample log keeps words, not bytes).
  uint64_t base = (uint64_t)inp;
  SS_CHECK(c.addr_min == base, "addr_min %llx base %llx",
           (unsigned long long)c.addr_min, (unsigned long long)base);
  SS_CHECK(c.addr_max == ((base + (uint64_t)(Threads - 1) * stride * sizeof(T) +
                           sizeof(T) - 1) |
                          3),
           "addr_max off %lld", (long long)(c.addr_max - base));
}

/// The global load sites of the kernel whose name contains `kernel` that its
/// sampled block ran, with their counts, each printed.
struct LoadCounts {
  unsigned width, line;
  unsigned long long lanes, requests, sectors;
  double spr; // sectors per request
};
static std::vector<LoadCounts> globalLoads(const char *kernel) {
  std::vector<LoadCounts> out;
  for (const ss::Site &st : ss::sites()) {
    if (st.kernel.find(kernel) == std::string::npos || st.op != "load" ||
        st.space != "global")
      continue;
    ss_site_counters c = ss::counters(st.id);
    if (c.requests == 0)
      continue;
    out.push_back({st.width, st.line, (unsigned long long)c.threads,
                   (unsigned long long)c.requests,
                   (unsigned long long)c.sectors,
                   c.requests ? double(c.sectors) / c.requests : 0.0});
    printf("%s load (line %u, width %u): %llu lanes, %.2f sectors/request\n",
           kernel, st.line, st.width, out.back().lanes, out.back().spr);
  }
  return out;
}

int main() {
  float *in, *out, *ref;
  size_t bytes = size_t(N) * 8 * 16 + 64;
  SS_CUDA(cudaMalloc(&in, bytes));
  SS_CUDA(cudaMalloc(&out, bytes));
  SS_CUDA(cudaMalloc(&ref, bytes));
  std::vector<float> h(bytes / 4);
  for (size_t i = 0; i < h.size(); ++i)
    h[i] = float(i) * 0.5f + 1.0f;
  SS_CUDA(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
  if (ss::registration_missing()) {
    printf("FAIL: instrumented build, but no module was registered\n");
    return 1;
  }
  if (!ss::active()) {
    // A plain build runs the same kernels, for Nsight Compute's counters.
    for (int s : {1, 2, 4, 8})
      strided<float><<<Blocks, Threads>>>(in, out, s);
    strided<char><<<Blocks, Threads>>>((const char *)in, (char *)out, 1);
    strided<short><<<Blocks, Threads>>>((const short *)in, (short *)out, 1);
    strided<double><<<Blocks, Threads>>>((const double *)in, (double *)out, 1);
    misaligned<<<Blocks, Threads>>>(in, out);
    broadcast<<<Blocks, Threads>>>(in, out);
    vec4<<<Blocks, Threads>>>((const float4 *)in, (float4 *)out);
    structCopy<<<Blocks, Threads>>>((const float4 *)in, (float4 *)out);
    cacheHints<<<Blocks, Threads>>>((const float4 *)in, in, (float4 *)out);
    ptxShapes<<<Blocks, Threads>>>(in, out);
    asyncCopies<<<Blocks, Threads>>>(in, out);
    SS_CUDA(cudaDeviceSynchronize());
    printf("coalescing: plain build, kernels ran, nothing checked\n");
    return 0;
  }
  ss::cfg().mode = SS_MODE_HEATMAP;
  for (int s : {1, 2, 4, 8})
    runStrided<float>("_Z7stridedIfEvPKT_PS0_i", s, 4.0 * s, in, out);
  runStrided<char>("_Z7stridedIcEvPKT_PS0_i", 1, 1.0, in, out);
  runStrided<short>("_Z7stridedIsEvPKT_PS0_i", 1, 2.0, in, out);
  runStrided<double>("_Z7stridedIdEvPKT_PS0_i", 1, 8.0, in, out);

  misaligned<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  ss_site_counters c = ss::counters(ss::find_site("misaligned", "load"));
  printf("misaligned: %.2f sectors/request\n", double(c.sectors) / c.requests);
  SS_CHECK(c.sectors == 5 * c.requests && c.requests == 8, "misaligned %llu/%llu",
           (unsigned long long)c.sectors, (unsigned long long)c.requests);

  broadcast<<<Blocks, Threads>>>(in, out);
  SS_CUDA(cudaDeviceSynchronize());
  c = ss::counters(ss::find_site("broadcast", "load"));
  printf("broadcast: %.2f sectors/request\n", double(c.sectors) / c.requests);
  SS_CHECK(c.sectors == c.requests && c.requests == 8, "broadcast %llu/%llu",
           (unsigned long long)c.sectors, (unsigned long long)c.requests);

  vec4<<<Blocks, Threads>>>((const float4 *)in, (float4 *)out);
  SS_CUDA(cudaDeviceSynchronize());
  int vs = ss::find_site("vec4", "load");
  c = ss::counters(vs);
  printf("float4: %.2f sectors/request (width %u)\n",
         double(c.sectors) / c.requests, ss::sites()[vs].width);
  SS_CHECK(ss::sites()[vs].width == 16, "width %u", ss::sites()[vs].width);
  SS_CHECK(c.sectors == 16 * c.requests, "float4 %llu/%llu",
           (unsigned long long)c.sectors, (unsigned long long)c.requests);
  // Stores are counted too: one store site per kernel, same shape.
  c = ss::counters(ss::find_site("vec4", "store"));
  SS_CHECK(c.sectors == 16 * c.requests && c.requests == 8, "float4 store");

  structCopy<<<Blocks, Threads>>>((const float4 *)in, (float4 *)out);
  SS_CUDA(cudaDeviceSynchronize());
  // The 16-byte memcpy is two 8-byte loads and stores (ncu: 2 requests per
  // warp, 16 sectors each): two load sites and two store sites.
  for (const char *op : {"load", "store"}) {
    int n = 0;
    uint64_t req = 0, sec = 0;
    for (const ss::Site &st : ss::sites())
      if (st.kernel.find("structCopy") != std::string::npos && st.op == op) {
        ++n;
        SS_CHECK(st.width == 8, "struct copy piece width %u", st.width);
        req += ss::counters(st.id).requests;
        sec += ss::counters(st.id).sectors;
      }
    printf("structCopy %s: %d sites, %llu requests, %.2f sectors/request\n", op,
           n, (unsigned long long)req, req ? double(sec) / req : 0.0);
    SS_CHECK(n == 2 && req == 16 && sec == 16 * req, "struct copy %s", op);
  }

  cacheHints<<<Blocks, Threads>>>((const float4 *)in, in, (float4 *)out);
  SS_CUDA(cudaDeviceSynchronize());
  {
    int n = 0;
    for (const ss::Site &st : ss::sites()) {
      if (st.kernel.find("cacheHints") == std::string::npos)
        continue;
      ++n;
      c = ss::counters(st.id);
      unsigned want = st.width == 16 ? 16 : 8;
      printf("cacheHints %s width %u: %llu requests, %.2f sectors/request\n",
             st.op.c_str(), st.width, (unsigned long long)c.requests,
             c.requests ? double(c.sectors) / c.requests : 0.0);
      SS_CHECK(c.requests == 8 && c.sectors == want * c.requests,
               "cacheHints %s width %u: %llu/%llu", st.op.c_str(), st.width,
               (unsigned long long)c.sectors, (unsigned long long)c.requests);
    }
    SS_CHECK(n == 3, "cacheHints: %d sites, want 3", n);
  }

  {
    ptxShapes<<<Blocks, Threads>>>(in, out);
    std::vector<float> got(N);
    SS_CUDA(cudaMemcpy(got.data(), out, N * 4, cudaMemcpyDeviceToHost));
    std::vector<LoadCounts> loads = globalLoads("ptxShapes");
    for (const LoadCounts &l : loads) {
      // Beside moves: every lane, stride 2; guarded: the odd lanes.
      bool Moves = l.lanes == Threads, Guarded = l.lanes == Threads / 2;
      SS_CHECK(l.requests == 8 && (Moves || Guarded) &&
                   l.spr == (Moves ? 8.0 : 4.0),
               "ptxShapes load: %llu lanes, %llu/%llu", l.lanes, l.sectors,
               l.requests);
    }
    SS_CHECK(loads.size() == 2, "ptxShapes: %zu load sites, want 2",
             loads.size());
    int bad = 0;
    for (int i = 0; i < N; ++i)
      bad += got[i] != h[2 * i] + (i & 1 ? h[i] : 0.0f);
    SS_CHECK(bad == 0, "ptxShapes: %d wrong results", bad);
  }

  {
    asyncCopies<<<Blocks, Threads>>>(in, out);
    std::vector<float> got(N);
    SS_CUDA(cudaMemcpy(got.data(), out, N * 4, cudaMemcpyDeviceToHost));
    std::vector<LoadCounts> loads = globalLoads("asyncCopies");
    for (const LoadCounts &l : loads) {
      bool Pipeline = l.width == 16 && l.lanes == Threads && l.spr == 16.0;
      bool Builtin = l.width == 4 && l.lanes == Threads && l.spr == 8.0;
      bool ZeroFill = l.width == 16 && l.lanes == Threads / 2 && l.spr == 16.0;
      SS_CHECK(l.requests == 8 && (Pipeline || Builtin || ZeroFill),
               "asyncCopies load: width %u, %llu lanes, %llu/%llu", l.width,
               l.lanes, l.sectors, l.requests);
    }
    SS_CHECK(loads.size() == 4, "asyncCopies: %zu load sites, want 4",
             loads.size());
    int bad = 0;
    for (int i = 0; i < N; ++i)
      bad += got[i] !=
             h[4 * i + 1] + h[2 * i] + (i & 1 ? h[4 * i] : 0.0f) + h[4 * i + 2];
    SS_CHECK(bad == 0, "asyncCopies: %d wrong results", bad);
  }

  // Same results, instrumented or not (grid mode instruments every block).
  std::vector<float> a(N * 4), b(N * 4);
  ss::cfg().mode = SS_MODE_GRID;
  ss::cfg().part_count = 4;
  ss::cfg().part_kind = SS_PART_LINEAR;
  ss::cfg().part_gran_log2 = 8;
  vec4<<<Blocks, Threads>>>((const float4 *)in, (float4 *)out);
  SS_CUDA(cudaMemcpy(a.data(), out, N * 16, cudaMemcpyDeviceToHost));
  SS_CHECK(ss::header().sampled_blocks == Blocks, "grid: sampled %llu",
           (unsigned long long)ss::header().sampled_blocks);
  ss::cfg().enabled = false;
  SS_CUDA(cudaMemset(out, 0, N * 16));
  vec4<<<Blocks, Threads>>>((const float4 *)in, (float4 *)out);
  SS_CUDA(cudaMemcpy(b.data(), out, N * 16, cudaMemcpyDeviceToHost));
  SS_CHECK(memcmp(a.data(), b.data(), N * 16) == 0, "results differ");
  return ss::finish("coalescing");
}
