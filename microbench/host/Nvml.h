//===- Nvml.h - Clocks, temperature and power through NVML ------*- C++ -*-===//
//
// libnvidia-ml is opened with dlopen so the suite still runs (without
// telemetry) where the library is absent, and so the build needs no NVML
// headers or import library.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MICROBENCH_NVML_H
#define SECTORSCOPE_MICROBENCH_NVML_H

#include "microbench/host/Report.h"

#include <string>

namespace sectorscope::mb {

class Nvml {
public:
  /// Loads NVML and finds the device with PCI bus id \p PciBusId (as CUDA
  /// prints it). available() says whether that worked.
  explicit Nvml(const std::string &PciBusId);
  ~Nvml();
  Nvml(const Nvml &) = delete;
  Nvml &operator=(const Nvml &) = delete;

  bool available() const { return Device != nullptr; }
  /// Why available() is false.
  const std::string &error() const { return Err; }

  Telemetry sample() const;
  std::string driverVersion() const;
  int maxSmClockMhz() const;
  int maxMemClockMhz() const;

private:
  void *Lib = nullptr;
  void *Device = nullptr;
  std::string Err;
  // Entry points, resolved by name; signatures follow nvml.h.
  int (*GetClock)(void *, int, unsigned *) = nullptr;
  int (*GetMaxClock)(void *, int, unsigned *) = nullptr;
  int (*GetTemp)(void *, int, unsigned *) = nullptr;
  int (*GetPower)(void *, unsigned *) = nullptr;
  int (*GetDriver)(char *, unsigned) = nullptr;
  int (*Shutdown)() = nullptr;
};

} // namespace sectorscope::mb

#endif
