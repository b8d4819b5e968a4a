//===- Report.h - The suite's JSON report -----------------------*- C++ -*-===//
//
// One row per measurement, every row with the same fields, so a model can be
// fitted without special cases. The schema is documented in README.md.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MICROBENCH_REPORT_H
#define SECTORSCOPE_MICROBENCH_REPORT_H

#include "microbench/host/Stats.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace sectorscope::mb {

inline constexpr const char *ReportSchema = "sectorscope-microbench/1";

struct DeviceInfo {
  std::string Name;
  int Sms = 0;
  int CcMajor = 0, CcMinor = 0;
  int MaxWarpsPerSm = 0;
  uint64_t L2Bytes = 0;
  uint64_t GlobalMemBytes = 0;
  int MemBusWidthBits = 0;
  int DriverVersion = 0;    ///< cudaDriverGetVersion (e.g. 13000).
  int RuntimeVersion = 0;   ///< cudaRuntimeGetVersion.
  std::string DriverString; ///< From NVML, empty without it.
  std::string PciBusId;
  // Application/max clocks from NVML (0 when NVML is absent).
  int MaxSmClockMhz = 0, MaxMemClockMhz = 0;
};

/// Telemetry sampled right after a measurement (NVML; -1 when absent).
struct Telemetry {
  int SmClockMhz = -1, MemClockMhz = -1, TempC = -1;
  double PowerW = -1;
};

struct Row {
  std::string Experiment;
  std::string Op; ///< "read", "write", "copy" or "readwrite".
  int WordBytes = 0;
  bool Camped = false;
  int ActiveWarpsPerSm = 0;
  int BlocksPerSm = 0;
  long long Blocks = 0;
  int Threads = 0;           ///< Threads per block.
  double BytesMoved = 0;     ///< Bytes the program asked for.
  double FootprintBytes = 0; ///< Span of addresses touched.
  TimingSummary Time;
  int Stride = 0; ///< Elements.
  int Offset = 0; ///< Bytes.
  int N = 0, L = 0, M = 0;
  int Stores = 0;      ///< loadstore: stores per thread per trip (N: loads).
  long long Pitch = 0; ///< Bytes.
  long long RegionBytes = 0;
  int Mlp = 0; ///< Loads in flight per warp by construction (0: not known).
  bool Dram = false; ///< Footprint well above L2: DRAM-bound by design.
  /// dirty: bytes the untimed kernel before wrote (left dirty in L2).
  double PriorWriteBytes = 0;
  /// arith: clock cycles per operation of a dependent chain.
  double CyclesPerOp = 0;
  Telemetry Tel;
};

nlohmann::json toJson(const Row &R);
nlohmann::json toJson(const DeviceInfo &D);

struct Provenance {
  std::string Command;
  std::string DateUtc;
  std::string Host;
  /// "gated" (the launch gate holds the stream until a run is queued) or
  /// "ungated" (--ungated: the events include the host's launch call).
  std::string Timing = "gated";
};

nlohmann::json makeReport(const DeviceInfo &D, const Provenance &P,
                          const std::vector<Row> &Rows);

/// Writes \p J to \p Path (pretty, 1-space indent) all or nothing
/// (common/WriteFile.h); false with \p Error set on any failure.
bool writeJsonFile(const std::string &Path, const nlohmann::json &J,
                   std::string &Error);

/// Fields every row carries, in order; used by the tests and the README.
const std::vector<std::string> &rowFields();

/// Current UTC time as ISO 8601 ("2026-11-21T09:30:00Z").
std::string utcNow();

} // namespace sectorscope::mb

#endif
