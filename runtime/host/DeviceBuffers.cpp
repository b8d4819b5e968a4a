//===- DeviceBuffers.cpp - Per-device launch buffers and properties -------===//
#include "DeviceBuffers.h"

namespace sectorscope::rt {

PerDevice &DeviceBuffers::get(int Ordinal) {
  std::lock_guard<std::mutex> G(Lock);
  auto &Slot = Devices[Ordinal];
  if (!Slot) {
    Slot = std::make_unique<PerDevice>();
    Slot->Info.Ordinal = Ordinal;
    cudaDeviceProp P;
    if (cudaGetDeviceProperties(&P, Ordinal) == cudaSuccess) {
      Slot->Info.Name = P.name;
      Slot->Info.SmCount = P.multiProcessorCount;
      Slot->Info.CcMajor = P.major;
      Slot->Info.CcMinor = P.minor;
      Slot->Info.MemoryBytes = P.totalGlobalMem;
    }
  }
  return *Slot;
}

cudaError_t DeviceBuffers::ensure(PerDevice &D, uint64_t Bytes) {
  if (D.Buffer && D.Size >= Bytes)
    return cudaSuccess;
  if (D.Allocation)
    cudaFree(D.Allocation);
  D.Allocation = D.Buffer = nullptr;
  D.Size = 0;
  // Grow by half again so alternating kernels do not reallocate each time.
  uint64_t Want = Bytes + Bytes / 2;
  cudaError_t E = cudaMalloc(&D.Allocation, LaunchBufferGuardBytes + Want);
  if (E != cudaSuccess) {
    D.Allocation = nullptr;
    return E;
  }
  D.Buffer = static_cast<uint8_t *>(D.Allocation) + LaunchBufferGuardBytes;
  D.Size = Want;
  D.Dirty = Want; // cudaMalloc does not zero
  return cudaSuccess;
}

void DeviceBuffers::forEach(const std::function<void(PerDevice &)> &F) {
  std::vector<PerDevice *> All;
  {
    std::lock_guard<std::mutex> G(Lock);
    for (auto &[Ordinal, D] : Devices)
      All.push_back(D.get());
  }
  for (PerDevice *D : All)
    F(*D);
}

} // namespace sectorscope::rt
