//===- CampProfModel.cpp - CampProf's multiple linear regression ----------===//
#include "sectorscope/model/CampProfModel.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/Regression.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace sectorscope::model {

static std::string widthName(int W) { return "b" + std::to_string(W); }

/// Nearest width on a log scale (2 -> 4 before 2 -> 1 when tied: wider words
/// are the common case in today's kernels).
static int nearestWidth(const std::vector<int> &Widths, int W) {
  int Best = Widths.front();
  double BestD = 1e9;
  for (int X : Widths) {
    double D = std::abs(std::log2((double)X) - std::log2((double)W));
    if (D < BestD || (D == BestD && X > Best)) {
      Best = X;
      BestD = D;
    }
  }
  return Best;
}

double CampProfClass::linearTime(int Width, double Warps) const {
  double T = Intercept + PerWarp * Warps;
  int W = nearestWidth(Widths, Width);
  auto It = WidthCoef.find(W);
  if (It != WidthCoef.end())
    T += It->second;
  return T;
}

double CampProfClass::unitTime(int Width, double Warps, bool *Floored) const {
  double T = linearTime(Width, Warps);
  // A straight line through a saturating curve dips below every
  // measurement at low occupancy (on the H200 even below 0): never predict
  // less than the fastest row of this width actually took.
  auto It = MinResponse.find(nearestWidth(Widths, Width));
  double Floor = It != MinResponse.end() ? It->second : 0;
  if (T < Floor) {
    if (Floored)
      *Floored = true;
    return Floor;
  }
  return T;
}

CampProfModel CampProfModel::fit(const BenchData &D, double Unit) {
  CampProfModel M;
  M.UnitBytesPerWarp = Unit;
  M.SmCount = D.Gpu.SmCount;
  auto Rows = D.rowsOf("campprof");
  for (Op O : {Op::Read, Op::Write})
    for (bool Camped : {false, true}) {
      std::vector<const BenchRow *> Cls;
      for (const BenchRow *R : Rows)
        if (R->TheOp && *R->TheOp == O && R->Camped == Camped)
          Cls.push_back(R);
      if (Cls.empty())
        continue;
      CampProfClass C;
      C.TheOp = O;
      C.Camped = Camped;
      std::set<int> WS;
      C.MinWarps = C.MaxWarps = Cls.front()->Warps;
      for (const BenchRow *R : Cls) {
        WS.insert(R->WordBytes);
        C.MinWarps = std::min(C.MinWarps, R->Warps);
        C.MaxWarps = std::max(C.MaxWarps, R->Warps);
      }
      C.Widths.assign(WS.begin(), WS.end());
      C.BaselineWidth = C.Widths.back();
      // Columns: intercept, w, one indicator per non-baseline width.
      std::vector<std::string> Names = {"intercept", "warps"};
      for (int W : C.Widths)
        if (W != C.BaselineWidth)
          Names.push_back(widthName(W));
      Eigen::MatrixXd X = Eigen::MatrixXd::Zero((Eigen::Index)Cls.size(),
                                                (Eigen::Index)Names.size());
      Eigen::VectorXd Y((Eigen::Index)Cls.size());
      for (size_t I = 0; I < Cls.size(); ++I) {
        const BenchRow &R = *Cls[I];
        auto Row = (Eigen::Index)I;
        X(Row, 0) = 1;
        X(Row, 1) = R.Warps;
        for (size_t K = 2; K < Names.size(); ++K)
          if (Names[K] == widthName(R.WordBytes))
            X(Row, (Eigen::Index)K) = 1;
        Y[Row] = R.TimeMs * Unit * R.Warps * D.Gpu.SmCount / *R.BytesMoved;
        auto [It, New] = C.MinResponse.insert({R.WordBytes, Y[Row]});
        if (!New)
          It->second = std::min(It->second, Y[Row]);
      }
      std::string Where =
          D.File + ": campprof " + opName(O) + (Camped ? " camped" : " spread");
      FitResult F = fitLeastSquares(X, Y, Names, {}, Where);
      C.Intercept = F.coef("intercept");
      C.PerWarp = F.coef("warps");
      for (size_t K = 2; K < Names.size(); ++K)
        C.WidthCoef[std::stoi(Names[K].substr(1))] = F.Coef[(Eigen::Index)K];
      C.Rows = F.Rows;
      C.R2 = F.R2;
      C.Rmse = F.Rmse;
      M.Classes.push_back(std::move(C));
    }
  return M;
}

const CampProfClass *
CampProfModel::find(Op O, bool Camped, std::vector<std::string> *Notes) const {
  const CampProfClass *Best = nullptr;
  int BestScore = 1 << 30;
  for (const CampProfClass &C : Classes) {
    int Score = (C.TheOp != O) * 10 + (C.Camped != Camped);
    if (Score < BestScore) {
      Best = &C;
      BestScore = Score;
    }
  }
  if (Best && BestScore && Notes)
    Notes->push_back(std::string("campprof: no ") + opName(O) +
                     (Camped ? " camped" : " spread") + " benchmark; used " +
                     opName(Best->TheOp) +
                     (Best->Camped ? " camped" : " spread"));
  return Best;
}

bool CampProfModel::hasCamped() const {
  return std::any_of(Classes.begin(), Classes.end(),
                     [](const CampProfClass &C) { return C.Camped; });
}

double CampProfModel::kernelTime(const Traffic &T, bool Camped, double Warps,
                                 std::vector<std::string> *Notes) const {
  double Total = 0;
  for (const TrafficClass &TC : T.Classes) {
    const CampProfClass *C = find(TC.TheOp, Camped, Notes);
    if (!C)
      fail("", "campprof", "calibration has no classes");
    bool Floored = false;
    double U = C->unitTime(TC.Width, Warps, &Floored);
    if (Floored && Notes)
      Notes->push_back("campprof: " + std::string(opName(TC.TheOp)) +
                       (Camped ? " camped" : " spread") +
                       " line below the fastest measurement at some "
                       "occupancies; floored there");
    Total += U * TC.Bytes / (UnitBytesPerWarp * Warps * SmCount);
  }
  return Total;
}

Json CampProfModel::toJson() const {
  Json J;
  J["unit_bytes_per_warp"] = UnitBytesPerWarp;
  J["response"] = "ms for w warps/SM each moving unit_bytes_per_warp bytes";
  Json Cls = Json::array();
  for (const CampProfClass &C : Classes) {
    Json CJ;
    CJ["op"] = opName(C.TheOp);
    CJ["camped"] = C.Camped;
    CJ["intercept"] = C.Intercept;
    CJ["per_warp"] = C.PerWarp;
    CJ["baseline_width"] = C.BaselineWidth;
    Json WC = Json::object();
    for (auto &[W, V] : C.WidthCoef)
      WC[widthName(W)] = V;
    CJ["width_coefficients"] = WC;
    CJ["widths"] = C.Widths;
    CJ["warps_range"] = {C.MinWarps, C.MaxWarps};
    Json MR = Json::object();
    for (auto &[W, V] : C.MinResponse)
      MR[std::to_string(W)] = V;
    CJ["min_response"] = MR;
    CJ["rows"] = C.Rows;
    CJ["r2"] = C.R2;
    CJ["rmse"] = C.Rmse;
    Cls.push_back(CJ);
  }
  J["classes"] = Cls;
  return J;
}

static Op parseOp(const Json &J, const Ctx &C) {
  std::string S = getString(J, C, "op");
  if (S == "read")
    return Op::Read;
  if (S == "write")
    return Op::Write;
  C.at("op").fail("expected \"read\" or \"write\", got \"" + S + "\"");
}

CampProfModel CampProfModel::fromJson(const Json &J, const Ctx &C) {
  requireObject(J, C);
  CampProfModel M;
  M.UnitBytesPerWarp =
      getNumber(J, C, "unit_bytes_per_warp", NumRule::Positive);
  const Json &Cls = getArray(J, C, "classes");
  for (size_t I = 0; I < Cls.size(); ++I) {
    Ctx CC = C.at("classes").at(I);
    const Json &CJ = Cls[I];
    requireObject(CJ, CC);
    CampProfClass K;
    K.TheOp = parseOp(CJ, CC);
    K.Camped = getBool(CJ, CC, "camped");
    K.Intercept = getNumber(CJ, CC, "intercept");
    K.PerWarp = getNumber(CJ, CC, "per_warp");
    K.BaselineWidth =
        (int)getNumber(CJ, CC, "baseline_width", NumRule::PositiveInteger);
    const Json &WA = getArray(CJ, CC, "widths");
    for (size_t W = 0; W < WA.size(); ++W)
      K.Widths.push_back((int)asNumber(WA[W], CC.at("widths").at(W),
                                       NumRule::PositiveInteger));
    const Json &WC = getObject(CJ, CC, "width_coefficients");
    for (auto It = WC.begin(); It != WC.end(); ++It) {
      const std::string &Key = It.key();
      if (Key.size() < 2 || Key[0] != 'b' ||
          Key.find_first_not_of("0123456789", 1) != std::string::npos)
        CC.at("width_coefficients").at(Key).fail("expected a key like \"b4\"");
      K.WidthCoef[std::stoi(Key.substr(1))] =
          asNumber(It.value(), CC.at("width_coefficients").at(Key));
    }
    if (CJ.contains("warps_range") && CJ["warps_range"].is_array() &&
        CJ["warps_range"].size() == 2) {
      K.MinWarps = asNumber(CJ["warps_range"][0], CC.at("warps_range").at(0));
      K.MaxWarps = asNumber(CJ["warps_range"][1], CC.at("warps_range").at(1));
    }
    if (CJ.contains("min_response") && !CJ["min_response"].is_null()) {
      const Json &MR = getObject(CJ, CC, "min_response");
      for (auto It = MR.begin(); It != MR.end(); ++It) {
        Ctx MC = CC.at("min_response").at(It.key());
        const std::string &Key = It.key();
        if (Key.empty() || Key.size() > 4 ||
            Key.find_first_not_of("0123456789") != std::string::npos)
          MC.fail("expected a width in bytes as the key");
        K.MinResponse[std::stoi(Key)] =
            asNumber(It.value(), MC, NumRule::NonNegative);
      }
    }
    K.Rows = (size_t)getOptNumber(CJ, CC, "rows", NumRule::Integer).value_or(0);
    K.R2 = getOptNumber(CJ, CC, "r2").value_or(0);
    K.Rmse = getOptNumber(CJ, CC, "rmse", NumRule::NonNegative).value_or(0);
    M.Classes.push_back(std::move(K));
  }
  return M;
}

} // namespace sectorscope::model
