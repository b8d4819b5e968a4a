//===- InstrumentedLaunch.cpp - One profiled launch of a variant ----------===//
#include "InstrumentedLaunch.h"

#include "KernelRegistry.h"
#include "LaunchTiming.h"
#include "PendingLaunch.h"

#include <algorithm>
#include <cstddef>

namespace sectorscope::rt {

/// No launch set: kernels of the module that start from now on record
/// nothing (abi.h ss_module.launch).
static void clearLaunchDescriptor(const void *Shadow, cudaStream_t Stream) {
  uint64_t NoLaunch = 0;
  if (cudaMemcpyToSymbolAsync(Shadow, &NoLaunch, sizeof(NoLaunch),
                              offsetof(ss_module, launch),
                              cudaMemcpyHostToDevice, Stream) == cudaSuccess)
    cudaStreamSynchronize(Stream);
}

static LaunchKind kindOf(const LaunchInfo &Info) {
  return Info.Cooperative ? LaunchKind::Cooperative : LaunchKind::Plain;
}

/// Once the variant's kernel has ended: reads back whatever the device wrote
/// to the launch buffer, the part before the log first (the lanes' record
/// counts say how much of the log is used), then the rest, and reports.
/// After a sticky error (a trap, an illegal address) nothing can be read and
/// the report says so.
static void readBackAndReport(Runtime &R, PerDevice &D, ModuleState &M,
                              const ss_launch_header &H, uint32_t FirstSite,
                              LaunchInfo &Info, cudaStream_t Stream) {
  cudaStream_t Copy = D.CopyStream ? D.CopyStream : Stream;
  cudaError_t CopyErr = cudaSuccess;
  uint64_t Have = 0, Need = sizeof(ss_launch_header);
  while (CopyErr == cudaSuccess && Need > Have) {
    D.Host.resize(Need);
    CopyErr = cudaMemcpyAsync(D.Host.data() + Have,
                              static_cast<uint8_t *>(D.Buffer) + Have,
                              Need - Have, cudaMemcpyDeviceToHost, Copy);
    if (CopyErr == cudaSuccess)
      CopyErr = cudaStreamSynchronize(Copy);
    Have = Need;
    // Never past the buffer, whatever a misbehaving kernel wrote over it.
    Need =
        std::max(Have, std::min(H.total_bytes, usedBytes(D.Host.data(), Have)));
  }
  D.Dirty = CopyErr == cudaSuccess ? Have : H.total_bytes;
  clearLaunchDescriptor(M.Shadow, Copy);

  const SiteTable *Table = M.TableOk ? &M.Table : nullptr;
  if (CopyErr != cudaSuccess) {
    Info.Error += std::string(Info.Error.empty() ? "" : "; ") +
                  cudaMsg("launch buffer unreadable", CopyErr);
    report(R, Info, Table, nullptr);
    return;
  }
  LaunchData Data;
  std::string Err;
  if (!decodeLaunchBuffer(D.Host.data(), D.Host.size(), Data, Err,
                          Table ? Table->genericSites(FirstSite, H.num_sites)
                                : std::vector<bool>())) {
    Info.Error += std::string(Info.Error.empty() ? "" : "; ") + Err;
    report(R, Info, Table, nullptr);
    return;
  }
  Data.FirstSite = FirstSite;
  report(R, Info, Table, &Data);
}

cudaError_t instrumentedLaunch(Runtime &R, PerDevice &D, KernelState &K,
                               LaunchInfo &Info, const void *Func, dim3 Grid,
                               dim3 Block, void **Args, size_t Shmem,
                               cudaStream_t Stream) {
  ModuleState *M = nullptr;
  {
    std::lock_guard<std::mutex> G(R.Lock);
    auto It = R.Modules.find(K.Module);
    if (It != R.Modules.end() && It->second.Shadow)
      M = &It->second;
  }
  auto Plain = [&](const std::string &Why, bool IsError) {
    (IsError ? Info.Error : Info.Note) = Why;
    auto L = std::make_shared<TimedLaunch>(kindOf(Info), Func, Grid, Block,
                                           Args, Shmem, Stream);
    const SiteTable *Table = M && M->TableOk ? &M->Table : nullptr;
    finishOrDefer(R, D, Info, L, [&R, L, Info, Table]() mutable {
      L->finish(Info.KernelMs, Info.Error);
      report(R, Info, Table, nullptr);
    });
    return L->launchResult();
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
  if (M->TableOk) {
    std::string Why =
        M->Table.whyAsCompiled(K.Mangled, InGrid ? "grid" : "heatmap");
    if (!Why.empty()) {
      R.Findings.noteRemark(K.Short + ": " + Why);
      return Plain(Why, false);
    }
  }
  const Variant &V = InGrid ? K.Grid : K.Sample;
  const char *ModeName = InGrid ? "grid mode" : "heat-map mode";
  const void *Launched =
      variantKernel(Func, V, ModeName, Block.x * Block.y * Block.z, Err);
  if (!Launched)
    return Plain(Err, true);
  // A grid resident at once as launched whose blocks may wait on one
  // another must stay so, as a cooperative one must.
  bool MustFit = Info.Cooperative;
  if (!MustFit) {
    std::lock_guard<std::mutex> G(R.Lock);
    MustFit = blocksMayWait(R, K, Info.Device.Ordinal) &&
              gridFitsAtOnce(Func, Grid, Block, Shmem, Info.Device.SmCount);
  }
  if (MustFit &&
      !residentGridFits(Launched, V.Name, ModeName, Info.Cooperative, Grid,
                        Block, Shmem, Info.Device.SmCount, Err))
    return Plain(Err + "; the kernel ran uninstrumented", false);
  if (Info.TheMode == Mode::Heatmap &&
      (Info.Sample[0] >= Grid.x || Info.Sample[1] >= Grid.y ||
       Info.Sample[2] >= Grid.z)) {
    Info.SampleInGrid = false;
    return Plain("SECTORSCOPE_BLOCK is outside the grid: nothing sampled",
                 false);
  }

  // Grid mode's tables have rows for the kernel's own sites (abi.h), which
  // only the site table gives.
  SiteRange Sites{0, Desc.num_sites};
  if (InGrid) {
    if (!M->TableOk)
      return Plain("grid mode: the module's site table could not be read; "
                   "the kernel ran uninstrumented",
                   true);
    Sites = M->Table.kernelSites(K.Mangled);
  }
  BufferRequest Req;
  Req.TheMode = Info.TheMode;
  std::copy(Info.Sample, Info.Sample + 3, Req.SampleBlock);
  Req.NumSites = Sites.Count;
  Req.LogRecords = R.Cfg.LogRecords.Records;
  Req.BlockThreads = Block.x * Block.y * Block.z;
  Req.Parts = devicePartitions(D.Partitions);
  if (Info.TheMode == Mode::Grid) {
    if (!R.Cfg.Partitions.Warning.empty())
      R.Findings.noteError(R.Cfg.Partitions.Warning);
    if (!D.PartitionsNote.empty())
      R.Findings.noteRemark(D.PartitionsNote);
    uint64_t Active = std::max(1u, Info.ActiveBlocksPerSm);
    uint64_t Wave = uint64_t(std::max(1, Info.Device.SmCount)) * Active;
    uint64_t Blocks = uint64_t(Grid.x) * Grid.y * Grid.z;
    Req.BlocksPerWindow = uint32_t(std::min<uint64_t>(Wave, 0xffffffffu));
    // One copy of the site counters per SM (abi.h): no cross-SM atomics.
    Req.SiteStripes = uint32_t(std::clamp(Info.Device.SmCount, 1, 256));
    {
      std::lock_guard<std::mutex> G(R.Lock);
      Req.StripeBudgetBytes = stripeBudget(K.LastGridKernelMs);
    }
    Req.SharedBlockStride = R.Cfg.SharedEvery.Blocks;
    Req.NumWindows = uint32_t(
        std::min<uint64_t>(R.Cfg.MaxWindows.Windows,
                           std::max<uint64_t>(1, (Blocks + Wave - 1) / Wave)));
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
  // `launch` and, right after it, `config` (abi.h): one copy.
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

  if (!D.CopyStream &&
      cudaStreamCreateWithFlags(&D.CopyStream, cudaStreamNonBlocking) !=
          cudaSuccess) {
    (void)cudaGetLastError(); // not sticky; the launch's stream will do
    D.CopyStream = nullptr;
  }
  auto L = std::make_shared<TimedLaunch>(kindOf(Info), Launched, Grid, Block,
                                         Args, Shmem, Stream);
  if (cudaError_t LaunchErr = L->launchResult(); LaunchErr != cudaSuccess) {
    // The variant did not start: a launch its extra registers or shared
    // memory do not allow, which the checks before could not see. That
    // error is not sticky; the program's own kernel runs instead, and if it
    // cannot launch either, the program gets its own error as without us.
    (void)cudaGetLastError();
    clearLaunchDescriptor(M->Shadow, Stream);
    return Plain(
        std::string(ModeName) + ": " +
            cudaMsg("the instrumented variant could not launch", LaunchErr) +
            "; the kernel ran uninstrumented",
        false);
  }
  KernelState *KS = &K;
  uint32_t FirstSite = Sites.First;
  finishOrDefer(R, D, Info, L,
                [&R, &D, L, Info, M, H, FirstSite, Stream, KS]() mutable {
                  L->finish(Info.KernelMs, Info.Error);
                  if (Info.TheMode == Mode::Grid && Info.KernelMs) {
                    std::lock_guard<std::mutex> G(R.Lock);
                    KS->LastGridKernelMs = Info.KernelMs;
                  }
                  readBackAndReport(R, D, *M, H, FirstSite, Info, Stream);
                });
  return cudaSuccess;
}

} // namespace sectorscope::rt
