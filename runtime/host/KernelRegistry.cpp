//===- KernelRegistry.cpp - Modules, kernels and their variants -----------===//
#include "KernelRegistry.h"

#include "Demangle.h"

#include <algorithm>
#include <optional>

namespace sectorscope::rt {

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

bool blocksMayWait(Runtime &R, KernelState &K, int Dev) {
  if (K.BlocksMayWait >= 0)
    return K.BlocksMayWait;
  auto It = R.Modules.find(K.Module);
  ss_module Desc;
  std::string Err;
  bool MayWait = false;
  if (It != R.Modules.end() && It->second.Shadow &&
      readModule(R, It->second, Dev, Desc, Err) && It->second.TableOk) {
    SiteRange Range = It->second.Table.kernelSites(K.Mangled);
    MayWait = std::any_of(It->second.Table.Sites.begin(),
                          It->second.Table.Sites.end(), [&](const Site &S) {
                            return S.Id >= Range.First &&
                                   S.Id < Range.First + Range.Count &&
                                   S.Space != SS_SPACE_SHARED && S.SkipsL1;
                          });
  }
  K.BlocksMayWait = MayWait;
  return MayWait;
}

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

/// The blocks of `Func` resident at once on `SmCount` SMs; nullopt when the
/// occupancy API cannot tell (its error cleared: not the program's).
static std::optional<uint64_t> residentBlocks(const void *Func, dim3 Block,
                                              size_t Shmem, int SmCount) {
  int PerSm = 0;
  bool PendingBefore = cudaPeekAtLastError() != cudaSuccess;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(
          &PerSm, Func, int(Block.x * Block.y * Block.z), Shmem) !=
      cudaSuccess) {
    if (!PendingBefore)
      (void)cudaGetLastError();
    return std::nullopt;
  }
  return uint64_t(PerSm) * uint64_t(std::max(SmCount, 0));
}

bool gridFitsAtOnce(const void *Func, dim3 Grid, dim3 Block, size_t Shmem,
                    int SmCount) {
  std::optional<uint64_t> Fit = residentBlocks(Func, Block, Shmem, SmCount);
  // Unknown: the launch itself will tell.
  return !Fit || *Fit >= uint64_t(Grid.x) * Grid.y * Grid.z;
}

bool residentGridFits(const void *Launched, const std::string &Name,
                      const char *ModeName, bool Cooperative, dim3 Grid,
                      dim3 Block, size_t Shmem, int SmCount, std::string &Err) {
  const uint64_t Blocks = uint64_t(Grid.x) * Grid.y * Grid.z;
  std::optional<uint64_t> Fit = residentBlocks(Launched, Block, Shmem, SmCount);
  if (!Fit || *Fit >= Blocks)
    return true;
  Err = std::string(ModeName) + ": the " +
        (Cooperative ? "cooperative grid"
                     : "grid, whose blocks may wait on one another,") +
        " of " + std::to_string(Blocks) +
        " blocks does not fit at once with the kernel's instrumented variant "
        "'" +
        Name + "' (" + std::to_string(*Fit) + " blocks)";
  return false;
}

} // namespace sectorscope::rt

using namespace sectorscope::rt;

SS_EXPORT void __sectorscope_register_module(void **Handle, void *Shadow) {
  Runtime &R = rt();
  std::lock_guard<std::mutex> G(R.Lock);
  R.Modules[Shadow].Shadow = Shadow;
  R.Registering[Handle] = Shadow;
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
  // A linked image of relocatable device code registers every unit's
  // module and kernels on one handle, one unit after the other.
  auto Unit = R.Registering.find(Handle);
  K.Module = Unit == R.Registering.end() ? nullptr : Unit->second;
  K.Mangled = DeviceName ? DeviceName : "";
  K.Demangled = demangle(K.Mangled);
  K.Short = shortKernelName(K.Demangled);
  // Called right after the kernel's own registration, before the module is
  // loaded: its sample and grid variants (abi.h) are registered the
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
