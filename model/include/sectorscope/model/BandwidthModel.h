//===- BandwidthModel.h - Volume / saturating-bandwidth model ---*- C++ -*-===//
//
// For today's GPUs, where a kernel's memory time is its volume over the
// bandwidth it manages to draw. By Little's law an SM with w active warps,
// each keeping q bytes in flight for a latency lambda, draws w*q/lambda, up to
// the chip's peak. The smooth (harmonic) form of that saturation gives
//   time = launch + B * (a + b / w)
// with B the bytes moved (sectors x 32), a = 1/peak bandwidth and b = the
// latency-bound cost, large at low occupancy. It is linear in the unknowns,
// so one Eigen least-squares fit over all benchmark rows gives a shared
// launch latency and an (a, b) pair per class (op, camped, width); weights
// 1/time make it minimize relative error, and all three are kept >= 0.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_BANDWIDTHMODEL_H
#define SECTORSCOPE_MODEL_BANDWIDTHMODEL_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Traffic.h"

#include <string>
#include <vector>

namespace sectorscope::model {

struct BandwidthClass {
  Op TheOp = Op::Read;
  bool Camped = false;
  int Width = 4;
  double MsPerByte = 0;     ///< a: 1 / peak bandwidth.
  double MsPerByteWarp = 0; ///< b: latency-bound term, divided by w.
  size_t Rows = 0;
  double R2 = 0, Rmse = 0;
  /// Set when the benchmark ran this class at one occupancy only: the class
  /// whose b/a ratio (occupancy curve) it borrows.
  std::string ShapeFrom;

  double peakGBps() const { return MsPerByte > 0 ? 1e-6 / MsPerByte : 0; }
  /// Occupancy where the latency term equals the bandwidth term.
  double halfSaturationWarps() const {
    return MsPerByte > 0 ? MsPerByteWarp / MsPerByte : 0;
  }
  double GBpsAt(double Warps) const {
    double T = MsPerByte + MsPerByteWarp / Warps;
    return T > 0 ? 1e-6 / T : 0;
  }
};

struct BandwidthModel {
  double LaunchMs = 0;
  bool LaunchIdentified = true; ///< False: every row moved the same bytes.
  std::vector<std::string> Experiments;
  std::vector<BandwidthClass> Classes;
  size_t Rows = 0;
  double R2 = 0, Rmse = 0, MaxRelErr = 0;

  /// Fits rows of the given experiments (e.g. {"stream", "campprof"}).
  static BandwidthModel fit(const BenchData &D,
                            const std::vector<std::string> &Experiments);
  /// Nearest class: same op and camping if any, then nearest width.
  const BandwidthClass *find(Op O, bool Camped, int Width,
                             std::vector<std::string> *Notes) const;
  bool hasCamped() const;
  double kernelTime(const Traffic &T, bool Camped, double Warps,
                    std::vector<std::string> *Notes) const;

  Json toJson() const;
  static BandwidthModel fromJson(const Json &J, const Ctx &C);
};

} // namespace sectorscope::model

#endif
