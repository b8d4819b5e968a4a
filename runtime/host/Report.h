//===- Report.h - One launch's results, from raw buffer to findings -------===//
//
// analyzeLaunch() is the whole post-processing of a launch; ReportWriter.cpp
// calls it on the bytes copied back from the GPU, the unit tests on bytes a
// fake device wrote. The JSON and CSV writers only format its results.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_REPORT_H
#define SECTORSCOPE_RT_REPORT_H

#include "Allocations.h"
#include "Buffers.h"
#include "Config.h"
#include "FileNames.h"
#include "Patterns.h"
#include "SiteTable.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace sectorscope::rt {

struct DeviceInfo {
  int Ordinal = 0;
  std::string Name;
  int SmCount = 0;
  int CcMajor = 0, CcMinor = 0;
  uint64_t MemoryBytes = 0; // totalGlobalMem
};

/// The launch that ran on the device just before this one, as far as the
/// runtime saw it (kernels of instrumented code; library kernels and
/// copies are not seen). It decides what the L2 holds when this one starts:
/// a kernel after one that wrote much pays for writing those lines back.
struct PreviousLaunch {
  std::string Kernel; // demangled
  uint32_t Grid[3] = {1, 1, 1}, Block[3] = {1, 1, 1};
  uint64_t KernelLaunch = 0; // that kernel's launch index
};

/// What the host knows about a launch, with or without device results.
struct LaunchInfo {
  std::string Mangled, Kernel; // Kernel: demangled
  uint32_t Grid[3] = {1, 1, 1}, Block[3] = {1, 1, 1};
  uint64_t SharedBytes = 0;
  Mode TheMode = Mode::Heatmap;
  uint32_t Sample[3] = {0, 0, 0};
  bool SampleInGrid = true;
  DeviceInfo Device;
  ProcessIdentity Process;   // who launched it: reports of many processes and
  long Thread = 0;           // threads share a directory
  uint64_t Seq = 0;          // per-process launch counter
  uint64_t KernelLaunch = 0; // this kernel's launch index
  std::string Stream;        // "0x..." of the cudaStream_t
  bool Cooperative = false;  // cudaLaunchCooperativeKernel
  std::optional<PreviousLaunch> Previous;
  std::optional<double> TimeMs, KernelMs;
  std::string Error; // "" when all went well
  std::string Note;  // why there is no data, when that is no error
  // Grid mode.
  std::string PartitionModelName;
  bool SectorBuckets = false;
  uint32_t ActiveBlocksPerSm = 0;
  std::string CsvName; // file name of the heat-map CSV, if written
};

struct SiteResult {
  Site S;
  ss_site_counters C{};
  double Spr = 0, Ideal = 0;
  std::vector<PatternHit> Patterns;
  int Object = -1; // index into LaunchReport::Objects
  std::optional<HeatStats> Heat;
  std::optional<CampVerdict> Camp;
  std::vector<uint64_t> PartCounts; // grid mode
  std::optional<SiteLogStats> Log;  // heat-map mode
};

struct ObjectResult {
  std::string Kind; // cudaMalloc, cudaMallocManaged, shared, unregistered
  Allocation A;     // valid for cudaMalloc*
  uint64_t Lo = 0, Hi = 0; // heat/site extent for the pseudo-objects
  std::vector<uint32_t> Sites;
  HeatStats Heat;
  std::vector<PatternHit> Patterns;
  std::string describe() const;
};

struct WindowResult {
  uint32_t Window = 0;
  CampVerdict Camp;
  std::vector<uint64_t> Counts;
};

struct Finding {
  std::string Key;      // deduplication key across launches
  std::string Location; // "file:line:col" or the kernel name
  std::string Message;  // "strided load in f: ..."
};

struct LaunchReport {
  LaunchInfo Info;
  bool HaveData = false;
  LaunchData Data;
  std::vector<SiteResult> Sites;
  /// Trip sites (abi.h SS_OP_TRIP): their site and counts only.
  std::vector<SiteResult> Loops;
  std::vector<ObjectResult> Objects;
  std::vector<int> HeatObject; // per Data.Heat entry: object index or -1
  std::vector<WindowResult> Windows;
  std::optional<CampVerdict> LaunchCamp; // worst window
  std::map<std::string, uint64_t> NotInstrumented;
  std::vector<Finding> Findings;
};

/// Grid mode with shared_block_stride above 1: the blocks that counted the
/// shared-memory sites; nullopt when every block counted.
std::optional<uint64_t> sharedCountingBlocks(const LaunchReport &R);

/// Post-processes one launch. Data may be null (time mode, a sticky error, a
/// sample outside the grid), and is moved into the report otherwise (grid
/// mode's tables can be tens of MiB); Sites null when the module had none.
LaunchReport analyzeLaunch(const LaunchInfo &Info, const SiteTable *Sites,
                           LaunchData *Data, const AllocationSnapshot &Allocs);

/// The launch's JSON document (schema sectorscope-launch/1), fields in the
/// order runtime/README.md lists them.
nlohmann::ordered_json launchJson(const LaunchReport &R);

/// The heat map as CSV, one row per sector (columns in runtime/README.md).
std::string heatCsv(const LaunchReport &R);

/// "0x1a2b" for addresses in reports.
std::string hexAddr(uint64_t V);
/// Appends "0x" and V in lower-case hex, at least MinDigits (1..16) digits
/// (printf's "0x%0*llx"): the heat-map CSV's millions of fields.
void appendHex(std::string &Out, uint64_t V, int MinDigits = 1);

} // namespace sectorscope::rt

#endif
