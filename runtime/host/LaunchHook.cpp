//===- LaunchHook.cpp - The host entry points the pass calls --------------===//
//
// Instrumented translation units call these instead of cudaLaunchKernel and
// cudaMalloc/cudaFree. A selected launch gets a zeroed launch buffer whose
// address is written into its module's descriptor, runs, is synchronized,
// and is read back and reported; every other launch runs with launch == 0,
// which the device runtime treats as "uninstrumented".
//
//===----------------------------------------------------------------------===//
#include "Demangle.h"
#include "DeviceBuffers.h"
#include "Expectations.h"
#include "FileNames.h"
#include "Summary.h"

#include "common/LaunchGate.h"
#include "common/OccupancyPadding.h"

#include "sectorscope/abi.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sys/syscall.h>
#include <unistd.h>

#define SS_EXPORT extern "C" __attribute__((visibility("default")))

namespace sectorscope::rt {
namespace {

struct ModuleState {
  void *Shadow = nullptr; // host shadow of __sectorscope_module
  bool TableRead = false;
  bool TableOk = false;
  SiteTable Table;
  std::map<int, ss_module> Descriptor; // per device, read once
};

/// An instrumented copy of a kernel, registered under Key, our own address:
/// the CUDA runtime only needs a unique host pointer per kernel.
struct Variant {
  std::string Name;
  char Key = 0;
};

struct KernelState {
  void **Module = nullptr;
  std::string Mangled, Demangled, Short;
  // Heat-map mode's kernel (abi.h v11) and grid mode's (v7). The program's
  // kernel stays as compiled, for time mode and the launches that are not
  // profiled.
  Variant Sample, Grid;
  uint64_t Launches = 0;
  int Selected = -1;    // cached SECTORSCOPE_KERNELS verdict
  std::set<int> Loaded; // devices it was loaded on (see warmUp)
};

/// All process-wide state. Leaked on purpose: launches from other static
/// destructors or atexit handlers may still arrive during exit.
struct Runtime {
  Config Cfg;
  ProcessIdentity Ident;
  std::mutex Lock; // Modules, Kernels, OutDirReady
  std::map<void **, ModuleState> Modules;
  std::map<const void *, KernelState> Kernels;
  AllocationTable Allocs;
  DeviceBuffers Devices;
  Summary Findings;
  ExpectationCheck Expectations; // SECTORSCOPE_EXPECT=1
  std::atomic<uint64_t> Seq{0};
  std::map<int, PreviousLaunch> LastLaunch; // per device, under Lock
  bool OutDirReady = false, OutDirFailed = false;
};

Runtime *TheRuntime = nullptr;

[[noreturn]] void fatal(const std::string &Msg) {
  std::fprintf(stderr, "sectorscope: error: %s\n", Msg.c_str());
  std::fflush(stderr);
  std::exit(2);
}

void printSummary() {
  if (!TheRuntime || TheRuntime->Cfg.Quiet)
    return;
  std::string S = TheRuntime->Findings.render(TheRuntime->Cfg.OutDir);
  std::fputs(S.c_str(), stderr);
}

Runtime &rt() {
  // The constructor below normally ran first; a launch from another
  // library's constructor may come earlier.
  static std::once_flag Once;
  std::call_once(Once, [] {
    std::string Err;
    auto C = parseConfig([](const char *N) { return std::getenv(N); }, Err);
    if (!C)
      fatal(Err);
    auto *R = new Runtime();
    R->Cfg = std::move(*C);
    R->Ident = currentProcess([](const char *N) { return std::getenv(N); });
    TheRuntime = R;
    if (R->Cfg.Expect) // registered first: runs after the summary
      std::atexit([] { TheRuntime->Expectations.finish(); });
    std::atexit(printSummary);
  });
  return *TheRuntime;
}

__attribute__((constructor)) void initAtLoad() { rt(); }

std::string streamName(cudaStream_t S) { return hexAddr(uint64_t(S)); }

bool writeFile(const std::string &Path, const std::string &Text,
               std::string &Err) {
  // Write then rename, so a reader never sees half a report.
  std::string Tmp = Path + ".tmp";
  {
    std::ofstream Out(Tmp, std::ios::binary);
    Out << Text;
    if (!Out) {
      Err = "cannot write '" + Tmp + "'";
      return false;
    }
  }
  if (std::rename(Tmp.c_str(), Path.c_str()) != 0) {
    Err = "cannot rename '" + Tmp + "'";
    return false;
  }
  return true;
}

/// Analyzes, writes the JSON (and CSV), and records the findings.
void report(Runtime &R, LaunchInfo &Info, const SiteTable *Table,
            const LaunchData *Data) {
  {
    std::lock_guard<std::mutex> G(R.Lock);
    if (!R.OutDirReady && !R.OutDirFailed) {
      std::string Err;
      if (makeDirectories(R.Cfg.OutDir, Err))
        R.OutDirReady = true;
      else {
        R.OutDirFailed = true;
        R.Findings.noteError("SECTORSCOPE_OUT: " + Err +
                             "; no reports written");
      }
    }
  }
  long Tid = long(syscall(SYS_gettid));
  std::string Stem =
      launchFileStem(shortKernelName(Info.Kernel), R.Ident, Tid, Info.Seq);
  bool WantCsv = Data && Info.TheMode == Mode::Heatmap;
  if (WantCsv)
    Info.CsvName = Stem + ".heat.csv";
  LaunchReport Rep = analyzeLaunch(Info, Table, Data, R.Allocs.snapshot());
  R.Findings.add(Rep.Findings);
  if (R.Cfg.Expect)
    R.Expectations.check(Rep, Table, R.Cfg.PartitionSpec);
  if (!Info.Error.empty())
    R.Findings.noteError(Info.Kernel + ": " + Info.Error);
  bool Wrote = false;
  if (R.OutDirReady) {
    std::string Err;
    Wrote = writeFile(R.Cfg.OutDir + Stem + ".json",
                      launchJson(Rep).dump(1) + "\n", Err);
    if (Wrote && WantCsv)
      Wrote = writeFile(R.Cfg.OutDir + Info.CsvName, heatCsv(Rep), Err);
    if (!Wrote)
      R.Findings.noteError(Err);
  }
  R.Findings.countLaunch(Wrote);
}

std::string cudaMsg(const char *What, cudaError_t E) {
  return std::string(What) + ": " + cudaGetErrorName(E) + " (" +
         cudaGetErrorString(E) + ")";
}

/// Times a launch with events on its stream, into Ms; a failed launch or
/// kernel is recorded in Error. Returns the launch's result.
cudaError_t timedLaunch(const void *Func, dim3 Grid, dim3 Block, void **Args,
                        size_t Shmem, cudaStream_t Stream,
                        std::optional<double> &Ms, std::string &Error) {
  cudaError_t SyncErr;
  cudaEvent_t Start = nullptr, Stop = nullptr;
  bool Events = cudaEventCreate(&Start) == cudaSuccess &&
                cudaEventCreate(&Stop) == cudaSuccess;
  // The stream waits at the gate until start, kernel and stop are queued:
  // the events time the kernel, not the host's launch call (LaunchGate.h).
  LaunchGate Gate;
  if (Events) {
    Gate.close(Stream);
    cudaEventRecord(Start, Stream);
  }
  cudaError_t E = cudaLaunchKernel(Func, Grid, Block, Args, Shmem, Stream);
  SyncErr = cudaSuccess;
  if (Events) {
    cudaEventRecord(Stop, Stream);
    Gate.open();
    SyncErr = cudaEventSynchronize(Stop);
    float F = 0;
    if (E == cudaSuccess && SyncErr == cudaSuccess &&
        cudaEventElapsedTime(&F, Start, Stop) == cudaSuccess)
      Ms = double(F);
  } else {
    SyncErr = cudaStreamSynchronize(Stream);
  }
  if (Start)
    cudaEventDestroy(Start);
  if (Stop)
    cudaEventDestroy(Stop);
  if (E != cudaSuccess)
    Error = cudaMsg("launch failed", E);
  else if (SyncErr != cudaSuccess)
    Error = cudaMsg("kernel failed", SyncErr);
  return E;
}

/// Pads Shmem to cap the launch's active warps per SM, by the rule of
/// common/OccupancyPadding.h.
size_t capOccupancy(const void *Func, dim3 Grid, dim3 Block, size_t Shmem,
                    uint32_t WarpsPerSm, int Dev, int SmCount) {
  // A failure here must not leave an error the program would read as its own.
  bool PendingBefore = cudaPeekAtLastError() != cudaSuccess;
  auto Clear = [&] {
    if (!PendingBefore)
      (void)cudaGetLastError();
  };
  cudaFuncAttributes Attr;
  int PerSm = 0, PerBlock = 0, Reserved = 0;
  if (cudaFuncGetAttributes(&Attr, Func) != cudaSuccess ||
      cudaDeviceGetAttribute(&PerSm,
                             cudaDevAttrMaxSharedMemoryPerMultiprocessor,
                             Dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&PerBlock, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                             Dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&Reserved, cudaDevAttrReservedSharedMemoryPerBlock,
                             Dev) != cudaSuccess) {
    Clear();
    return Shmem;
  }
  SharedMemoryLimits L{size_t(PerSm), size_t(PerBlock), size_t(Reserved)};
  const int Threads = int(Block.x * Block.y * Block.z);
  auto WholeArrayShared = [&] {
    size_t MaxDynamic = L.PerBlockMax > Attr.sharedSizeBytes
                            ? L.PerBlockMax - Attr.sharedSizeBytes
                            : 0;
    return cudaFuncSetAttribute(
               Func, cudaFuncAttributePreferredSharedMemoryCarveout, 100) ==
               cudaSuccess &&
           cudaFuncSetAttribute(Func,
                                cudaFuncAttributeMaxDynamicSharedMemorySize,
                                int(MaxDynamic)) == cudaSuccess;
  };
  // An occupancy query that fails counts as no block: padding stops there.
  auto Occupancy = [&](size_t Bytes) {
    int B = 0;
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(&B, Func, Threads,
                                                         Bytes) == cudaSuccess
               ? B
               : 0;
  };
  const unsigned long long GridBlocks =
      (unsigned long long)Grid.x * Grid.y * Grid.z;
  size_t Padded = capSharedBytes(WarpsPerSm, unsigned(Threads),
                                 Attr.sharedSizeBytes, Shmem, GridBlocks,
                                 unsigned(std::max(SmCount, 0)), L,
                                 WholeArrayShared, Occupancy);
  Clear();
  return Padded;
}

/// Reads the module's descriptor on this device, and its site table once.
bool readModule(Runtime &R, ModuleState &M, int Dev, ss_module &Desc,
                std::string &Err) {
  auto It = M.Descriptor.find(Dev);
  if (It == M.Descriptor.end()) {
    cudaError_t E = cudaMemcpyFromSymbol(&Desc, M.Shadow, sizeof(Desc));
    if (E != cudaSuccess) {
      Err = cudaMsg("cannot read the module descriptor", E);
      return false;
    }
    if (Desc.abi_version != SS_ABI_VERSION)
      fatal("a module was instrumented for ABI version " +
            std::to_string(Desc.abi_version) + " but this runtime has " +
            std::to_string(SS_ABI_VERSION) +
            "; rebuild the program with this sectorscope");
    It = M.Descriptor.emplace(Dev, Desc).first;
  }
  Desc = It->second;
  if (!M.TableRead) {
    M.TableRead = true;
    std::string Text(Desc.site_table_len, '\0');
    cudaError_t E =
        Desc.site_table_len
            ? cudaMemcpy(Text.data(), (const void *)Desc.site_table,
                         Desc.site_table_len, cudaMemcpyDeviceToHost)
            : cudaSuccess;
    std::string PErr;
    if (E != cudaSuccess)
      R.Findings.noteError(cudaMsg("cannot read a site table", E));
    else if (!parseSiteTable(Text, M.Table, PErr))
      R.Findings.noteError(PErr);
    else
      M.TableOk = true;
  }
  return true;
}

/// The kernel a profiled launch of `Func` runs: its sample or grid variant
/// `V`, loaded, with the attributes the program set on `Func` (a dynamic
/// shared memory size above 48 KiB must be allowed per kernel). Null when
/// the variant cannot be used, with the reason in Err.
const void *variantKernel(const void *Func, const Variant &V,
                          const char *ModeName, unsigned Threads,
                          std::string &Err) {
  bool PendingBefore = cudaPeekAtLastError() != cudaSuccess;
  cudaFuncAttributes Orig, Var;
  cudaError_t E = cudaFuncGetAttributes(&Orig, Func);
  if (E == cudaSuccess)
    E = cudaFuncGetAttributes(&Var, &V.Key);
  if (E == cudaSuccess &&
      Orig.maxDynamicSharedSizeBytes != Var.maxDynamicSharedSizeBytes)
    E = cudaFuncSetAttribute(&V.Key,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             Orig.maxDynamicSharedSizeBytes);
  if (E == cudaSuccess && Orig.preferredShmemCarveout >= 0)
    E = cudaFuncSetAttribute(&V.Key,
                             cudaFuncAttributePreferredSharedMemoryCarveout,
                             Orig.preferredShmemCarveout);
  // The copy's registers are its own: if they do not allow the launch's
  // block, say so rather than fail the program's launch.
  if (E == cudaSuccess && unsigned(Var.maxThreadsPerBlock) < Threads) {
    Err = std::string(ModeName) + ": the kernel's instrumented variant '" +
          V.Name + "' runs at most " + std::to_string(Var.maxThreadsPerBlock) +
          " threads per block (" + std::to_string(Var.numRegs) +
          " registers), this launch has " + std::to_string(Threads);
    return nullptr;
  }
  if (E == cudaSuccess)
    return &V.Key;
  // Not the program's error: do not leave it for the program to read.
  if (!PendingBefore)
    (void)cudaGetLastError();
  std::string What = std::string(ModeName) +
                     ": cannot use the kernel's instrumented variant '" +
                     V.Name + "'";
  Err = cudaMsg(What.c_str(), E);
  return nullptr;
}

cudaError_t instrumentedLaunch(Runtime &R, KernelState &K, LaunchInfo &Info,
                               const void *Func, dim3 Grid, dim3 Block,
                               void **Args, size_t Shmem, cudaStream_t Stream) {
  PerDevice &D = R.Devices.get(Info.Device.Ordinal);
  std::lock_guard<std::mutex> Serial(D.LaunchLock);
  ModuleState *M = nullptr;
  {
    std::lock_guard<std::mutex> G(R.Lock);
    auto It = R.Modules.find(K.Module);
    if (It != R.Modules.end() && It->second.Shadow)
      M = &It->second;
  }
  auto Plain = [&](const std::string &Why, bool IsError) {
    (IsError ? Info.Error : Info.Note) = Why;
    cudaError_t E = timedLaunch(Func, Grid, Block, Args, Shmem, Stream,
                                Info.KernelMs, Info.Error);
    report(R, Info, M && M->TableOk ? &M->Table : nullptr, nullptr);
    return E;
  };
  if (!M)
    return Plain("kernel's module was not registered with sectorscope", true);
  ss_module Desc;
  std::string Err;
  {
    std::lock_guard<std::mutex> G(R.Lock); // module state is shared
    if (!readModule(R, *M, Info.Device.Ordinal, Desc, Err))
      return Plain(Err, true);
  }
  const bool InGrid = Info.TheMode == Mode::Grid;
  const void *Launched = variantKernel(Func, InGrid ? K.Grid : K.Sample,
                                       InGrid ? "grid mode" : "heat-map mode",
                                       Block.x * Block.y * Block.z, Err);
  if (!Launched)
    return Plain(Err, true);
  if (Info.TheMode == Mode::Heatmap &&
      (Info.Sample[0] >= Grid.x || Info.Sample[1] >= Grid.y ||
       Info.Sample[2] >= Grid.z)) {
    Info.SampleInGrid = false;
    return Plain("SECTORSCOPE_BLOCK is outside the grid: nothing sampled",
                 false);
  }

  BufferRequest Req;
  Req.TheMode = Info.TheMode;
  std::copy(Info.Sample, Info.Sample + 3, Req.SampleBlock);
  Req.NumSites = Desc.num_sites;
  Req.LogRecords = R.Cfg.LogRecords;
  Req.Parts = devicePartitions(R.Cfg.Partitions);
  if (Info.TheMode == Mode::Grid) {
    if (!R.Cfg.PartitionWarning.empty())
      R.Findings.noteError(R.Cfg.PartitionWarning);
    uint64_t Active = std::max(1u, Info.ActiveBlocksPerSm);
    uint64_t Wave = uint64_t(std::max(1, Info.Device.SmCount)) * Active;
    uint64_t Blocks = uint64_t(Grid.x) * Grid.y * Grid.z;
    Req.BlocksPerWindow = uint32_t(std::min<uint64_t>(Wave, 0xffffffffu));
    // One copy of the site counters per SM (abi v3): no cross-SM atomics.
    Req.SiteStripes = uint32_t(std::clamp(Info.Device.SmCount, 1, 256));
    Req.NumWindows = uint32_t(std::min<uint64_t>(
        R.Cfg.MaxWindows, std::max<uint64_t>(1, (Blocks + Wave - 1) / Wave)));
  }
  ss_launch_header H = makeLaunchHeader(Req);
  if (partitionTablesDropped(H))
    R.Findings.noteError(
        "partition counts not recorded: " + std::to_string(Req.NumSites) +
        " sites x " + std::to_string(Req.Parts.Count) +
        " partitions is too many for the device tables");
  cudaError_t E = R.Devices.ensure(D, H.total_bytes);
  if (E != cudaSuccess) {
    cudaGetLastError(); // an allocation failure is not sticky: clear it
    return Plain(cudaMsg("cannot allocate the launch buffer", E), true);
  }
  bindLaunchBuffer(H, uint64_t(D.Buffer));
  std::vector<uint8_t> Prefix = initialBufferPrefix(H);
  // `launch` and, right after it, `config` (abi.h v8): one copy.
  struct {
    uint64_t Launch;
    ss_launch_header Config;
  } LaunchDesc{uint64_t(D.Buffer), H};
  static_assert(offsetof(ss_module, config) ==
                    offsetof(ss_module, launch) + sizeof(uint64_t),
                "config follows launch");
  // The device writes only a prefix of the buffer (the log comes last and
  // fills from its start): zero what the last launch may have dirtied, not
  // the whole log, which can be tens of MiB.
  uint64_t Zero =
      std::min<uint64_t>(H.total_bytes, std::max(D.Dirty, H.off_log));
  if ((E = cudaMemsetAsync(D.Buffer, 0, Zero, Stream)) != cudaSuccess ||
      (E = cudaMemcpyAsync(D.Buffer, Prefix.data(), Prefix.size(),
                           cudaMemcpyHostToDevice, Stream)) != cudaSuccess ||
      (E = cudaMemcpyToSymbolAsync(M->Shadow, &LaunchDesc, sizeof(LaunchDesc),
                                   offsetof(ss_module, launch),
                                   cudaMemcpyHostToDevice, Stream)) !=
          cudaSuccess)
    return Plain(cudaMsg("cannot set up the launch buffer", E), true);
  D.Dirty = 0;

  cudaError_t LaunchErr = timedLaunch(Launched, Grid, Block, Args, Shmem,
                                      Stream, Info.KernelMs, Info.Error);

  // Read back whatever the device wrote (the header says how much of the
  // log); after a sticky error (a trap, an illegal address) nothing can be
  // read and the report says so.
  ss_launch_header Back;
  cudaError_t CopyErr = cudaMemcpyAsync(&Back, D.Buffer, sizeof(Back),
                                        cudaMemcpyDeviceToHost, Stream);
  if (CopyErr == cudaSuccess)
    CopyErr = cudaStreamSynchronize(Stream);
  uint64_t Used = CopyErr == cudaSuccess ? usedBytes(Back) : 0;
  D.Dirty = CopyErr == cudaSuccess ? Used : H.total_bytes;
  D.Host.resize(Used);
  if (CopyErr == cudaSuccess)
    CopyErr = cudaMemcpyAsync(D.Host.data(), D.Buffer, Used,
                              cudaMemcpyDeviceToHost, Stream);
  if (CopyErr == cudaSuccess)
    CopyErr = cudaStreamSynchronize(Stream);
  uint64_t NoLaunch = 0;
  if (cudaMemcpyToSymbolAsync(M->Shadow, &NoLaunch, sizeof(NoLaunch),
                              offsetof(ss_module, launch),
                              cudaMemcpyHostToDevice, Stream) == cudaSuccess)
    cudaStreamSynchronize(Stream);

  const SiteTable *Table = M->TableOk ? &M->Table : nullptr;
  if (CopyErr != cudaSuccess) {
    Info.Error += std::string(Info.Error.empty() ? "" : "; ") +
                  cudaMsg("launch buffer unreadable", CopyErr);
    report(R, Info, Table, nullptr);
    return LaunchErr;
  }
  LaunchData Data;
  if (!decodeLaunchBuffer(D.Host.data(), D.Host.size(), Data, Err)) {
    Info.Error += std::string(Info.Error.empty() ? "" : "; ") + Err;
    report(R, Info, Table, nullptr);
    return LaunchErr;
  }
  report(R, Info, Table, &Data);
  return LaunchErr;
}

} // namespace
} // namespace sectorscope::rt

using namespace sectorscope::rt;

SS_EXPORT void __sectorscope_register_module(void **Handle, void *Shadow) {
  Runtime &R = rt();
  std::lock_guard<std::mutex> G(R.Lock);
  R.Modules[Handle].Shadow = Shadow;
}

// The CUDA runtime's registration call, which every compiled CUDA program's
// module constructor makes for each of its kernels.
extern "C" void __cudaRegisterFunction(void **Handle, const char *HostFun,
                                       char *DeviceFun, const char *DeviceName,
                                       int ThreadLimit, uint3 *Tid, uint3 *Bid,
                                       dim3 *BlockDim, dim3 *GridDim,
                                       int *WarpSize);

SS_EXPORT void __sectorscope_register_kernel(void **Handle, const void *Stub,
                                             const char *DeviceName) {
  Runtime &R = rt();
  std::lock_guard<std::mutex> G(R.Lock);
  KernelState &K = R.Kernels[Stub];
  K.Module = Handle;
  K.Mangled = DeviceName ? DeviceName : "";
  K.Demangled = demangle(K.Mangled);
  K.Short = shortKernelName(K.Demangled);
  // Called right after the kernel's own registration, before the module is
  // loaded: its sample (abi.h v11) and grid (v7) variants are registered the
  // same way. Map nodes do not move, so the names and keys stay where they
  // are.
  if (K.Grid.Name.empty() && !K.Mangled.empty()) {
    K.Sample.Name = K.Mangled + SS_SAMPLE_KERNEL_SUFFIX;
    K.Grid.Name = K.Mangled + SS_GRID_KERNEL_SUFFIX;
    for (Variant *V : {&K.Sample, &K.Grid})
      __cudaRegisterFunction(Handle, &V->Key, V->Name.data(), V->Name.c_str(),
                             -1, nullptr, nullptr, nullptr, nullptr, nullptr);
  }
}

SS_EXPORT cudaError_t __sectorscope_launch_kernel(const void *Func, dim3 Grid,
                                                  dim3 Block, void **Args,
                                                  size_t Shmem,
                                                  cudaStream_t Stream) {
  Runtime &R = rt();
  KernelState *K = nullptr;
  uint64_t Index = 0;
  bool Selected = false;
  int Dev = 0;
  cudaGetDevice(&Dev);
  std::optional<PreviousLaunch> Previous;
  {
    std::lock_guard<std::mutex> G(R.Lock);
    auto It = R.Kernels.find(Func);
    if (It != R.Kernels.end()) {
      K = &It->second;
      if (K->Selected < 0)
        K->Selected = R.Cfg.selectsKernel(K->Demangled);
      Index = K->Launches++;
      Selected = K->Selected && R.Cfg.Launches.selects(Index);
      // Every launch the hook sees, selected or not, is the next one's
      // predecessor.
      auto Last = R.LastLaunch.find(Dev);
      if (Last != R.LastLaunch.end())
        Previous = Last->second;
      PreviousLaunch &P = R.LastLaunch[Dev];
      P.Kernel = K->Demangled;
      P.Grid[0] = Grid.x, P.Grid[1] = Grid.y, P.Grid[2] = Grid.z;
      P.Block[0] = Block.x, P.Block[1] = Block.y, P.Block[2] = Block.z;
      P.KernelLaunch = Index;
    }
  }
  if (!Selected)
    return cudaLaunchKernel(Func, Grid, Block, Args, Shmem, Stream);
  // A capturing stream cannot be synchronized: leave graphs alone.
  cudaStreamCaptureStatus Capture = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(Stream, &Capture) != cudaSuccess ||
      Capture != cudaStreamCaptureStatusNone)
    return cudaLaunchKernel(Func, Grid, Block, Args, Shmem, Stream);

  // With lazy module loading (CUDA 12+ default) the first launch of a kernel
  // also loads it; load it before the timed launch so that time_ms and
  // kernel_ms measure the kernel alone.
  bool Load = false;
  {
    std::lock_guard<std::mutex> G(R.Lock);
    Load = K->Loaded.insert(Dev).second;
  }
  if (Load) {
    // Not checked: where this fails the launch fails the same way, and
    // clearing the error could swallow one the program has yet to read.
    cudaFuncAttributes Attr;
    (void)cudaFuncGetAttributes(&Attr, Func);
  }

  LaunchInfo Info;
  Info.Mangled = K->Mangled;
  Info.Kernel = K->Demangled;
  Info.Grid[0] = Grid.x, Info.Grid[1] = Grid.y, Info.Grid[2] = Grid.z;
  Info.Block[0] = Block.x, Info.Block[1] = Block.y, Info.Block[2] = Block.z;
  Info.SharedBytes = Shmem;
  Info.TheMode = R.Cfg.TheMode;
  std::copy(R.Cfg.Block, R.Cfg.Block + 3, Info.Sample);
  Info.Device = R.Devices.get(Dev).Info;
  Info.Seq = R.Seq++;
  Info.KernelLaunch = Index;
  Info.Stream = streamName(Stream);
  Info.Previous = std::move(Previous);
  Info.PartitionModelName = R.Cfg.Partitions.name();
  if (R.Cfg.OccupancyWarps)
    Shmem = capOccupancy(Func, Grid, Block, Shmem, R.Cfg.OccupancyWarps, Dev,
                         Info.Device.SmCount);
  // Occupancy of the original kernel: grid mode sizes its time windows by
  // it, and the model places the measured time by active warps per SM.
  int Active = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(
          &Active, Func, int(Block.x * Block.y * Block.z), Shmem) ==
          cudaSuccess &&
      Active > 0)
    Info.ActiveBlocksPerSm = uint32_t(Active);
  Info.SectorBuckets = devicePartitions(R.Cfg.Partitions).SectorBuckets;

  if (Info.TheMode == Mode::Time) {
    cudaError_t E = timedLaunch(Func, Grid, Block, Args, Shmem, Stream,
                                Info.TimeMs, Info.Error);
    report(R, Info, nullptr, nullptr);
    return E;
  }
  return instrumentedLaunch(R, *K, Info, Func, Grid, Block, Args, Shmem,
                            Stream);
}

static void recordAlloc(void *Ptr, size_t Size, const char *Site,
                        bool Managed) {
  Allocation A;
  A.Base = uint64_t(Ptr);
  A.Size = Size;
  A.Managed = Managed;
  splitAllocSite(Site, A.Site, A.Name);
  cudaGetDevice(&A.Device);
  rt().Allocs.add(std::move(A));
}

SS_EXPORT cudaError_t __sectorscope_malloc(void **Ptr, size_t Size,
                                           const char *Site) {
  cudaError_t E = cudaMalloc(Ptr, Size);
  if (E == cudaSuccess && Ptr && *Ptr)
    recordAlloc(*Ptr, Size, Site, false);
  return E;
}

SS_EXPORT cudaError_t __sectorscope_malloc_managed(void **Ptr, size_t Size,
                                                   unsigned Flags,
                                                   const char *Site) {
  cudaError_t E = cudaMallocManaged(Ptr, Size, Flags);
  if (E == cudaSuccess && Ptr && *Ptr)
    recordAlloc(*Ptr, Size, Site, true);
  return E;
}

SS_EXPORT cudaError_t __sectorscope_free(void *Ptr) {
  cudaError_t E = cudaFree(Ptr);
  if (E == cudaSuccess && Ptr)
    rt().Allocs.remove(uint64_t(Ptr));
  return E;
}
