//===- LaunchEntryPoint.cpp - The launch entry points ---------------------===//
//
// Every launch of instrumented code comes here: the selected ones are
// profiled (timed, or run as an instrumented variant), the rest go straight
// to cudaLaunchKernel, or to cudaLaunchCooperativeKernel for the launches
// the program made with it (a grid that synchronizes needs all its blocks
// resident, which only that call guarantees, for the variants too).
//
//===----------------------------------------------------------------------===//
#include "InstrumentedLaunch.h"
#include "KernelRegistry.h"
#include "LaunchTiming.h"
#include "OccupancyCap.h"
#include "PendingLaunch.h"
#include "Runtime.h"

#include <algorithm>

using namespace sectorscope::rt;

static std::string streamName(cudaStream_t S) { return hexAddr(uint64_t(S)); }

static cudaError_t launch(LaunchKind Kind, const void *Func, dim3 Grid,
                          dim3 Block, void **Args, size_t Shmem,
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
    return launchAs(Kind, Func, Grid, Block, Args, Shmem, Stream);
  // A capturing stream cannot be synchronized: leave graphs alone.
  cudaStreamCaptureStatus Capture = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(Stream, &Capture) != cudaSuccess ||
      Capture != cudaStreamCaptureStatusNone)
    return launchAs(Kind, Func, Grid, Block, Args, Shmem, Stream);

  PerDevice &OnDevice = R.Devices.get(Dev);
  std::lock_guard<std::mutex> Serial(OnDevice.LaunchLock);
  if (!settlePending(R, OnDevice)) {
    R.Findings.noteRemark(
        K->Demangled + " (launch " + std::to_string(Index) +
        ") not profiled: an earlier profiled launch on device " +
        std::to_string(Dev) + " is still running");
    return launchAs(Kind, Func, Grid, Block, Args, Shmem, Stream);
  }

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
  std::copy(R.Cfg.Block.begin(), R.Cfg.Block.end(), Info.Sample);
  Info.Device = OnDevice.Info;
  std::call_once(OnDevice.PartitionsChosen, [&] {
    OnDevice.Partitions = partitionModelFor(
        R.Cfg.Partitions, deviceKey(OnDevice.Info), OnDevice.PartitionsNote);
  });
  Info.Seq = R.Seq++;
  Info.KernelLaunch = Index;
  Info.Stream = streamName(Stream);
  Info.Cooperative = Kind == LaunchKind::Cooperative;
  Info.Previous = std::move(Previous);
  Info.PartitionModelName = OnDevice.Partitions.name();
  if (uint32_t Cap = R.Cfg.Occupancy.WarpsPerSm) {
    bool MayWait = false;
    {
      std::lock_guard<std::mutex> G(R.Lock);
      MayWait = blocksMayWait(R, *K, Dev);
    }
    std::string Note;
    Shmem = capOccupancy(Func, Grid, Block, Shmem, Cap, Dev,
                         Info.Device.SmCount, MayWait, Note);
    if (!Note.empty()) {
      R.Findings.noteRemark(K->Demangled + " (launch " + std::to_string(Index) +
                            "): " + Note);
      Info.Note = Note;
    }
  }
  // Occupancy of the original kernel: grid mode sizes its time windows by
  // it, and the model places the measured time by active warps per SM.
  int Active = 0;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(
          &Active, Func, int(Block.x * Block.y * Block.z), Shmem) ==
          cudaSuccess &&
      Active > 0)
    Info.ActiveBlocksPerSm = uint32_t(Active);
  Info.SectorBuckets = devicePartitions(OnDevice.Partitions).SectorBuckets;

  if (Info.TheMode == Mode::Time) {
    auto L = std::make_shared<TimedLaunch>(Kind, Func, Grid, Block, Args, Shmem,
                                           Stream);
    finishOrDefer(R, OnDevice, Info, L, [&R, L, Info]() mutable {
      L->finish(Info.TimeMs, Info.Error);
      report(R, Info, nullptr, nullptr);
    });
    return L->launchResult();
  }
  return instrumentedLaunch(R, OnDevice, *K, Info, Func, Grid, Block, Args,
                            Shmem, Stream);
}

SS_EXPORT cudaError_t __sectorscope_launch_kernel(const void *Func, dim3 Grid,
                                                  dim3 Block, void **Args,
                                                  size_t Shmem,
                                                  cudaStream_t Stream) {
  return launch(LaunchKind::Plain, Func, Grid, Block, Args, Shmem, Stream);
}

SS_EXPORT cudaError_t __sectorscope_launch_cooperative_kernel(
    const void *Func, dim3 Grid, dim3 Block, void **Args, size_t Shmem,
    cudaStream_t Stream) {
  return launch(LaunchKind::Cooperative, Func, Grid, Block, Args, Shmem,
                Stream);
}
