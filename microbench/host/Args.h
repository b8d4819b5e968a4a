//===- Args.h - Command line of sectorscope-microbench ----------*- C++ -*-===//
//
// Parsing lives in plain C++ so the CPU-only CI can test it; the CUDA driver
// only consumes the resulting Options.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MICROBENCH_ARGS_H
#define SECTORSCOPE_MICROBENCH_ARGS_H

#include <cstdint>
#include <string>
#include <vector>

namespace sectorscope::mb {

/// Names of the experiment groups, in the order the suite runs them.
const std::vector<std::string> &experimentNames();

struct Options {
  std::string Out = "microbench.json";
  /// Timed repetitions per measurement (after one untimed warm-up).
  int Reps = 7;
  /// Footprint of the streaming and stride/offset experiments; must exceed
  /// the L2 (60 MB on H200) several times so DRAM, not L2, is measured.
  uint64_t FootprintMiB = 2048;
  /// Bytes each CampProf configuration moves (fixed, as in the paper).
  uint64_t CampMiB = 256;
  /// Active warps per SM are swept from 1 up to this (0: device maximum).
  int MaxWarps = 0;
  /// Experiment groups to run; empty means all.
  std::vector<std::string> Only;
  /// Shrinks every sweep for a smoke test.
  bool Quick = false;
  /// Times launches without the launch gate (common/LaunchGate.h): the
  /// events then include the host's launch call. For comparing the two.
  bool Ungated = false;
  bool Help = false;
  /// Slice-probe mode: launch the L2-slice probe kernels (meant to run under
  /// ncu) and write the manifest of probed addresses to this file.
  std::string SliceProbe;
  int ProbeAddrsPerLaunch = 12;
  /// Reductions per unit of weight; the counts are exact, so 32 (one per
  /// warp of the probe block) is enough.
  int ProbeBase = 32;
  uint64_t ProbeSeed = 1;
  /// Weighted sets ("page:sm:count", e.g. "0:0:768,1:0:192"): the sum over
  /// slices says which addresses live in the far L2 partition.
  std::string ProbeSets = "0:0:1152,1:0:192,0:-1:384,0:66:192";
  int ProbeBaselines = 4;
  /// Pair tests (SM 0, page 0): reference plus PairK-1 candidates per launch;
  /// the busiest slice says which candidates share the reference's slice.
  int ProbePairK = 16;
  /// References whose slice-mates are enumerated over every near line.
  int ProbeEnumRefs = 0;
  /// Launches of random pairs.
  int ProbePairLaunches = 0;
  /// Partition hash mask (bits of the page offset). Each pair launch uses
  /// addresses of one partition only, and runs from every SM in
  /// ProbePairSms; the capture keeps the runs where that partition was the
  /// SM's own, so no request crossed the partition fabric.
  uint64_t ProbeFarMask = 0;
  std::string ProbePairSms = "0,66";
  /// Differences believed never to change the slice (hex list). With them:
  /// "inv" launches test ref ^ d for d in their span against controls, and
  /// unit enumerations test one address per coset of the span.
  std::string ProbeUnitBasis;
  int ProbeInvLaunches = 0;
  int ProbeUnitEnumRefs = 0;
};

struct ParseResult {
  Options Opts;
  std::string Error; ///< Empty on success.
  bool ok() const { return Error.empty(); }
};

ParseResult parseArgs(const std::vector<std::string> &Argv);
std::string usage();

/// True if experiment group \p Name is selected by \p O.
bool wants(const Options &O, const std::string &Name);

struct ProbeSet {
  int Page = 0;
  int Sm = 0; ///< Negative counts from the last SM (-1: last).
  int Count = 0;
};

/// Parses Options::ProbeSets; on error returns false and sets \p Error.
bool parseProbeSets(const std::string &Spec, std::vector<ProbeSet> &Sets,
                    std::string &Error);

/// Parses a comma-separated list of hex or decimal page-offset vectors.
bool parseMaskList(const std::string &Spec, std::vector<uint64_t> &Masks,
                   std::string &Error);

/// Parses a comma-separated list of SM ids ("0,66").
bool parseSmList(const std::string &Spec, std::vector<int> &Sms,
                 std::string &Error);

} // namespace sectorscope::mb

#endif
