//===- Nvml.cpp - Clocks, temperature and power through NVML --------------===//
#include "microbench/host/Nvml.h"

#include <dlfcn.h>

namespace sectorscope::mb {

namespace {
// Values from nvml.h, which the build does not need.
constexpr int NvmlSuccess = 0;
constexpr int NvmlClockSm = 1;
constexpr int NvmlClockMem = 2;
constexpr int NvmlTemperatureGpu = 0;

template <typename Fn> bool bind(void *Lib, const char *Name, Fn &Out) {
  Out = reinterpret_cast<Fn>(dlsym(Lib, Name));
  return Out != nullptr;
}
} // namespace

Nvml::Nvml(const std::string &PciBusId) {
  Lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    Err = "libnvidia-ml.so.1 not loadable";
    return;
  }
  int (*Init)() = nullptr;
  int (*ByPci)(const char *, void **) = nullptr;
  if (!bind(Lib, "nvmlInit_v2", Init) ||
      !bind(Lib, "nvmlDeviceGetHandleByPciBusId_v2", ByPci) ||
      !bind(Lib, "nvmlDeviceGetClockInfo", GetClock) ||
      !bind(Lib, "nvmlDeviceGetMaxClockInfo", GetMaxClock) ||
      !bind(Lib, "nvmlDeviceGetTemperature", GetTemp) ||
      !bind(Lib, "nvmlDeviceGetPowerUsage", GetPower) ||
      !bind(Lib, "nvmlSystemGetDriverVersion", GetDriver) ||
      !bind(Lib, "nvmlShutdown", Shutdown)) {
    Err = "NVML lacks an expected entry point";
    return;
  }
  if (Init() != NvmlSuccess) {
    Err = "nvmlInit failed";
    Shutdown = nullptr;
    return;
  }
  void *Dev = nullptr;
  if (ByPci(PciBusId.c_str(), &Dev) != NvmlSuccess) {
    Err = "NVML does not know PCI device " + PciBusId;
    return;
  }
  Device = Dev;
}

Nvml::~Nvml() {
  if (Shutdown)
    Shutdown();
  if (Lib)
    dlclose(Lib);
}

Telemetry Nvml::sample() const {
  Telemetry T;
  if (!Device)
    return T;
  unsigned V = 0;
  if (GetClock(Device, NvmlClockSm, &V) == NvmlSuccess)
    T.SmClockMhz = int(V);
  if (GetClock(Device, NvmlClockMem, &V) == NvmlSuccess)
    T.MemClockMhz = int(V);
  if (GetTemp(Device, NvmlTemperatureGpu, &V) == NvmlSuccess)
    T.TempC = int(V);
  if (GetPower(Device, &V) == NvmlSuccess)
    T.PowerW = V / 1000.0; // NVML reports milliwatts.
  return T;
}

std::string Nvml::driverVersion() const {
  char Buf[96] = {0};
  if (!Device || GetDriver(Buf, sizeof(Buf)) != NvmlSuccess)
    return "";
  return Buf;
}

int Nvml::maxSmClockMhz() const {
  unsigned V = 0;
  return Device && GetMaxClock(Device, NvmlClockSm, &V) == NvmlSuccess ? int(V)
                                                                       : 0;
}

int Nvml::maxMemClockMhz() const {
  unsigned V = 0;
  return Device && GetMaxClock(Device, NvmlClockMem, &V) == NvmlSuccess ? int(V)
                                                                        : 0;
}

} // namespace sectorscope::mb
