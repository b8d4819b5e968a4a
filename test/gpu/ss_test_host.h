//===- ss_test_host.h - A test-only host runtime ------------- -*- CUDA -*-===//
//
// The GPU tests check the device runtime's counters directly, with settings
// no environment variable reaches: this header defines the host entry points
// the pass calls (abi.h), in the test program itself, so they take precedence
// over libsectorscope_rt's (the executable's definitions interpose on a shared
// library's). Each launch gets a fresh launch buffer configured from `ss::cfg`
// (laid out by runtime/host's Buffers.h, overridable field by field); after
// the kernel the buffer is decoded by the host runtime's own decoder (the
// sample log folded into the heat map) into `ss::data()`.
//
// Include it from exactly one .cu file, before the kernels.
//
//===----------------------------------------------------------------------===//
#ifndef SS_TEST_HOST_H
#define SS_TEST_HOST_H

#include "../../runtime/include/sectorscope/abi.h"
#include "Buffers.h"   // runtime/host: CUDA-free layout and decoder
#include "SiteTable.h" // runtime/host: the site table's parser

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace ss {

struct Config {
  bool enabled = true; // false: launch with launch = 0 (uninstrumented path)
  uint32_t mode = SS_MODE_HEATMAP;
  uint32_t sample[3] = {0, 0, 0};
  uint64_t log_records = 1u << 22; // sample log, lane records
  uint32_t part_kind = SS_PART_UNIFORM;
  uint32_t part_count = 1;
  uint32_t part_gran_log2 = 0;
  std::vector<uint64_t> part_masks;
  uint32_t blocks_per_window = 1;
  uint32_t num_windows = 1;
  int num_sites = -1; // >= 0: tell the device fewer sites than there are
  uint32_t site_stripes = 1;
  uint32_t shared_block_stride = 1; // grid mode: shared sites in 1 block in N
  bool sector_buckets = false; // a linear map of 32-byte granules is the
                               // uniform model's (abi.h part_sector_buckets)
};

struct Site {
  unsigned id = 0, width = 0, line = 0, col = 0, mlp = 1;
  std::string kernel, op, space, function, file;
};

// Set from CUDA's module constructor, which may run before or after this
// file's dynamic initializers: plain pointers, constant-initialized.
inline void *g_shadow = nullptr;
inline bool g_hooked = false; // the pass routed an allocation to us

using HeatSector = sectorscope::rt::HeatSector;

struct State {
  Config cfg;
  sectorscope::rt::LaunchData data; // the last launch, decoded
  std::vector<Site> sites;
  // kernel (mangled) -> its sites, from which its grid variant counts
  std::map<std::string, sectorscope::rt::SiteRange> kernel_sites;
  std::string table;
  sectorscope::rt::SiteTable parsed; // the table, as the runtime reads it
  float last_ms = 0; // kernel time of the last launch (events around it)
  int failures = 0;
} inline g;

inline Config &cfg() { return g.cfg; }
inline bool active() { return g_shadow != nullptr; }
/// An instrumented build whose module never registered: a failure, not a
/// plain run (call after the first cudaMalloc).
inline bool registration_missing() { return g_hooked && !g_shadow; }

#define SS_CUDA(x)                                                             \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d: CUDA error %s: %s\n", __FILE__, __LINE__, #x,    \
              cudaGetErrorString(e_));                                         \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

#define SS_CHECK(cond, ...)                                                    \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);          \
      fprintf(stderr, __VA_ARGS__);                                            \
      fprintf(stderr, "\n");                                                   \
      ++ss::g.failures;                                                        \
    }                                                                          \
  } while (0)

inline ss_module module() {
  ss_module M;
  SS_CUDA(
      cudaMemcpyFromSymbol(&M, static_cast<const void *>(g_shadow), sizeof M));
  return M;
}

inline const std::vector<Site> &sites() {
  if (!g.sites.empty() || !g_shadow)
    return g.sites;
  ss_module M = module();
  g.table.resize(M.site_table_len);
  SS_CUDA(cudaMemcpy(&g.table[0], reinterpret_cast<void *>(M.site_table),
                     M.site_table_len, cudaMemcpyDeviceToHost));
  // The host runtime's own parser: the table's format is its contract.
  sectorscope::rt::SiteTable T;
  std::string Err;
  if (!sectorscope::rt::parseSiteTable(g.table.c_str(), T, Err)) {
    std::fprintf(stderr, "ss_test_host: %s\n", Err.c_str());
    std::exit(2);
  }
  for (const sectorscope::rt::Site &R : T.Sites) {
    Site S;
    S.id = R.Id;
    S.kernel = R.Kernel;
    S.op = sectorscope::rt::opName(R.Op);
    S.space = sectorscope::rt::spaceName(R.Space);
    S.width = R.Width;
    S.line = R.Line;
    S.col = R.Column;
    S.mlp = R.Mlp;
    S.function = R.Function;
    S.file = R.File;
    g.sites.push_back(S);
  }
  g.kernel_sites = T.KernelSites;
  g.parsed = T;
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

inline const ss_launch_header &header() { return g.data.Header; }
inline const sectorscope::rt::LaunchData &data() { return g.data; }
/// A site's counters, the stripes added up (bytes = lanes x width, as the
/// host runtime's analysis makes it in grid mode).
inline ss_site_counters counters(int site) {
  ss_site_counters C{};
  C.addr_min = ~0ull;
  // Grid mode's rows are the launched kernel's sites (abi.h).
  uint64_t Row = uint64_t(site) - g.data.FirstSite;
  if (site < int(g.data.FirstSite) || Row >= g.data.Sites.size())
    return C;
  C = g.data.Sites[Row];
  if (!C.bytes)
    for (const Site &S : sites())
      if (int(S.id) == site)
        C.bytes = C.threads * S.width;
  return C;
}
/// The ids of every site of kernel `kernel_substr` with this op and space
/// (or "" for any): a loop's unrolled copies of one access are sites of
/// their own.
inline std::vector<int> sites_of(const char *kernel_substr, const char *op,
                                 const char *space = "") {
  std::vector<int> Ids;
  for (const Site &S : sites())
    if (S.kernel.find(kernel_substr) != std::string::npos && S.op == op &&
        (!*space || S.space == space))
      Ids.push_back(int(S.id));
  return Ids;
}
/// The requests, sectors and lanes of `ids`, added up.
inline ss_site_counters totals(const std::vector<int> &ids) {
  ss_site_counters T{};
  for (int id : ids) {
    ss_site_counters C = counters(id);
    T.requests += C.requests;
    T.sectors += C.sectors;
    T.threads += C.threads;
  }
  return T;
}
inline const std::vector<HeatSector> &heat() { return g.data.Heat; }
inline const HeatSector *heat_find(uint32_t space, uint64_t addr) {
  for (const HeatSector &H : g.data.Heat)
    if (H.Space == space && H.Addr == (addr & ~uint64_t(31)))
      return &H;
  return nullptr;
}
inline uint64_t total_sectors(int site) { return counters(site).sectors; }
inline uint64_t part_window(uint32_t w, uint32_t p) {
  return g.data.PartWindow.at(uint64_t(w) * header().part_count + p);
}
inline uint64_t part_site(int site, uint32_t p) {
  uint64_t Row = uint64_t(site) - g.data.FirstSite;
  return g.data.PartSite.at(Row * header().part_count + p);
}
/// A site's global sectors over all partitions (abi.h: they are its
/// `sectors` when the launch has partition tables).
inline uint64_t part_site_total(int site) {
  uint64_t Sum = 0;
  for (uint32_t p = 0; p < header().part_count; ++p)
    Sum += part_site(site, p);
  return Sum;
}

inline int finish(const char *name) {
  if (g.failures)
    printf("%s: FAILED (%d checks)\n", name, g.failures);
  else
    printf("%s: PASSED\n", name);
  return g.failures ? 1 : 0;
}

} // namespace ss

extern "C" void __sectorscope_register_module(void **, void *shadow) {
  ss::g_shadow = shadow;
}
// Each kernel's grid variant (abi.h), registered as the host runtime
// does, under a key of ours; grid-mode launches run it. Built on first use:
// CUDA's module constructor may run before this file's initializers.
extern "C" void __cudaRegisterFunction(void **, const char *, char *,
                                       const char *, int, uint3 *, uint3 *,
                                       dim3 *, dim3 *, int *);
namespace ss {
// A kernel's instrumented variants (abi.h), each registered under its own
// key; the kernel itself stays as compiled.
struct Variants {
  std::string name, sample_name, grid_name;
  char sample_key = 0, grid_key = 0;
};
inline std::map<const void *, Variants> &variants() {
  static auto *M = new std::map<const void *, Variants>();
  return *M;
}
} // namespace ss
extern "C" void __sectorscope_register_kernel(void **h, const void *stub,
                                              const char *name) {
  ss::Variants &V = ss::variants()[stub];
  if (!V.grid_name.empty() || !name)
    return;
  V.name = name;
  V.sample_name = std::string(name) + SS_SAMPLE_KERNEL_SUFFIX;
  V.grid_name = std::string(name) + SS_GRID_KERNEL_SUFFIX;
  __cudaRegisterFunction(h, &V.sample_key, &V.sample_name[0],
                         V.sample_name.c_str(), -1, nullptr, nullptr, nullptr,
                         nullptr, nullptr);
  __cudaRegisterFunction(h, &V.grid_key, &V.grid_name[0], V.grid_name.c_str(),
                         -1, nullptr, nullptr, nullptr, nullptr, nullptr);
}
extern "C" cudaError_t __sectorscope_malloc(void **p, size_t n, const char *) {
  ss::g_hooked = true;
  return cudaMalloc(p, n);
}
extern "C" cudaError_t
__sectorscope_malloc_managed(void **p, size_t n, unsigned flags, const char *) {
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
  ss_launch_header Config{}; // abi.h: the device reads this copy
  uint32_t FirstSite = 0;
  if (C.enabled && g_shadow) {
    M = module();
    namespace rt = sectorscope::rt;
    rt::BufferRequest Req;
    Req.TheMode = (C.mode & SS_MODE_GRID) ? rt::Mode::Grid : rt::Mode::Heatmap;
    std::copy(C.sample, C.sample + 3, Req.SampleBlock);
    Req.NumSites = M.num_sites;
    // Grid mode: the launched kernel's sites, as the host runtime does.
    sectorscope::rt::SiteRange Rows{0, M.num_sites};
    auto V = variants().find(func);
    if ((C.mode & SS_MODE_GRID) && V != variants().end()) {
      sites();
      auto It = g.kernel_sites.find(V->second.name);
      Rows = It == g.kernel_sites.end() ? sectorscope::rt::SiteRange()
                                        : It->second;
      Req.NumSites = Rows.Count;
    }
    FirstSite = Rows.First;
    Req.LogRecords = C.log_records;
    Req.BlockThreads = block.x * block.y * block.z;
    Req.Parts.Kind = C.part_kind;
    Req.Parts.Count = C.part_count;
    Req.Parts.GranLog2 = C.part_gran_log2;
    Req.Parts.Masks = C.part_masks;
    Req.Parts.SectorBuckets = C.sector_buckets;
    Req.BlocksPerWindow = C.blocks_per_window;
    Req.NumWindows = C.num_windows;
    Req.SiteStripes = C.site_stripes;
    Req.SharedBlockStride = C.shared_block_stride;
    ss_launch_header H = rt::makeLaunchHeader(Req);
    // Fewer sites than the module has: the device must count, not write.
    if (C.num_sites >= 0)
      H.num_sites = uint32_t(C.num_sites);
    SS_CUDA(cudaMalloc(&Buf, H.total_bytes));
    rt::bindLaunchBuffer(H, reinterpret_cast<uint64_t>(Buf));
    std::vector<uint8_t> Pre = rt::initialBufferPrefix(H);
    SS_CUDA(cudaMemset(Buf, 0, H.total_bytes));
    SS_CUDA(cudaMemcpy(Buf, Pre.data(), Pre.size(), cudaMemcpyHostToDevice));
    Launch = reinterpret_cast<uint64_t>(Buf);
    Config = H;
  }
  if (g_shadow) {
    SS_CUDA(cudaMemcpyToSymbol(static_cast<const void *>(g_shadow), &Launch, 8,
                               offsetof(ss_module, launch)));
    SS_CUDA(cudaMemcpyToSymbol(static_cast<const void *>(g_shadow), &Config,
                               sizeof(Config), offsetof(ss_module, config)));
  }
  const void *launched = func;
  if (Buf) {
    auto It = variants().find(func);
    if (It == variants().end()) {
      fprintf(stderr, "FAIL: kernel has no instrumented variants\n");
      ++g.failures;
    } else {
      launched = (C.mode & SS_MODE_GRID) ? &It->second.grid_key
                                         : &It->second.sample_key;
    }
  }
  SS_CUDA(cudaEventRecord(E0, stream));
  cudaError_t R = cudaLaunchKernel(launched, grid, block, args, shmem, stream);
  SS_CUDA(cudaEventRecord(E1, stream));
  SS_CUDA(cudaEventSynchronize(E1));
  SS_CUDA(cudaEventElapsedTime(&g.last_ms, E0, E1));
  SS_CUDA(cudaGetLastError());
  if (Buf) {
    // As the runtime: the part before the log, then the log's used rows.
    std::vector<uint8_t> Bytes;
    uint64_t Have = 0, Need = sizeof(ss_launch_header);
    while (Need > Have) {
      Bytes.resize(Need);
      SS_CUDA(cudaMemcpy(Bytes.data() + Have, static_cast<char *>(Buf) + Have,
                         Need - Have, cudaMemcpyDeviceToHost));
      Have = Need;
      Need = std::max(Have, std::min<uint64_t>(Config.total_bytes,
                                               sectorscope::rt::usedBytes(
                                                   Bytes.data(), Have)));
    }
    std::string Err;
    sites(); // the table, for its generic sites
    if (!sectorscope::rt::decodeLaunchBuffer(
            Bytes.data(), Bytes.size(), g.data, Err,
            g.parsed.genericSites(FirstSite, Config.num_sites))) {
      fprintf(stderr, "FAIL: launch buffer: %s\n", Err.c_str());
      ++g.failures;
    }
    g.data.FirstSite = FirstSite;
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
