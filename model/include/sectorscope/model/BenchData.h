//===- BenchData.h - The micro-benchmark JSON ------------------*- C++ -*-===//
//
// Rows written by microbench/ (one per kernel configuration). Only the fields
// a model uses are required, and only for the experiments that model reads:
// an unknown experiment or an extra field is carried along and ignored.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_BENCHDATA_H
#define SECTORSCOPE_MODEL_BENCHDATA_H

#include "sectorscope/model/JsonIO.h"

#include <optional>
#include <string>
#include <vector>

namespace sectorscope::model {

enum class Op { Read, Write };
const char *opName(Op O);

struct GpuInfo {
  std::string Name = "unknown";
  int SmCount = 0;
  int MaxWarpsPerSm = 64;
  double L2Bytes = 0; ///< gpu.l2_bytes; 0 unknown.
  /// gpu.l1_bytes (unified L1 / shared memory per SM), else from
  /// gpu.compute_capability (lib/L1Figures.cpp); 0 unknown.
  double L1Bytes = 0;
  std::string ComputeCapability; ///< gpu.compute_capability, e.g. "9.0".
  double SmClockMhz = 0;         ///< gpu.max_sm_clock_mhz; 0 unknown.
};

struct BenchRow {
  size_t Index = 0;        ///< Position in rows[], for error messages.
  std::string Experiment;  ///< "campprof", "gt200", "stream", ...
  std::string OpText;      ///< As written: "read", "write", "copy", ...
  std::optional<Op> TheOp; ///< Set for "read" and "write".
  int WordBytes = 0;       ///< 0 if absent.
  bool Camped = false;
  double Warps = 0; ///< Active warps per SM.
  std::optional<double> Blocks, Threads, BytesMoved;
  double TimeMs = 0; ///< The chosen time field (best_ms or median_ms).
  std::optional<double> N, L, M; ///< GT200 words and misalignments per warp.
  std::optional<double> Mlp; ///< Loads in flight per thread, if the row says.
  /// loadstore: stores per thread per trip (N is the loads per trip).
  std::optional<double> Stores;
  std::optional<double> RegionBytes; ///< hot_region: bytes hammered (0: none).
  double Stride = 1;      ///< Elements between lanes (latency: 0 = one sector).
  double OffsetBytes = 0; ///< Base pointer's byte offset (`offset` rows).
  bool Dram = false;      ///< Footprint far above L2 (the suite's `dram`).
  /// Lines the row's kernel touches x 128 bytes (`footprint_bytes`), and
  /// what the untimed kernel before it left dirty (`dirty` rows:
  /// `prior_write_bytes`).
  std::optional<double> FootprintBytes, PriorWriteBytes;

  /// Sectors per warp request: the word bytes for a coalesced row, one for
  /// a lane stride of 0 (every lane on one word), at most 32.
  double sectorsPerRequest() const;
};

struct BenchData {
  std::string File;
  GpuInfo Gpu;
  std::string TimeField; ///< Which column TimeMs holds.
  std::vector<BenchRow> Rows;
  std::vector<std::string> Skipped; ///< Errors of rows left out.

  /// Rows of one experiment.
  std::vector<const BenchRow *> rowsOf(const std::string &Experiment) const;
};

/// Parses a micro-benchmark file. TimeField is "best_ms" or "median_ms"; when
/// a row lacks it the other one is used (and a row with neither is an error).
/// SkipBadRows turns a row's error into an entry of Skipped (the file-level
/// fields stay errors, and so does a file with no usable row).
BenchData readBenchData(const std::string &Path,
                        const std::string &TimeField = "best_ms",
                        bool SkipBadRows = false);
BenchData parseBenchData(const Json &J, const std::string &File,
                         const std::string &TimeField = "best_ms",
                         bool SkipBadRows = false);

} // namespace sectorscope::model

#endif
