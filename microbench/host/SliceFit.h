//===- SliceFit.h - L2 partition and slice maps --------------- -*- C++ -*-===//
//
// cuda/SliceProbe.cu explains the probe. ncu reports L2 counters only as
// roll-ups over slices, so each launch encodes its answer in them:
//
//  * weighted launches: (op_red.sum / Base) - (2^K - 1) has one bit per far
//    address (the request crossed to the other L2 partition and was counted
//    twice): samples of the partition hash;
//  * pair launches: (op_red.max / Base) - 2^(K-1) has one bit per candidate
//    that shares the reference's slice: samples of "same slice".
//
// The partition hash is fitted as an affine GF(2) function; the slice hash,
// whose labels are never seen, as the subspace K of address differences that
// keep the slice (same slice <=> difference in K), with held-out checks.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MICROBENCH_SLICEFIT_H
#define SECTORSCOPE_MICROBENCH_SLICEFIT_H

#include "microbench/host/GF2.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sectorscope::mb {

/// Per-launch metric values parsed from ncu's CSV output (--csv). Launches
/// are numbered in the order ncu profiled them (its "ID" column).
using NcuMetrics = std::map<int, std::map<std::string, double>>;
bool parseNcuCsv(const std::string &Text, NcuMetrics &Out, std::string &Error);

/// Splits one CSV line (double-quoted fields, "" escapes).
std::vector<std::string> splitCsvLine(const std::string &Line);

/// Parses an ncu number ("1,234,567" or "12.5"); false if it is not one.
bool parseNcuNumber(const std::string &Field, double &Out);

/// (Count / Base) - Offset as a bit set below 2^Bits, or nothing when the
/// count is not within a quarter of Base of such a value (a corrupt or
/// unexpected count must not be guessed).
std::optional<uint32_t> decodeExcess(double Count, int Base, uint32_t Offset,
                                     int Bits);

/// Page offset bits 0..20 (equal to physical bits), and for page p >= 1 the
/// indicator bit 20 + p, which carries that page's unknown high-bit constant.
uint64_t probeFeature(int Page, uint32_t Offset);
constexpr int PageBits = 21;

struct PartitionSample {
  int Page = 0;
  uint32_t Offset = 0;
  int Sm = 0;
  int Far = 0; ///< 1: owned by the other partition than the SM's.
};

struct PairTest {
  uint64_t Ref = 0, Cand = 0; ///< probeFeature of both.
  bool Same = false;
  /// enum (every line of the partition class), uenum (one address per coset
  /// of a basis), inv (basis check against controls) or pairs (random).
  std::string Mode = "pairs";
};

struct Capture {
  std::vector<PartitionSample> Partition;
  std::vector<PairTest> Pairs;
  double Slices = 0; ///< Instances behind the roll-ups (sum / avg).
  nlohmann::json Diag;
};

/// Reads one probe capture: the manifest the probe wrote and ncu's CSV.
bool readCapture(const nlohmann::json &Manifest, const NcuMetrics &Ncu,
                 Capture &Out, std::string &Error);

struct PartitionFit {
  AffineFit Fit; ///< Far = parity(x & Mask) ^ Constant, for the fitted SM.
  size_t Train = 0, HeldOut = 0;
  double HeldOutAccuracy = 0;
};

/// Fits the far bit of one SM's samples over \p VarMask, holding out every
/// HoldOutEvery-th sample (0: none) or testing on \p Test if non-empty.
std::optional<PartitionFit>
fitPartition(const std::vector<PartitionSample> &Train,
             const std::vector<PartitionSample> &Test, int Sm, int HoldOutEvery,
             uint64_t VarMask, std::string &Error);

struct PairFit {
  std::vector<uint64_t> Kernel; ///< Reduced basis of K.
  std::vector<uint64_t> Masks;  ///< Basis of K's annihilator in VarMask.
  size_t TrainSame = 0, TrainDiff = 0;
  /// Training "different slice" pairs whose difference lies in K: zero for a
  /// linear hash.
  size_t Contradictions = 0;
  size_t TestSame = 0, TestDiff = 0, TestSameOk = 0, TestDiffOk = 0;
  double accuracy() const {
    size_t N = TestSame + TestDiff;
    return N ? double(TestSameOk + TestDiffOk) / double(N) : 0.0;
  }
};

/// Differences that never move an address out of its slice class, from
/// full line enumerations: for each reference, every d with class ^ d ==
/// class; intersected over the references. Returns a reduced basis.
std::vector<uint64_t> invariantSubspace(const std::vector<PairTest> &Tests);

/// True if \p V is in the span of the reduced basis \p B.
bool inSpan(const std::vector<uint64_t> &B, uint64_t V);

/// K = span of the same-slice differences of \p Train; predicts "same" iff a
/// difference is in K and scores that on \p Test.
PairFit fitPairs(const std::vector<PairTest> &Train,
                 const std::vector<PairTest> &Test, uint64_t VarMask);

std::string hex(uint64_t V);

} // namespace sectorscope::mb

#endif
