//===- GT200Model.h - The GT200 paper's global-memory model -----*- C++ -*-===//
//
// T = l + T_R + T_W per wave, a wave being every resident warp (k per SM)
// updating one node per thread; read and write times are linear in the
// words per thread (N) and the misaligned ones (L reads, M writes):
//   T = l + cR*N_read + cL*L + cW*N_write + cM*M
// The coefficients come from the occupancy with the most benchmark rows (the
// reference k). The paper found T quadratic in k; rather than assume a form,
// other occupancies get a measured scale factor s(k) = T_obs / T_ref(same
// N, L, M), interpolated linearly in k, and outside the measured range the
// nearest factor times k / k_nearest (a wave's data grows linearly in k).
//
// When every row reads and writes N words (the suite's "readwrite" kernel),
// cR and cW cannot be told apart: the fit keeps their sum, and a kernel is
// charged (sum) * (N_read + N_write) / 2. Rows with op "read" or "write"
// separate them.
//
// A kernel of W warps runs W / (k * sm_count) waves: T_kernel = waves * T.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_GT200MODEL_H
#define SECTORSCOPE_MODEL_GT200MODEL_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Traffic.h"

#include <vector>

namespace sectorscope::model {

struct GT200Coefs {
  double Intercept = 0, ReadWord = 0, ReadMisaligned = 0, WriteWord = 0,
         WriteMisaligned = 0; ///< ms per wave; ms per word / misalignment.
  bool CombinedWords = false; ///< ReadWord holds cR + cW (see above).

  double waveTime(double NR, double L, double NW, double M) const;
};

struct GT200Scale {
  double Warps = 0, Scale = 1;
  size_t Rows = 0;
};

struct GT200Model {
  int SmCount = 0;
  double RefWarps = 0;
  GT200Coefs Ref;
  size_t Rows = 0;
  double R2 = 0, Rmse = 0;
  std::vector<GT200Scale> Scales; ///< Sorted by Warps; includes RefWarps.

  static GT200Model fit(const BenchData &D);
  double scaleAt(double Warps) const;
  /// Per-wave time (ms) at occupancy Warps.
  double waveTime(double Warps, double NR, double L, double NW, double M) const;
  double kernelTime(const Traffic &T, double Warps,
                    std::vector<std::string> *Notes) const;

  Json toJson() const;
  static GT200Model fromJson(const Json &J, const Ctx &C);
};

/// Waves a gt200 benchmark row ran: nodes / (k * sm_count * 32), nodes being
/// bytes_moved / (words per node * word_bytes); 1 if the row lacks them.
double benchWaves(const BenchRow &R, int SmCount);

} // namespace sectorscope::model

#endif
