//===- GT200Model.cpp - The GT200 global-memory model (seed 001) ----------===//
#include "sectorscope/model/GT200Model.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/Regression.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::model {

double benchWaves(const BenchRow &R, int SmCount) {
  if (!R.Blocks || !R.Threads)
    return 1;
  // "threads" is per block when it fits in a block, else the grid total.
  double Warps = *R.Threads <= 1024 ? *R.Blocks * std::ceil(*R.Threads / 32)
                                    : std::ceil(*R.Threads / 32);
  return std::max(Warps / (R.Warps * SmCount), 1e-9);
}

GT200Model GT200Model::fit(const BenchData &D) {
  GT200Model M;
  M.SmCount = D.Gpu.SmCount;
  std::map<double, std::vector<const BenchRow *>> ByK;
  for (const BenchRow *R : D.rowsOf("gt200"))
    ByK[R->Warps].push_back(R);
  static const std::vector<std::string> Names = {
      "intercept", "read_word", "read_misaligned", "write_word",
      "write_misaligned"};
  for (auto &[K, Rows] : ByK) {
    Eigen::MatrixXd X((Eigen::Index)Rows.size(), 5);
    Eigen::VectorXd Y((Eigen::Index)Rows.size());
    for (size_t I = 0; I < Rows.size(); ++I) {
      const BenchRow &R = *Rows[I];
      // "read" rows only read, "write" rows only write; anything else (the
      // seed's kernel: read N, write N) does both.
      bool Reads = R.OpText != "write" && R.OpText != "store";
      bool Writes = R.OpText != "read" && R.OpText != "load";
      double N = *R.N, L = R.L.value_or(0), Mw = R.M.value_or(0);
      if (Reads && L > N)
        fail(D.File, "rows[" + std::to_string(R.Index) + "].L",
             "impossible value " + fmtNum(L) + " (more misalignments than N=" +
                 fmtNum(N) + " words)");
      if (Writes && Mw > N)
        fail(D.File, "rows[" + std::to_string(R.Index) + "].M",
             "impossible value " + fmtNum(Mw) +
                 " (more misalignments than N=" + fmtNum(N) + " words)");
      auto Row = (Eigen::Index)I;
      X.row(Row) << 1, Reads ? N : 0, Reads ? L : 0, Writes ? N : 0,
          Writes ? Mw : 0;
      Y[Row] = R.TimeMs / benchWaves(R, D.Gpu.SmCount);
    }
    // Costs are physical: a word or a misalignment never saves time.
    FitOptions Opts;
    Opts.NonNegative.assign(5, true);
    FitResult F = fitLeastSquares(X, Y, Names, Opts,
                                  D.File + ": gt200 k=" + fmtNum(K));
    GT200Group G;
    G.Warps = K;
    G.Intercept = F.Coef[0];
    G.ReadWord = F.Coef[1];
    G.ReadMisaligned = F.Coef[2];
    G.WriteWord = F.Coef[3];
    G.WriteMisaligned = F.Coef[4];
    G.Rows = F.Rows;
    G.R2 = F.R2;
    G.Rmse = F.Rmse;
    M.Groups.push_back(G);
  }
  return M;
}

double GT200Model::waveTime(double W, double NR, double L, double NW,
                            double Mis) const {
  if (Groups.empty())
    fail("", "gt200", "calibration has no gt200 groups");
  const GT200Group &Lo = Groups.front(), &Hi = Groups.back();
  if (W <= Lo.Warps)
    return Lo.waveTime(NR, L, NW, Mis) * W / Lo.Warps;
  if (W >= Hi.Warps)
    return Hi.waveTime(NR, L, NW, Mis) * W / Hi.Warps;
  for (size_t I = 1; I < Groups.size(); ++I)
    if (W <= Groups[I].Warps) {
      const GT200Group &A = Groups[I - 1], &B = Groups[I];
      double F = (W - A.Warps) / (B.Warps - A.Warps);
      return (1 - F) * A.waveTime(NR, L, NW, Mis) +
             F * B.waveTime(NR, L, NW, Mis);
    }
  return Hi.waveTime(NR, L, NW, Mis);
}

double GT200Model::kernelTime(const Traffic &T, double W,
                              std::vector<std::string> *Notes) const {
  if (Notes && (W < Groups.front().Warps || W > Groups.back().Warps))
    Notes->push_back("gt200: " + fmtNum(W) +
                     " warps/SM is outside the benchmarked occupancies; "
                     "scaled from the nearest");
  double Waves = T.totalWarps() / (W * SmCount);
  return Waves * waveTime(W, T.ReadWordsPerWarp, T.ReadMisalignedPerWarp,
                          T.WriteWordsPerWarp, T.WriteMisalignedPerWarp);
}

Json GT200Model::toJson() const {
  Json J;
  J["response"] = "ms per wave of k warps per SM";
  Json Gs = Json::array();
  for (const GT200Group &G : Groups) {
    Json GJ;
    GJ["active_warps_per_sm"] = G.Warps;
    GJ["intercept"] = G.Intercept;
    GJ["read_word"] = G.ReadWord;
    GJ["read_misaligned"] = G.ReadMisaligned;
    GJ["write_word"] = G.WriteWord;
    GJ["write_misaligned"] = G.WriteMisaligned;
    GJ["rows"] = G.Rows;
    GJ["r2"] = G.R2;
    GJ["rmse"] = G.Rmse;
    Gs.push_back(GJ);
  }
  J["groups"] = Gs;
  return J;
}

GT200Model GT200Model::fromJson(const Json &J, const Ctx &C) {
  requireObject(J, C);
  GT200Model M;
  const Json &Gs = getArray(J, C, "groups");
  for (size_t I = 0; I < Gs.size(); ++I) {
    Ctx GC = C.at("groups").at(I);
    const Json &GJ = Gs[I];
    requireObject(GJ, GC);
    GT200Group G;
    G.Warps = getNumber(GJ, GC, "active_warps_per_sm", NumRule::Positive);
    G.Intercept = getNumber(GJ, GC, "intercept", NumRule::NonNegative);
    G.ReadWord = getNumber(GJ, GC, "read_word", NumRule::NonNegative);
    G.ReadMisaligned =
        getNumber(GJ, GC, "read_misaligned", NumRule::NonNegative);
    G.WriteWord = getNumber(GJ, GC, "write_word", NumRule::NonNegative);
    G.WriteMisaligned =
        getNumber(GJ, GC, "write_misaligned", NumRule::NonNegative);
    G.Rows = (size_t)getOptNumber(GJ, GC, "rows", NumRule::Integer).value_or(0);
    G.R2 = getOptNumber(GJ, GC, "r2").value_or(0);
    G.Rmse = getOptNumber(GJ, GC, "rmse", NumRule::NonNegative).value_or(0);
    M.Groups.push_back(G);
  }
  std::sort(M.Groups.begin(), M.Groups.end(),
            [](const GT200Group &A, const GT200Group &B) {
              return A.Warps < B.Warps;
            });
  for (size_t I = 1; I < M.Groups.size(); ++I)
    if (M.Groups[I].Warps == M.Groups[I - 1].Warps)
      C.at("groups").fail("two groups for active_warps_per_sm " +
                          fmtNum(M.Groups[I].Warps));
  return M;
}

} // namespace sectorscope::model
