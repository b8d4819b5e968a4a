//===- DeviceData.h - Measured data per GPU: maps, calibrations -*- C++ -*-===//
//
// Partition maps, calibrations and bounds are measured per device, not per
// architecture: two compute-capability-9.0 GPUs (an H100 and an H200) hash
// addresses to L2 partitions differently. Each data directory may hold an
// index, devices.json, naming the files measured on each device:
//
//   {"schema": "sectorscope-devices/1",
//    "arch_defaults": {"sm_90": "h200"},
//    "devices": [{"key": "h200", "name": "NVIDIA H200", "sm_count": 132,
//                 "global_mem_bytes": 150109880320,
//                 "partition_map": "h200-partition-map.json",
//                 "calibration": "h200-microbench.json",
//                 "bounds": "h200-bounds.json"}, ...]}
//
// File names are relative to the index's directory. The directories are
// searched in order, and the first that has the wanted file for the device
// wins, so a map the user measured overrides the shipped one:
//   1. $SECTORSCOPE_DATA_DIR
//   2. $XDG_DATA_HOME/sectorscope (default ~/.local/share/sectorscope), where
//      sectorscope-measure-partitions installs
//   3. share/sectorscope/data beside the lib/ or bin/ holding this code (the
//      shipped data; the build tree has the install tree's layout).
// Plain C++: no LLVM, no CUDA.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_COMMON_DEVICEDATA_H
#define SECTORSCOPE_COMMON_DEVICEDATA_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sectorscope {

/// What identifies a GPU model: the CUDA device name, its memory size and SM
/// count (cudaDeviceProp name, totalGlobalMem, multiProcessorCount). A zero
/// means unknown and matches anything; a name alone may also be an index key
/// ("h100").
struct DeviceKey {
  std::string Name;
  uint64_t MemoryBytes = 0;
  int SmCount = 0;

  /// "NVIDIA H100 80GB HBM3 (132 SMs, 79.2 GiB)".
  std::string describe() const;
};

/// A partition map, a micro-benchmark suite, or the model's bounds fitted on
/// real programs' residuals (model/.../CorpusBounds.h).
enum class DeviceFile { PartitionMap, Calibration, Bounds };

/// One device's entry of an index, with its file of the kind asked for.
struct DeviceData {
  std::string Key;  ///< The index's short key ("h100").
  DeviceKey Device; ///< As the index describes it.
  std::string Path; ///< The file; empty when no index has one.
  std::string Dir;  ///< The data directory it was found in.
};

struct DeviceLookup {
  /// Known: some index describes the device; Path set: one has the file.
  bool Known = false;
  DeviceData Data;
  /// Indexes that could not be read, one line each (lookups go on).
  std::vector<std::string> Problems;
};

/// The data directories, in search order; only those that are set.
std::vector<std::string> dataDirectories();

/// The first data directory's file called Name, or "".
std::string findDataFile(const std::string &Name);

/// The file of kind What measured on Dev: the first data directory whose
/// index matches Dev and names an existing file of that kind.
DeviceLookup lookupDevice(const DeviceKey &Dev, DeviceFile What);

/// The device key an architecture stands for when the device is unknown
/// (index "arch_defaults", e.g. sm_90 -> h200), or "".
std::string archDefaultDevice(std::string_view Arch);

/// The short keys of every indexed device, comma-separated ("h100, h200").
std::string knownDeviceKeys();

/// The command that measures a device's partition map and installs it.
constexpr const char *MeasurePartitionsCommand =
    "sectorscope-measure-partitions";

/// One line: no measured partition map for Dev, and how to measure one.
std::string noMeasuredMapMessage(const DeviceKey &Dev);

} // namespace sectorscope

#endif
