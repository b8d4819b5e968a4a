//===- BandwidthModel.cpp - Volume / saturating-bandwidth model -----------===//
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/Regression.h"

#include <algorithm>
#include <cmath>

namespace sectorscope::model {

static std::string className(Op O, bool Camped, int Width) {
  return std::string(opName(O)) + (Camped ? " camped " : " spread ") +
         std::to_string(Width) + "B";
}

BandwidthModel BandwidthModel::fit(const BenchData &D,
                                   const std::vector<std::string> &Exps) {
  BandwidthModel M;
  M.Experiments = Exps;
  std::vector<const BenchRow *> Rows;
  for (const std::string &E : Exps)
    for (const BenchRow *R : D.rowsOf(E))
      if (R->TheOp && R->BytesMoved && R->WordBytes && R->Warps > 0)
        Rows.push_back(R);
  if (Rows.empty())
    return M;
  // Classes in a stable order: op, camped, width.
  for (const BenchRow *R : Rows) {
    bool Seen = false;
    for (const BandwidthClass &C : M.Classes)
      Seen |= C.TheOp == *R->TheOp && C.Camped == R->Camped &&
              C.Width == R->WordBytes;
    if (!Seen) {
      BandwidthClass C;
      C.TheOp = *R->TheOp;
      C.Camped = R->Camped;
      C.Width = R->WordBytes;
      M.Classes.push_back(C);
    }
  }
  std::sort(M.Classes.begin(), M.Classes.end(),
            [](const BandwidthClass &A, const BandwidthClass &B) {
              return std::make_tuple(A.TheOp, A.Camped, A.Width) <
                     std::make_tuple(B.TheOp, B.Camped, B.Width);
            });
  auto ClassOf = [&](const BenchRow &R) {
    for (size_t K = 0; K < M.Classes.size(); ++K)
      if (M.Classes[K].TheOp == *R.TheOp && M.Classes[K].Camped == R.Camped &&
          M.Classes[K].Width == R.WordBytes)
        return K;
    return (size_t)0;
  };

  // Columns: launch, then (B, B/w) per class.
  const auto NC = (Eigen::Index)M.Classes.size();
  std::vector<std::string> Names = {"launch"};
  for (const BandwidthClass &C : M.Classes) {
    Names.push_back(className(C.TheOp, C.Camped, C.Width) + " a");
    Names.push_back(className(C.TheOp, C.Camped, C.Width) + " b");
  }
  const auto N = (Eigen::Index)Rows.size();
  Eigen::MatrixXd X = Eigen::MatrixXd::Zero(N, 1 + 2 * NC);
  Eigen::VectorXd Y(N), W(N);
  for (Eigen::Index I = 0; I < N; ++I) {
    const BenchRow &R = *Rows[(size_t)I];
    auto K = (Eigen::Index)ClassOf(R);
    X(I, 0) = 1;
    X(I, 1 + 2 * K) = *R.BytesMoved;
    X(I, 2 + 2 * K) = *R.BytesMoved / R.Warps;
    Y[I] = R.TimeMs;
    W[I] = 1.0 / R.TimeMs;
  }
  // Launch latency is identifiable only if the rows move different byte
  // counts: the suite's CampProf rows all move the same bytes, and if every
  // row does, launch and the per-byte costs are collinear. Then pin it at 0
  // rather than let the QR split the time arbitrarily.
  Eigen::MatrixXd NoLaunch = X.rightCols(X.cols() - 1);
  M.LaunchIdentified = numericalRank(X) > numericalRank(NoLaunch);
  if (!M.LaunchIdentified)
    X.col(0).setZero();
  FitOptions Opts;
  Opts.Weights = W;
  Opts.NonNegative.assign((size_t)X.cols(), true);
  FitResult F = fitLeastSquares(X, Y, Names, Opts, D.File + ": bandwidth");
  M.LaunchMs = F.Coef[0];
  for (Eigen::Index K = 0; K < NC; ++K) {
    M.Classes[(size_t)K].MsPerByte = F.Coef[1 + 2 * K];
    M.Classes[(size_t)K].MsPerByteWarp = F.Coef[2 + 2 * K];
  }

  // Classes measured at a single occupancy cannot separate a from b. Borrow
  // the shape b/a from the nearest-width class of the same op and camping
  // that was swept over occupancy, and fit only the scale.
  auto Occupancies = [&](size_t K) {
    std::vector<double> Ws;
    for (const BenchRow *R : Rows)
      if (ClassOf(*R) == K &&
          std::find(Ws.begin(), Ws.end(), R->Warps) == Ws.end())
        Ws.push_back(R->Warps);
    return Ws.size();
  };
  std::vector<size_t> Swept(M.Classes.size());
  for (size_t K = 0; K < M.Classes.size(); ++K)
    Swept[K] = Occupancies(K);
  for (size_t K = 0; K < M.Classes.size(); ++K) {
    BandwidthClass &C = M.Classes[K];
    if (Swept[K] >= 2)
      continue;
    const BandwidthClass *Ref = nullptr;
    double BestD = 1e30;
    for (size_t J = 0; J < M.Classes.size(); ++J) {
      const BandwidthClass &O = M.Classes[J];
      if (Swept[J] < 2 || O.MsPerByte <= 0)
        continue;
      double Dist =
          (O.TheOp != C.TheOp) * 100 + (O.Camped != C.Camped) * 10 +
          std::abs(std::log2((double)O.Width) - std::log2((double)C.Width));
      if (Dist < BestD) {
        BestD = Dist;
        Ref = &O;
      }
    }
    double Ratio = Ref ? Ref->MsPerByteWarp / Ref->MsPerByte : 0;
    double Sum = 0;
    size_t Cnt = 0;
    for (const BenchRow *R : Rows)
      if (ClassOf(*R) == K) {
        Sum += std::max(R->TimeMs - M.LaunchMs, 0.0) /
               (*R->BytesMoved * (1 + Ratio / R->Warps));
        ++Cnt;
      }
    C.MsPerByte = Sum / (double)Cnt;
    C.MsPerByteWarp = Ratio * C.MsPerByte;
    if (C.MsPerByte <= 0) // Launch explained everything: keep a finite cost.
      C.MsPerByte = 1e-15;
    C.ShapeFrom = Ref ? className(Ref->TheOp, Ref->Camped, Ref->Width)
                      : std::string("none (flat in occupancy)");
  }

  // Statistics from the final coefficients, overall and per class.
  Eigen::VectorXd Pred(N);
  for (Eigen::Index I = 0; I < N; ++I) {
    const BenchRow &R = *Rows[(size_t)I];
    const BandwidthClass &C = M.Classes[ClassOf(R)];
    Pred[I] =
        M.LaunchMs + *R.BytesMoved * (C.MsPerByte + C.MsPerByteWarp / R.Warps);
  }
  auto Stats = [&](auto InClass, double &R2, double &Rmse, size_t &Cnt,
                   double *MaxRel) {
    double SSRes = 0, Sum = 0, SumSq = 0;
    Cnt = 0;
    for (Eigen::Index I = 0; I < N; ++I)
      if (InClass(I)) {
        double E = Pred[I] - Y[I];
        SSRes += E * E;
        Sum += Y[I];
        SumSq += Y[I] * Y[I];
        ++Cnt;
        if (MaxRel)
          *MaxRel = std::max(*MaxRel, std::abs(E / Y[I]));
      }
    double SSTot = SumSq - Sum * Sum / (double)Cnt;
    R2 = SSTot > 1e-12 * SumSq ? 1 - SSRes / SSTot
                               : (SSRes <= 1e-24 * SumSq ? 1 : 0);
    Rmse = std::sqrt(SSRes / (double)Cnt);
  };
  Stats([](Eigen::Index) { return true; }, M.R2, M.Rmse, M.Rows, &M.MaxRelErr);
  for (size_t K = 0; K < M.Classes.size(); ++K) {
    BandwidthClass &C = M.Classes[K];
    Stats([&](Eigen::Index I) { return ClassOf(*Rows[(size_t)I]) == K; }, C.R2,
          C.Rmse, C.Rows, nullptr);
  }
  return M;
}

const BandwidthClass *
BandwidthModel::find(Op O, bool Camped, int Width,
                     std::vector<std::string> *Notes) const {
  const BandwidthClass *Best = nullptr;
  double BestScore = 1e30;
  for (const BandwidthClass &C : Classes) {
    double Score =
        (C.TheOp != O) * 1000 + (C.Camped != Camped) * 100 +
        std::abs(std::log2((double)C.Width) - std::log2((double)Width)) -
        (C.Width > Width) * 0.01; // Ties go to the wider word.
    if (Score < BestScore) {
      Best = &C;
      BestScore = Score;
    }
  }
  if (Best && Notes &&
      (Best->TheOp != O || Best->Camped != Camped || Best->Width != Width))
    Notes->push_back("bandwidth: no " + className(O, Camped, Width) +
                     " benchmark; used " +
                     className(Best->TheOp, Best->Camped, Best->Width));
  return Best;
}

bool BandwidthModel::hasCamped() const {
  return std::any_of(Classes.begin(), Classes.end(),
                     [](const BandwidthClass &C) { return C.Camped; });
}

double BandwidthModel::kernelTime(const Traffic &T, bool Camped, double Warps,
                                  std::vector<std::string> *Notes) const {
  if (Classes.empty())
    fail("", "bandwidth", "calibration has no classes");
  double Total = LaunchMs;
  for (const TrafficClass &TC : T.Classes) {
    const BandwidthClass *C = find(TC.TheOp, Camped, TC.Width, Notes);
    Total += TC.Bytes * (C->MsPerByte + C->MsPerByteWarp / Warps);
  }
  return Total;
}

Json BandwidthModel::toJson() const {
  Json J;
  J["form"] = "time_ms = launch_ms + bytes * (ms_per_byte + "
              "ms_per_byte_warp / active_warps_per_sm)";
  J["experiments"] = Experiments;
  J["launch_ms"] = LaunchMs;
  J["launch_identified"] = LaunchIdentified;
  J["rows"] = Rows;
  J["r2"] = R2;
  J["rmse"] = Rmse;
  J["max_rel_err"] = MaxRelErr;
  Json Cls = Json::array();
  for (const BandwidthClass &C : Classes) {
    Json CJ;
    CJ["op"] = opName(C.TheOp);
    CJ["camped"] = C.Camped;
    CJ["width"] = C.Width;
    CJ["ms_per_byte"] = C.MsPerByte;
    CJ["ms_per_byte_warp"] = C.MsPerByteWarp;
    CJ["peak_gbps"] = C.peakGBps();
    CJ["half_saturation_warps"] = C.halfSaturationWarps();
    if (!C.ShapeFrom.empty())
      CJ["occupancy_shape_from"] = C.ShapeFrom;
    CJ["rows"] = C.Rows;
    CJ["r2"] = C.R2;
    CJ["rmse"] = C.Rmse;
    Cls.push_back(CJ);
  }
  J["classes"] = Cls;
  return J;
}

BandwidthModel BandwidthModel::fromJson(const Json &J, const Ctx &C) {
  requireObject(J, C);
  BandwidthModel M;
  M.LaunchMs = getNumber(J, C, "launch_ms", NumRule::NonNegative);
  M.LaunchIdentified = getOptBool(J, C, "launch_identified").value_or(true);
  M.Rows = (size_t)getOptNumber(J, C, "rows", NumRule::Integer).value_or(0);
  M.R2 = getOptNumber(J, C, "r2").value_or(0);
  M.Rmse = getOptNumber(J, C, "rmse", NumRule::NonNegative).value_or(0);
  M.MaxRelErr =
      getOptNumber(J, C, "max_rel_err", NumRule::NonNegative).value_or(0);
  if (J.contains("experiments") && J["experiments"].is_array())
    for (const Json &E : J["experiments"])
      if (E.is_string())
        M.Experiments.push_back(E.get<std::string>());
  const Json &Cls = getArray(J, C, "classes");
  for (size_t I = 0; I < Cls.size(); ++I) {
    Ctx CC = C.at("classes").at(I);
    const Json &CJ = Cls[I];
    requireObject(CJ, CC);
    BandwidthClass K;
    std::string O = getString(CJ, CC, "op");
    if (O != "read" && O != "write")
      CC.at("op").fail("expected \"read\" or \"write\", got \"" + O + "\"");
    K.TheOp = O == "read" ? Op::Read : Op::Write;
    K.Camped = getBool(CJ, CC, "camped");
    K.Width = (int)getNumber(CJ, CC, "width", NumRule::PositiveInteger);
    K.MsPerByte = getNumber(CJ, CC, "ms_per_byte", NumRule::NonNegative);
    K.MsPerByteWarp =
        getNumber(CJ, CC, "ms_per_byte_warp", NumRule::NonNegative);
    if (K.MsPerByte == 0 && K.MsPerByteWarp == 0)
      CC.fail("ms_per_byte and ms_per_byte_warp are both 0 (infinite "
              "bandwidth)");
    K.Rows = (size_t)getOptNumber(CJ, CC, "rows", NumRule::Integer).value_or(0);
    K.ShapeFrom = getOptString(CJ, CC, "occupancy_shape_from").value_or("");
    K.R2 = getOptNumber(CJ, CC, "r2").value_or(0);
    K.Rmse = getOptNumber(CJ, CC, "rmse", NumRule::NonNegative).value_or(0);
    M.Classes.push_back(K);
  }
  return M;
}

} // namespace sectorscope::model
