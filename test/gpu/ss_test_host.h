//===- ss_test_host.h - A test-only host runtime for test/gpu ---*- CUDA -*-===//
//
// The GPU tests check the device runtime's counters directly, independently
// of runtime/host: this header defines the host entry points the pass calls
// (abi.h), in the test program itself, so they take precedence over
// libsectorscope_rt's (the executable's definitions interpose on a shared
// library's). Each launch gets a fresh launch buffer configured from `ss::cfg`
// and copied back into `ss::last` after the kernel.
//
// Include it from exactly one .cu file, before the kernels.
//
//===----------------------------------------------------------------------===//
#ifndef SS_TEST_HOST_H
#define SS_TEST_HOST_H

#include "../../runtime/include/sectorscope/abi.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace ss {

struct Config {
  bool enabled = true; // false: launch with launch = 0 (uninstrumented path)
  uint32_t mode = SS_MODE_HEATMAP;
  uint32_t sample[3] = {0, 0, 0};
  uint32_t heat_capacity = 1u << 14;
  uint32_t part_kind = SS_PART_UNIFORM;
  uint32_t part_count = 1;
  uint32_t part_gran_log2 = 0;
  std::vector<uint64_t> part_masks;
  uint32_t blocks_per_window = 1;
  uint32_t num_windows = 1;
  int num_sites = -1; // >= 0: tell the device fewer sites than there are
  uint32_t site_stripes = 1;
};

struct Site {
  unsigned id = 0, width = 0, line = 0, col = 0;
  std::string kernel, op, space, function, file;
};

// Set from CUDA's module constructor, which may run before or after this
// file's dynamic initializers: plain pointers, constant-initialized.
inline void *g_shadow = nullptr;
inline bool g_hooked = false; // the pass routed an allocation to us

struct State {
  Config cfg;
  std::vector<char> last; // the last launch buffer, as the device left it
  std::vector<Site> sites;
  std::string table;
  float last_ms = 0; // kernel time of the last launch (events around it)
  int failures = 0;
} inline g;

inline Config &cfg() { return g.cfg; }
inline bool active() { return g_shadow != nullptr; }
/// An instrumented build whose module never registered: a failure, not a
/// plain run (call after the first cudaMalloc).
inline bool registration_missing() { return g_hooked && !g_shadow; }

#define SS_CUDA(x)                                                            \
  do {                                                                        \
    cudaError_t e_ = (x);                                                     \
    if (e_ != cudaSuccess) {                                                  \
      fprintf(stderr, "%s:%d: CUDA error %s: %s\n", __FILE__, __LINE__, #x,   \
              cudaGetErrorString(e_));                                        \
      exit(2);                                                                \
    }                                                                         \
  } while (0)

#define SS_CHECK(cond, ...)                                                   \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);         \
      fprintf(stderr, __VA_ARGS__);                                           \
      fprintf(stderr, "\n");                                                  \
      ++ss::g.failures;                                                       \
    }                                                                         \
  } while (0)

inline ss_module module() {
  ss_module M;
  SS_CUDA(cudaMemcpyFromSymbol(&M, static_cast<const void *>(g_shadow), sizeof M));
  return M;
}

inline const std::vector<Site> &sites() {
  if (!g.sites.empty() || !g_shadow)
    return g.sites;
  ss_module M = module();
  g.table.resize(M.site_table_len);
  SS_CUDA(cudaMemcpy(&g.table[0], reinterpret_cast<void *>(M.site_table),
                     M.site_table_len, cudaMemcpyDeviceToHost));
  size_t Pos = 0;
  while (Pos < g.table.size()) {
    size_t End = g.table.find('\n', Pos);
    std::string Line = g.table.substr(Pos, End - Pos);
    Pos = End == std::string::npos ? g.table.size() : End + 1;
    std::vector<std::string> F;
    size_t P = 0;
    for (;;) {
      size_t T = Line.find('\t', P);
      F.push_back(Line.substr(P, T - P));
      if (T == std::string::npos)
        break;
      P = T + 1;
    }
    if (F[0] != "S" || F.size() != 10)
      continue;
    Site S;
    S.id = std::stoul(F[1]);
    S.kernel = F[2];
    S.op = F[3];
    S.space = F[4];
    S.width = std::stoul(F[5]);
    S.line = std::stoul(F[6]);
    S.col = std::stoul(F[7]);
    S.function = F[8];
    S.file = F[9];
    g.sites.push_back(S);
  }
  return g.sites;
}

/// The id of the one site of kernel `kernel_substr` (a substring of the
/// mangled name) with this op, space (or "" for any) and source line (or 0).
inline int find_site(const char *kernel_substr, const char *op,
                     unsigned line = 0, const char *space = "") {
  int Found = -1;
  for (const Site &S : sites())
    if (S.kernel.find(kernel_substr) != std::string::npos && S.op == op &&
        (!line || S.line == line) && (!*space || S.space == space)) {
      if (Found >= 0) {
        fprintf(stderr, "find_site: several sites match %s %s %u\n",
                kernel_substr, op, line);
        ++g.failures;
      }
      Found = int(S.id);
    }
  if (Found < 0) {
    fprintf(stderr, "find_site: no site %s %s %u %s; table:\n%s\n",
            kernel_substr, op, line, space, g.table.c_str());
    ++g.failures;
  }
  return Found;
}

inline const ss_launch_header &header() {
  return *reinterpret_cast<const ss_launch_header *>(g.last.data());
}
/// A site's counters, the stripes added up.
inline ss_site_counters counters(int site) {
  ss_site_counters C{};
  C.addr_min = ~0ull;
  if (site < 0 || g.last.empty() || unsigned(site) >= header().num_sites)
    return C;
  uint32_t Stripes = header().site_stripes > 1 ? header().site_stripes : 1;
  for (uint32_t S = 0; S < Stripes; ++S) {
    ss_site_counters X;
    memcpy(&X,
           g.last.data() + header().off_sites +
               (uint64_t(S) * header().num_sites + site) * sizeof X,
           sizeof X);
    C.requests += X.requests;
    C.sectors += X.sectors;
    C.bytes += X.bytes;
    C.threads += X.threads;
    C.addr_min = std::min(C.addr_min, X.addr_min);
    C.addr_max = std::max(C.addr_max, X.addr_max);
  }
  return C;
}
inline std::vector<ss_heat_entry> heat() {
  std::vector<ss_heat_entry> H;
  const ss_launch_header &Hd = header();
  const ss_heat_entry *E =
      reinterpret_cast<const ss_heat_entry *>(g.last.data() + Hd.off_heat);
  for (uint32_t I = 0; I < Hd.heat_capacity; ++I)
    if (E[I].key)
      H.push_back(E[I]);
  return H;
}
inline const ss_heat_entry *heat_find(uint64_t space, uint64_t addr) {
  const ss_launch_header &Hd = header();
  uint64_t Key = (space << 62) | (addr >> 5);
  if (!Key)
    Key = SS_HEAT_KEY_ZERO;
  const ss_heat_entry *E =
      reinterpret_cast<const ss_heat_entry *>(g.last.data() + Hd.off_heat);
  for (uint32_t I = 0; I < Hd.heat_capacity; ++I)
    if (E[I].key == Key)
      return &E[I];
  return nullptr;
}
inline uint64_t total_sectors(int site) { return counters(site).sectors; }
inline uint64_t part_window(uint32_t w, uint32_t p) {
  const ss_launch_header &Hd = header();
  return reinterpret_cast<const uint64_t *>(
      g.last.data() + Hd.off_part_window)[uint64_t(w) * Hd.part_count + p];
}
inline uint64_t part_site(int site, uint32_t p) {
  const ss_launch_header &Hd = header();
  return reinterpret_cast<const uint64_t *>(
      g.last.data() + Hd.off_part_site)[uint64_t(site) * Hd.part_count + p];
}

inline int finish(const char *name) {
  if (g.failures)
    printf("%s: FAILED (%d checks)\n", name, g.failures);
  else
    printf("%s: PASSED\n", name);
  return g.failures ? 1 : 0;
}

inline uint64_t align_up(uint64_t V) { return (V + 255) & ~uint64_t(255); }

} // namespace ss

extern "C" void __sectorscope_register_module(void **, void *shadow) {
  ss::g_shadow = shadow;
}
extern "C" void __sectorscope_register_kernel(void **, const void *,
                                              const char *) {}
extern "C" cudaError_t __sectorscope_malloc(void **p, size_t n, const char *) {
  ss::g_hooked = true;
  return cudaMalloc(p, n);
}
extern "C" cudaError_t __sectorscope_malloc_managed(void **p, size_t n,
                                                    unsigned flags,
                                                    const char *) {
  return cudaMallocManaged(p, n, flags);
}
extern "C" cudaError_t __sectorscope_free(void *p) { return cudaFree(p); }

extern "C" cudaError_t __sectorscope_launch_kernel(const void *func, dim3 grid,
                                                   dim3 block, void **args,
                                                   size_t shmem,
                                                   cudaStream_t stream) {
  using namespace ss;
  cudaEvent_t E0, E1;
  SS_CUDA(cudaEventCreate(&E0));
  SS_CUDA(cudaEventCreate(&E1));
  const Config &C = g.cfg;
  uint64_t Launch = 0;
  void *Buf = nullptr;
  ss_module M{};
  if (C.enabled && g_shadow) {
    M = module();
    ss_launch_header H{};
    H.abi_version = SS_ABI_VERSION;
    H.mode = C.mode;
    memcpy(H.sample_block, C.sample, sizeof H.sample_block);
    H.num_sites = C.num_sites >= 0 ? uint32_t(C.num_sites) : M.num_sites;
    H.part_kind = C.part_kind;
    H.part_count = C.part_count;
    H.part_gran_log2 = C.part_gran_log2;
    H.part_num_masks = uint32_t(C.part_masks.size());
    for (size_t I = 0; I < C.part_masks.size() && I < SS_MAX_PARTITION_MASKS;
         ++I)
      H.part_masks[I] = C.part_masks[I];
    H.blocks_per_window = C.blocks_per_window;
    H.num_windows = C.num_windows;
    H.heat_capacity = C.heat_capacity;
    H.site_stripes = C.site_stripes;
    uint32_t Stripes = C.site_stripes > 1 ? C.site_stripes : 1;
    uint64_t Off = align_up(sizeof H);
    H.off_sites = Off;
    Off = align_up(Off + uint64_t(Stripes) * M.num_sites *
                             sizeof(ss_site_counters));
    H.off_heat = Off;
    Off = align_up(Off + uint64_t(C.heat_capacity) * sizeof(ss_heat_entry));
    H.off_part_window = Off;
    Off = align_up(Off + uint64_t(C.num_windows) * C.part_count * 8);
    H.off_part_site = Off;
    Off = align_up(Off + uint64_t(M.num_sites) * C.part_count * 8);
    H.total_bytes = Off;
    std::vector<char> Host(Off, 0);
    memcpy(Host.data(), &H, sizeof H);
    for (uint32_t S = 0; S < Stripes * M.num_sites; ++S) {
      ss_site_counters SC{};
      SC.addr_min = ~0ull;
      memcpy(Host.data() + H.off_sites + S * sizeof SC, &SC, sizeof SC);
    }
    SS_CUDA(cudaMalloc(&Buf, Off));
    SS_CUDA(cudaMemcpy(Buf, Host.data(), Off, cudaMemcpyHostToDevice));
    Launch = reinterpret_cast<uint64_t>(Buf);
  }
  if (g_shadow)
    SS_CUDA(cudaMemcpyToSymbol(static_cast<const void *>(g_shadow), &Launch, 8, offsetof(ss_module, launch)));
  SS_CUDA(cudaEventRecord(E0, stream));
  cudaError_t R = cudaLaunchKernel(func, grid, block, args, shmem, stream);
  SS_CUDA(cudaEventRecord(E1, stream));
  SS_CUDA(cudaEventSynchronize(E1));
  SS_CUDA(cudaEventElapsedTime(&g.last_ms, E0, E1));
  SS_CUDA(cudaGetLastError());
  if (Buf) {
    g.last.clear();
    ss_launch_header H;
    SS_CUDA(cudaMemcpy(&H, Buf, sizeof H, cudaMemcpyDeviceToHost));
    g.last.resize(H.total_bytes);
    SS_CUDA(cudaMemcpy(g.last.data(), Buf, H.total_bytes,
                       cudaMemcpyDeviceToHost));
    SS_CUDA(cudaFree(Buf));
    Launch = 0;
    SS_CUDA(cudaMemcpyToSymbol(static_cast<const void *>(g_shadow), &Launch, 8,
                               offsetof(ss_module, launch)));
  }
  cudaEventDestroy(E0);
  cudaEventDestroy(E1);
  return R;
}

#endif
