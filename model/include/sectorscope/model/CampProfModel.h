//===- CampProfModel.h - CampProf's multiple linear regression --*- C++ -*-===//
//
// CampProf fits, per transaction class, t = a1*w + a2*b2 + a3*b4
// + beta: w active warps per SM and b2/b4 word-size indicators (8 bytes the
// baseline). Here a class is (op, camped) and the indicators cover every
// width the benchmark ran (1/2/4/8/16 bytes; the widest is the baseline).
//
// CampProf's benchmarks give each warp a fixed amount of work, so t is "the
// time for w warps per SM each doing one unit". Our benchmark rows need not
// keep the work per warp fixed, so each row is normalized to that form:
//   t = time_ms * U * w * sm_count / bytes_moved
// (U = unit bytes per warp). A kernel moving B bytes of a class at occupancy
// w then takes t_class(w) * B / (U * w * sm_count).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_CAMPPROFMODEL_H
#define SECTORSCOPE_MODEL_CAMPPROFMODEL_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Traffic.h"

#include <map>
#include <string>
#include <vector>

namespace sectorscope::model {

struct CampProfClass {
  Op TheOp = Op::Read;
  bool Camped = false;
  double Intercept = 0;            ///< beta (ms per unit wave)
  double PerWarp = 0;              ///< a1 (ms per warp per SM)
  int BaselineWidth = 0;           ///< Width whose indicator is implicit.
  std::map<int, double> WidthCoef; ///< b_k coefficients, k != baseline.
  std::vector<int> Widths;         ///< Widths seen in the data.
  double MinWarps = 0, MaxWarps = 0;
  /// Smallest response measured per width: the floor of unitTime.
  std::map<int, double> MinResponse;
  size_t Rows = 0;
  double R2 = 0, Rmse = 0;

  /// t(w) for this class at the given width (ms per unit wave).
  double unitTime(int Width, double Warps, bool *Floored = nullptr) const;
  /// The regression line itself, without the floor.
  double linearTime(int Width, double Warps) const;
};

struct CampProfModel {
  double UnitBytesPerWarp = 65536;
  int SmCount = 0;
  std::vector<CampProfClass> Classes;

  static CampProfModel fit(const BenchData &D, double UnitBytesPerWarp);
  /// The class for (op, camped); nullptr if the benchmark had none. Falls
  /// back to the other op / spread variant and says so in Notes.
  const CampProfClass *find(Op O, bool Camped,
                            std::vector<std::string> *Notes) const;
  bool hasCamped() const;
  /// Kernel time (ms) at occupancy Warps; a class line below the fastest
  /// measurement of its width (the straight line dips at low occupancy) is
  /// floored there and noted.
  double kernelTime(const Traffic &T, bool Camped, double Warps,
                    std::vector<std::string> *Notes) const;

  Json toJson() const;
  static CampProfModel fromJson(const Json &J, const Ctx &C);
};

} // namespace sectorscope::model

#endif
