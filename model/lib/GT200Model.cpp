//===- GT200Model.cpp - The GT200 paper's global-memory model -------------===//
#include "sectorscope/model/GT200Model.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/Regression.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::model {

static bool rowReads(const BenchRow &R) {
  return R.OpText != "write" && R.OpText != "store";
}
static bool rowWrites(const BenchRow &R) {
  return R.OpText != "read" && R.OpText != "load";
}

double GT200Coefs::waveTime(double NR, double L, double NW, double M) const {
  double Words =
      CombinedWords ? ReadWord * (NR + NW) / 2 : ReadWord * NR + WriteWord * NW;
  return Intercept + Words + ReadMisaligned * L + WriteMisaligned * M;
}

double benchWaves(const BenchRow &R, int SmCount) {
  if (!R.BytesMoved || !R.WordBytes || !R.N || R.Warps <= 0)
    return 1;
  double WordsPerNode = (double)(rowReads(R) + rowWrites(R)) * *R.N;
  double Nodes = *R.BytesMoved / (WordsPerNode * R.WordBytes);
  return std::max(Nodes / (R.Warps * SmCount * 32.0), 1e-12);
}

GT200Model GT200Model::fit(const BenchData &D) {
  GT200Model M;
  M.SmCount = D.Gpu.SmCount;
  std::map<double, std::vector<const BenchRow *>> ByK;
  for (const BenchRow *R : D.rowsOf("gt200")) {
    double N = *R->N, L = R->L.value_or(0), Mw = R->M.value_or(0);
    std::string F = "rows[" + std::to_string(R->Index) + "]";
    if (L > N)
      fail(D.File, F + ".L",
           "impossible value " + fmtNum(L) +
               " (more misalignments than N=" + fmtNum(N) + " words)");
    if (Mw > N)
      fail(D.File, F + ".M",
           "impossible value " + fmtNum(Mw) +
               " (more misalignments than N=" + fmtNum(N) + " words)");
    ByK[R->Warps].push_back(R);
  }
  if (ByK.empty())
    fail(D.File, "rows", "no gt200 rows");
  // Reference occupancy: most rows, ties to the higher k (full occupancy is
  // where the suite varies N, L and M).
  auto Ref = ByK.begin();
  for (auto It = ByK.begin(); It != ByK.end(); ++It)
    if (It->second.size() >= Ref->second.size())
      Ref = It;
  M.RefWarps = Ref->first;
  const auto &Rows = Ref->second;
  static const std::vector<std::string> Names = {
      "intercept", "read_word", "read_misaligned", "write_word",
      "write_misaligned"};
  Eigen::MatrixXd X((Eigen::Index)Rows.size(), 5);
  Eigen::VectorXd Y((Eigen::Index)Rows.size());
  for (size_t I = 0; I < Rows.size(); ++I) {
    const BenchRow &R = *Rows[I];
    bool Rd = rowReads(R), Wr = rowWrites(R);
    double N = *R.N;
    X.row((Eigen::Index)I) << 1, Rd ? N : 0, Rd ? R.L.value_or(0) : 0,
        Wr ? N : 0, Wr ? R.M.value_or(0) : 0;
    Y[(Eigen::Index)I] = R.TimeMs / benchWaves(R, D.Gpu.SmCount);
  }
  // Costs are physical: a word or a misalignment never saves time.
  FitOptions Opts;
  Opts.NonNegative.assign(5, true);
  FitResult F = fitLeastSquares(X, Y, Names, Opts,
                                D.File + ": gt200 k=" + fmtNum(M.RefWarps));
  M.Ref.Intercept = F.Coef[0];
  M.Ref.ReadWord = F.Coef[1];
  M.Ref.ReadMisaligned = F.Coef[2];
  M.Ref.WriteWord = F.Coef[3];
  M.Ref.WriteMisaligned = F.Coef[4];
  // Read and write word columns identical in every row: QR keeps one.
  bool AllBoth = std::all_of(Rows.begin(), Rows.end(), [](const BenchRow *R) {
    return rowReads(*R) && rowWrites(*R);
  });
  if (AllBoth) {
    M.Ref.CombinedWords = true;
    M.Ref.ReadWord += M.Ref.WriteWord;
    M.Ref.WriteWord = 0;
  }
  M.Rows = F.Rows;
  M.R2 = F.R2;
  M.Rmse = F.Rmse;

  for (auto &[K, KRows] : ByK) {
    GT200Scale S;
    S.Warps = K;
    S.Rows = KRows.size();
    if (K == M.RefWarps) {
      M.Scales.push_back(S);
      continue;
    }
    double Sum = 0;
    size_t Cnt = 0;
    for (const BenchRow *R : KRows) {
      bool Rd = rowReads(*R), Wr = rowWrites(*R);
      double N = *R->N;
      double Pred = M.Ref.waveTime(Rd ? N : 0, Rd ? R->L.value_or(0) : 0,
                                   Wr ? N : 0, Wr ? R->M.value_or(0) : 0);
      if (Pred > 0) {
        Sum += (R->TimeMs / benchWaves(*R, D.Gpu.SmCount)) / Pred;
        ++Cnt;
      }
    }
    if (Cnt) {
      S.Scale = Sum / (double)Cnt;
      M.Scales.push_back(S);
    }
  }
  return M;
}

double GT200Model::scaleAt(double W) const {
  if (Scales.empty())
    return W / RefWarps;
  const GT200Scale &Lo = Scales.front(), &Hi = Scales.back();
  if (W <= Lo.Warps)
    return Lo.Scale * W / Lo.Warps;
  if (W >= Hi.Warps)
    return Hi.Scale * W / Hi.Warps;
  for (size_t I = 1; I < Scales.size(); ++I)
    if (W <= Scales[I].Warps) {
      const GT200Scale &A = Scales[I - 1], &B = Scales[I];
      double F = (W - A.Warps) / (B.Warps - A.Warps);
      return (1 - F) * A.Scale + F * B.Scale;
    }
  return Hi.Scale;
}

double GT200Model::waveTime(double W, double NR, double L, double NW,
                            double Mis) const {
  return Ref.waveTime(NR, L, NW, Mis) * scaleAt(W);
}

double GT200Model::kernelTime(const Traffic &T, double W,
                              std::vector<std::string> *Notes) const {
  if (Notes && !Scales.empty() &&
      (W < Scales.front().Warps || W > Scales.back().Warps))
    Notes->push_back("gt200: occupancies outside the benchmarked " +
                     fmtNum(Scales.front().Warps) + ".." +
                     fmtNum(Scales.back().Warps) +
                     " warps/SM are scaled from the nearest");
  double Waves = T.totalWarps() / (W * SmCount);
  return Waves * waveTime(W, T.ReadWordsPerWarp, T.ReadMisalignedPerWarp,
                          T.WriteWordsPerWarp, T.WriteMisalignedPerWarp);
}

Json GT200Model::toJson() const {
  Json J;
  J["response"] = "ms per wave (every resident warp updates one node)";
  J["reference_warps_per_sm"] = RefWarps;
  J["intercept"] = Ref.Intercept;
  J["read_word"] = Ref.ReadWord;
  J["read_misaligned"] = Ref.ReadMisaligned;
  J["write_word"] = Ref.WriteWord;
  J["write_misaligned"] = Ref.WriteMisaligned;
  J["combined_read_write_words"] = Ref.CombinedWords;
  J["rows"] = Rows;
  J["r2"] = R2;
  J["rmse"] = Rmse;
  Json Ss = Json::array();
  for (const GT200Scale &S : Scales)
    Ss.push_back({{"active_warps_per_sm", S.Warps},
                  {"scale", S.Scale},
                  {"rows", S.Rows}});
  J["occupancy_scale"] = Ss;
  return J;
}

GT200Model GT200Model::fromJson(const Json &J, const Ctx &C) {
  requireObject(J, C);
  GT200Model M;
  M.RefWarps = getNumber(J, C, "reference_warps_per_sm", NumRule::Positive);
  M.Ref.Intercept = getNumber(J, C, "intercept", NumRule::NonNegative);
  M.Ref.ReadWord = getNumber(J, C, "read_word", NumRule::NonNegative);
  M.Ref.ReadMisaligned =
      getNumber(J, C, "read_misaligned", NumRule::NonNegative);
  M.Ref.WriteWord = getNumber(J, C, "write_word", NumRule::NonNegative);
  M.Ref.WriteMisaligned =
      getNumber(J, C, "write_misaligned", NumRule::NonNegative);
  M.Ref.CombinedWords =
      getOptBool(J, C, "combined_read_write_words").value_or(false);
  M.Rows = (size_t)getOptNumber(J, C, "rows", NumRule::Integer).value_or(0);
  M.R2 = getOptNumber(J, C, "r2").value_or(0);
  M.Rmse = getOptNumber(J, C, "rmse", NumRule::NonNegative).value_or(0);
  const Json &Ss = getArray(J, C, "occupancy_scale");
  for (size_t I = 0; I < Ss.size(); ++I) {
    Ctx SC = C.at("occupancy_scale").at(I);
    requireObject(Ss[I], SC);
    GT200Scale S;
    S.Warps = getNumber(Ss[I], SC, "active_warps_per_sm", NumRule::Positive);
    S.Scale = getNumber(Ss[I], SC, "scale", NumRule::Positive);
    S.Rows =
        (size_t)getOptNumber(Ss[I], SC, "rows", NumRule::Integer).value_or(0);
    M.Scales.push_back(S);
  }
  std::sort(M.Scales.begin(), M.Scales.end(),
            [](const GT200Scale &A, const GT200Scale &B) {
              return A.Warps < B.Warps;
            });
  for (size_t I = 1; I < M.Scales.size(); ++I)
    if (M.Scales[I].Warps == M.Scales[I - 1].Warps)
      C.at("occupancy_scale")
          .fail("two entries for active_warps_per_sm " +
                fmtNum(M.Scales[I].Warps));
  return M;
}

} // namespace sectorscope::model
