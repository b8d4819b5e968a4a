//===- CorpusBounds.cpp - Bounds from real programs' residuals ------------===//
#include "sectorscope/model/CorpusBounds.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/HeldOut.h"
#include "sectorscope/model/TextTable.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::model {

namespace {

/// A kernel's largest log excess below and above its raw band, over its
/// in-scope cases, and how many cases that was.
struct KernelScore {
  double Below = 0, Above = 0;
  size_t Cases = 0;
};

/// One set's kernels (by demangled name: every shape and occupancy of a
/// kernel misses together) and the excess of each in-scope case.
struct SetScores {
  std::map<std::string, KernelScore> Kernels;
  std::vector<std::pair<double, double>> CaseExcess;
};

SetScores scoreSet(const Calibration &Raw, const CorpusSet &S,
                   double ScopeFactor) {
  SetScores Out;
  ValidateResult R =
      validate(Raw, S.Cases, ModelKind::Bandwidth, ScopeFactor, true);
  for (const ValidateRow &Row : R.Rows) {
    if (!Row.InScope)
      continue;
    double Lo = std::min(Row.BestMs, Row.WorstMs);
    double Hi = std::max(Row.BestMs, Row.WorstMs);
    std::pair<double, double> E = {
        std::max(0.0, std::log(Lo / Row.MeasuredMs)),
        std::max(0.0, std::log(Row.MeasuredMs / Hi))};
    Out.CaseExcess.push_back(E);
    KernelScore &K = Out.Kernels[Row.Kernel];
    K.Below = std::max(K.Below, E.first);
    K.Above = std::max(K.Above, E.second);
    ++K.Cases;
  }
  return Out;
}

BoundsMargin marginOver(const std::vector<SetScores> &Sets, size_t Without,
                        double Coverage) {
  std::vector<std::pair<double, double>> X;
  size_t Cases = 0;
  for (size_t I = 0; I < Sets.size(); ++I) {
    if (I == Without)
      continue;
    for (const auto &KV : Sets[I].Kernels) {
      X.push_back({KV.second.Below, KV.second.Above});
      Cases += KV.second.Cases;
    }
  }
  BoundsMargin B = fitBoundsMargin(X, Coverage);
  B.Kernels = X.size();
  B.Cases = Cases;
  return B;
}

bool inside(const std::pair<double, double> &E, const BoundsMargin &B) {
  // A tolerance: the margin is one of these very excesses, exp'd and
  // logged back.
  return E.first <= std::log(B.LowerFactor) + 1e-12 &&
         E.second <= std::log(B.UpperFactor) + 1e-12;
}

} // namespace

CorpusBounds fitCorpusBounds(const Calibration &C,
                             const std::vector<CorpusSet> &Sets,
                             double Coverage, double ScopeFactor) {
  if (!C.Bandwidth)
    fail(C.File, "bandwidth", "the calibration has no bandwidth model");
  if (Sets.size() < 2)
    fail("", "--cases",
         "give at least two sets: each is checked with the bounds fitted "
         "on the others");
  Calibration Raw = C;
  Raw.Bounds.reset();
  std::vector<SetScores> Scores;
  for (const CorpusSet &S : Sets)
    Scores.push_back(scoreSet(Raw, S, ScopeFactor));
  CorpusBounds B;
  B.Gpu = C.Gpu;
  size_t Inside = 0, Cases = 0;
  for (size_t I = 0; I < Sets.size(); ++I) {
    CorpusSetResult SR;
    SR.Name = Sets[I].Name;
    SR.Kernels = Scores[I].Kernels.size();
    SR.InScopeCases = Scores[I].CaseExcess.size();
    BoundsMargin Without = marginOver(Scores, I, Coverage);
    SR.FactorWithout = Without.UpperFactor;
    for (const auto &E : Scores[I].CaseExcess)
      SR.InsideWithout += inside(E, Without);
    Inside += SR.InsideWithout;
    Cases += SR.InScopeCases;
    B.Sets.push_back(SR);
  }
  B.Margin = marginOver(Scores, Sets.size(), Coverage);
  if (!B.Margin.Kernels)
    fail("", "--cases", "no case inside the memory-bound scope");
  B.Margin.HeldOutCoverage = Cases ? (double)Inside / (double)Cases : -1;
  B.Margin.Basis = std::to_string(B.Margin.Kernels) + " real-program kernels";
  return B;
}

Json corpusBoundsToJson(const CorpusBounds &B) {
  Json J;
  J["schema"] = BoundsSchema;
  J["gpu"] = {{"name", B.Gpu.Name}, {"sm_count", B.Gpu.SmCount}};
  J["bounds"] = B.Margin.toJson();
  J["sets"] = Json::array();
  for (const CorpusSetResult &S : B.Sets)
    J["sets"].push_back({{"cases_file", S.Name},
                         {"kernels", S.Kernels},
                         {"in_scope_cases", S.InScopeCases},
                         {"factor_without_it", S.FactorWithout},
                         {"inside_without_it", S.InsideWithout}});
  return J;
}

std::string corpusBoundsTable(const CorpusBounds &B) {
  TextTable T(
      {"set", "kernels", "in-scope cases", "factor without it", "inside"});
  size_t Inside = 0, Cases = 0;
  for (const CorpusSetResult &S : B.Sets) {
    T.addRow({S.Name, std::to_string(S.Kernels), std::to_string(S.InScopeCases),
              fmtFixed(S.FactorWithout, 3),
              std::to_string(S.InsideWithout) + " (" +
                  fmtFixed(S.InScopeCases ? 100.0 * (double)S.InsideWithout /
                                                (double)S.InScopeCases
                                          : 0.0,
                           0) +
                  "%)"});
    Inside += S.InsideWithout;
    Cases += S.InScopeCases;
  }
  const BoundsMargin &M = B.Margin;
  return T.render() + "each set left out: " + std::to_string(Inside) + " of " +
         std::to_string(Cases) + " in-scope cases inside (" +
         fmtFixed(Cases ? 100.0 * (double)Inside / (double)Cases : 0.0, 1) +
         "%)\n" + M.label() + " on " + B.Gpu.Name + ": best / " +
         fmtFixed(M.LowerFactor, 3) + ", worst x " +
         fmtFixed(M.UpperFactor, 3) + " (" + std::to_string(M.Cases) +
         " in-scope cases)\n";
}

BoundsMargin readBoundsFile(const std::string &Path, std::string &GpuName) {
  Json J = readJsonFile(Path);
  Ctx Top(Path);
  requireSchema(J, Top, BoundsSchema);
  GpuName = getString(getObject(J, Top, "gpu"), Top.at("gpu"), "name");
  return BoundsMargin::fromJson(getObject(J, Top, "bounds"), Top.at("bounds"));
}

} // namespace sectorscope::model
