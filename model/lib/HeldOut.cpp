//===- HeldOut.cpp - Leave-one-kernel-out validation ----------------------===//
#include "sectorscope/model/HeldOut.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/TermSwitches.h"
#include "sectorscope/model/TextTable.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::model {

const char *termSelectionName(TermSelection S) {
  return S == TermSelection::Drop ? "drop" : "keep";
}

BoundsMargin
fitBoundsMargin(const std::vector<std::pair<double, double>> &Excess,
                double Coverage) {
  BoundsMargin B;
  B.Coverage = Coverage;
  B.Cases = Excess.size();
  size_t N = Excess.size();
  if (N == 0)
    return B;
  // One score per unit, the larger excess: a margin chosen per side would
  // be tuned to the very cases it is scored on.
  std::vector<double> Scores;
  for (const auto &E : Excess)
    Scores.push_back(std::max({E.first, E.second, 0.0}));
  size_t Need =
      std::min(N, (size_t)std::ceil((double)(N + 1) * Coverage - 1e-9));
  std::nth_element(Scores.begin(), Scores.begin() + (long)(Need - 1),
                   Scores.end());
  B.LowerFactor = B.UpperFactor = std::exp(Scores[Need - 1]);
  return B;
}

namespace {

/// One case's figures under one choice of terms (raw band, no margin).
struct CasePrediction {
  double Measured = 0, Predicted = 0, Lo = 0, Hi = 0;
  bool InScope = true;
  double err() const { return std::abs(Predicted - Measured) / Measured; }
  std::pair<double, double> excess() const {
    return {std::max(0.0, std::log(Lo / Measured)),
            std::max(0.0, std::log(Measured / Hi))};
  }
};

using Mask = unsigned; ///< Bit i set: term i dropped.

/// Predictions per choice of terms, computed once each.
class Evaluator {
public:
  Evaluator(const Calibration &C, const std::vector<ValidateCase> &Cases,
            ModelKind K, double ScopeFactor)
      : Base(C), Cases(Cases), Kind(K), ScopeFactor(ScopeFactor) {
    Base.Bounds.reset();
  }

  const std::vector<CasePrediction> &at(Mask M) {
    auto It = Cache.find(M);
    if (It != Cache.end())
      return It->second;
    Calibration C = Base;
    for (size_t I = 0; I < termSwitches().size(); ++I)
      if (M >> I & 1) {
        termSwitches()[I].Drop(*C.Bandwidth);
        C.DroppedTerms.push_back(termSwitches()[I].Name);
      }
    // The full model checks every time against the GPU's bandwidth; a
    // model without some term has no such authority.
    ValidateResult R = validate(C, Cases, Kind, ScopeFactor, M == 0);
    std::vector<CasePrediction> Out;
    for (const ValidateRow &Row : R.Rows)
      Out.push_back({Row.MeasuredMs, Row.PredictedMs,
                     std::min(Row.BestMs, Row.WorstMs),
                     std::max(Row.BestMs, Row.WorstMs), Row.InScope});
    if (M == 0)
      Rows = R.Rows;
    return Cache[M] = std::move(Out);
  }

  /// Case I's predicted time moves by more than ExercisedShare when term
  /// T alone is dropped.
  bool exercises(size_t I, size_t T) {
    double Full = at(0)[I].Predicted;
    return std::abs(at(1u << T)[I].Predicted - Full) > ExercisedShare * Full;
  }

  /// The terms of Dropped some case of the kernel (fold) exercises: a model
  /// without them has no support for the kernel.
  Mask missing(Mask Dropped, const std::vector<size_t> &Fold, size_t Kernel) {
    Mask Out = 0;
    for (size_t T = 0; T < termSwitches().size(); ++T)
      for (size_t I = 0; I < Fold.size() && (Dropped >> T & 1); ++I)
        if (Fold[I] == Kernel && exercises(I, T))
          Out |= 1u << T;
    return Out;
  }

  std::vector<ValidateRow> Rows; ///< The full model's rows.

private:
  Calibration Base;
  const std::vector<ValidateCase> &Cases;
  ModelKind Kind;
  double ScopeFactor;
  std::map<Mask, std::vector<CasePrediction>> Cache;
};

/// Geometric-mean error of the selected cases under one choice.
double errorOver(const std::vector<CasePrediction> &P,
                 const std::vector<bool> &Use) {
  std::vector<double> E;
  for (size_t I = 0; I < P.size(); ++I)
    if (Use[I])
      E.push_back(P[I].err());
  return geomeanError(E);
}

/// Some case in Use exercises term T.
bool exercisedBy(Evaluator &Ev, const std::vector<bool> &Use, size_t T) {
  for (size_t I = 0; I < Use.size(); ++I)
    if (Use[I] && Ev.exercises(I, T))
      return true;
  return false;
}

/// Backward elimination on the cases in Use: drop the term whose removal
/// lowers the error most, while one does.
Mask selectTerms(Evaluator &Ev, const std::vector<bool> &Use,
                 const std::vector<size_t> &Switchable, TermSelection Sel) {
  Mask Cur = 0;
  double CurErr = errorOver(Ev.at(Cur), Use);
  for (;;) {
    Mask BestM = Cur;
    double BestErr = INFINITY;
    for (size_t T : Switchable) {
      // Only a term some kernel of the fold exercises has evidence against
      // it; below that share a lower error is noise, not the term's fault.
      if (Sel == TermSelection::Keep || Cur >> T & 1 ||
          !exercisedBy(Ev, Use, T))
        continue;
      Mask M = Cur | (1u << T);
      double E = errorOver(Ev.at(M), Use);
      if (E < BestErr) {
        BestM = M;
        BestErr = E;
      }
    }
    // Dropped when that lowers the error. A term no kernel of the fold
    // exercises stays on its micro-benchmarks' evidence: the kernel scored
    // is then judged by what the benchmarks measured, not by whether
    // another kernel happened to need the term.
    if (BestM == Cur || !(BestErr < CurErr * (1 - 1e-9)))
      return Cur;
    Cur = BestM;
    CurErr = BestErr;
  }
}

std::vector<std::string> maskNames(Mask M) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < termSwitches().size(); ++I)
    if (M >> I & 1)
      Out.push_back(termSwitches()[I].Name);
  return Out;
}

/// Each kernel's score: its worst log excess on either side of the raw band
/// over its cases in Use. Kernels, not cases, are the exchangeable units (a
/// kernel's occupancies miss together).
using KernelExcess = std::map<size_t, std::pair<double, double>>;

void addExcess(KernelExcess &ByKernel, const CasePrediction &P, size_t Kernel) {
  auto [Lo, Hi] = P.excess();
  auto &K = ByKernel[Kernel];
  K.first = std::max(K.first, Lo);
  K.second = std::max(K.second, Hi);
}

BoundsMargin marginOf(const KernelExcess &ByKernel, size_t Cases,
                      double Coverage) {
  std::vector<std::pair<double, double>> X;
  for (const auto &KV : ByKernel)
    X.push_back(KV.second);
  BoundsMargin B = fitBoundsMargin(X, Coverage);
  B.Kernels = X.size();
  B.Cases = Cases;
  return B;
}

/// The margin for a kernel left out of the cases in Use: every other
/// kernel G of Use is scored the way the left-out kernel is, held out
/// itself (terms chosen on Use without G), so the scores that set the
/// margin are out-of-sample residuals like the one they bound. Scored in
/// sample, the terms chosen on G would shrink G's excess and the margin
/// with it.
BoundsMargin nestedMargin(Evaluator &Ev, const std::vector<bool> &Use,
                          const std::vector<size_t> &Fold, size_t Folds,
                          const std::vector<size_t> &Switchable,
                          TermSelection Sel, double Coverage) {
  KernelExcess ByKernel;
  size_t Cases = 0;
  for (size_t G = 0; G < Folds; ++G) {
    std::vector<bool> Inner = Use;
    bool Any = false;
    for (size_t I = 0; I < Use.size(); ++I)
      if (Fold[I] == G && Use[I]) {
        Inner[I] = false;
        Any = true;
      }
    if (!Any)
      continue;
    Mask M = selectTerms(Ev, Inner, Switchable, Sel);
    // A kernel outside the support of G's model is no evidence of how far
    // a supported kernel misses: its score would only widen every margin.
    if (Ev.missing(M, Fold, G))
      continue;
    const std::vector<CasePrediction> &P = Ev.at(M);
    for (size_t I = 0; I < Use.size(); ++I)
      if (Fold[I] == G && Use[I]) {
        ++Cases;
        addExcess(ByKernel, P[I], G);
      }
  }
  return marginOf(ByKernel, Cases, Coverage);
}

/// Median of upper / lower over the cases in Use: how wide the bounds are.
double medianWidth(const std::vector<std::pair<double, double>> &Bounds) {
  std::vector<double> R;
  for (const auto &[Lo, Hi] : Bounds)
    R.push_back(Hi / Lo);
  if (R.empty())
    return 0;
  std::sort(R.begin(), R.end());
  size_t M = R.size() / 2;
  return R.size() % 2 ? R[M] : std::sqrt(R[M - 1] * R[M]);
}

} // namespace

HeldOutResult heldOut(const Calibration &C,
                      const std::vector<ValidateCase> &Cases, ModelKind K,
                      double Coverage, double ScopeFactor, TermSelection Sel) {
  if (K == ModelKind::GT200)
    fail("", "--model",
         "gt200 has one line, no band to bound: use "
         "bandwidth or campprof");
  HeldOutResult R;
  R.Kind = K;
  R.Coverage = Coverage;
  R.Selection = Sel;
  Evaluator Ev(C, Cases, K, ScopeFactor);
  const std::vector<CasePrediction> &Full = Ev.at(0);
  const std::vector<ValidateRow> Rows = Ev.Rows;
  size_t N = Full.size();
  // Folds: one kernel each (every shape and occupancy of it).
  std::vector<std::string> Kernels;
  std::vector<size_t> Fold(N);
  for (size_t I = 0; I < N; ++I) {
    auto It = std::find(Kernels.begin(), Kernels.end(), Rows[I].Kernel);
    Fold[I] = (size_t)(It - Kernels.begin());
    if (It == Kernels.end())
      Kernels.push_back(Rows[I].Kernel);
  }
  R.Kernels = Kernels.size();
  if (R.Kernels < 3)
    fail("", "cases",
         "leave-one-kernel-out needs cases of at least 3 kernels, got " +
             std::to_string(R.Kernels));
  // Terms: only the bandwidth model has switches; one the calibration
  // lacks changes nothing and is not tried.
  std::vector<size_t> Switchable;
  if (K == ModelKind::Bandwidth && C.Bandwidth)
    for (size_t T = 0; T < termSwitches().size(); ++T)
      if (termSwitches()[T].Fitted(*C.Bandwidth))
        Switchable.push_back(T);
  if (K != ModelKind::Bandwidth)
    R.Notes.push_back(std::string(modelName(K)) +
                      " has no terms to select and is fitted on "
                      "micro-benchmarks only: its held-out error equals its "
                      "error on the suite");
  if (!C.DroppedTerms.empty())
    R.Notes.push_back("the calibration already drops " +
                      std::to_string(C.DroppedTerms.size()) +
                      " term(s); refit it to select among every term");
  // The in-scope cases (by the full model) are the ones scored.
  std::vector<bool> Scored(N);
  for (size_t I = 0; I < N; ++I) {
    Scored[I] = Full[I].InScope;
    R.InScope += Scored[I];
  }
  if (!R.InScope)
    fail("", "cases", "no case inside the memory-bound scope");

  std::vector<double> TrainErrs, HeldErrs, SupportedErrs;
  R.Cases.resize(N);
  std::vector<size_t> Kept(termSwitches().size(), 0);
  KernelExcess HeldOutExcess;
  std::vector<std::pair<double, double>> RawBounds, HeldOutBounds;
  for (size_t F = 0; F < Kernels.size(); ++F) {
    std::vector<bool> Train(N);
    for (size_t I = 0; I < N; ++I)
      Train[I] = Scored[I] && Fold[I] != F;
    Mask M = selectTerms(Ev, Train, Switchable, Sel);
    for (size_t T : Switchable)
      Kept[T] += !(M >> T & 1);
    const std::vector<CasePrediction> &P = Ev.at(M);
    Mask Missing = Ev.missing(M, Fold, F);
    if (Missing)
      R.OutOfSupport.push_back({Kernels[F], maskNames(Missing)});
    BoundsMargin B = nestedMargin(Ev, Train, Fold, Kernels.size(), Switchable,
                                  Sel, Coverage);
    for (size_t I = 0; I < N; ++I) {
      if (Fold[I] != F)
        continue;
      HeldOutCase &HC = R.Cases[I];
      HC.Name = Rows[I].Case.Name;
      HC.Kernel = Rows[I].Kernel;
      HC.Measured = P[I].Measured;
      HC.Training = Full[I].Predicted;
      HC.HeldOut = P[I].Predicted;
      HC.Lower = B.lower(P[I].Lo);
      HC.Upper = B.upper(P[I].Hi);
      HC.InScope = Scored[I];
      HC.Inside = HC.Measured >= HC.Lower && HC.Measured <= HC.Upper;
      HC.Dropped = maskNames(M);
      HC.Missing = maskNames(Missing);
      if (!Scored[I])
        continue;
      TrainErrs.push_back(Full[I].err());
      HeldErrs.push_back(P[I].err());
      if (Missing) {
        ++R.OutOfSupportCases;
        continue;
      }
      addExcess(HeldOutExcess, P[I], F);
      RawBounds.push_back({Full[I].Lo, Full[I].Hi});
      HeldOutBounds.push_back({HC.Lower, HC.Upper});
      SupportedErrs.push_back(P[I].err());
      R.InsideRaw +=
          Full[I].Measured >= Full[I].Lo && Full[I].Measured <= Full[I].Hi;
      R.InsideHeldOut += HC.Inside;
    }
  }
  R.TrainingErr = geomeanError(TrainErrs);
  R.HeldOutErr = geomeanError(HeldErrs);
  R.HeldOutErrInSupport = geomeanError(SupportedErrs);

  // The choice made on every kernel: what a calibration keeps.
  Mask All = selectTerms(Ev, Scored, Switchable, Sel);
  R.Dropped = maskNames(All);
  R.SelectedErr = errorOver(Ev.at(All), Scored);
  // The calibration's margin, for kernels not in the suite: every kernel's
  // held-out excess, each scored under the choice made without it.
  size_t Supported = R.InScope - R.OutOfSupportCases;
  R.Final = marginOf(HeldOutExcess, Supported, Coverage);
  R.RawWidth = medianWidth(RawBounds);
  R.HeldOutWidth = medianWidth(HeldOutBounds);
  R.Final.HeldOutCoverage =
      Supported ? (double)R.InsideHeldOut / (double)Supported : 0;

  for (size_t T = 0; T < termSwitches().size(); ++T) {
    const TermSwitch &S = termSwitches()[T];
    HeldOutTerm HT;
    HT.Name = S.Name;
    HT.What = S.What;
    HT.Fitted =
        std::find(Switchable.begin(), Switchable.end(), T) != Switchable.end();
    if (HT.Fitted) {
      const std::vector<CasePrediction> &P = Ev.at(1u << T);
      HT.ErrWithout = errorOver(P, Scored);
      HT.KeptFolds = Kept[T];
      // Per kernel: the change of its log error when the term is dropped.
      std::vector<std::pair<double, std::string>> Moves;
      for (size_t F = 0; F < Kernels.size(); ++F) {
        double D = 0;
        for (size_t I = 0; I < N; ++I)
          if (Fold[I] == F && Scored[I])
            D += std::abs(std::log(std::max(P[I].err(), 1e-4)) -
                          std::log(std::max(Full[I].err(), 1e-4)));
        if (D > 1e-6)
          Moves.push_back({D, shortKernelName(Kernels[F])});
      }
      std::sort(Moves.rbegin(), Moves.rend());
      for (size_t I = 0; I < Moves.size() && I < 3; ++I)
        HT.MovesMost.push_back(Moves[I].second);
    }
    R.Terms.push_back(HT);
  }
  return R;
}

Json heldOutToJson(const HeldOutResult &R) {
  Json J;
  J["schema"] = "sectorscope-heldout/1";
  J["model"] = modelName(R.Kind);
  J["kernels"] = R.Kernels;
  J["in_scope_cases"] = R.InScope;
  J["training_geomean_rel_err"] = R.TrainingErr;
  J["held_out_geomean_rel_err"] = R.HeldOutErr;
  J["held_out_geomean_rel_err_in_support"] = R.HeldOutErrInSupport;
  J["term_selection"] = termSelectionName(R.Selection);
  J["exercised_share"] = ExercisedShare;
  Json Outside = Json::array();
  for (const auto &[Kernel, Terms] : R.OutOfSupport)
    Outside.push_back({{"kernel", Kernel}, {"missing_terms", Terms}});
  J["out_of_support"] = Outside;
  J["out_of_support_cases"] = R.OutOfSupportCases;
  J["in_support_cases"] = R.InScope - R.OutOfSupportCases;
  J["dropped_terms"] = R.Dropped;
  J["selected_geomean_rel_err"] = R.SelectedErr;
  J["coverage"] = R.Coverage;
  J["inside_raw_band"] = R.InsideRaw;
  J["inside_held_out_bounds"] = R.InsideHeldOut;
  J["held_out_coverage"] = R.Final.HeldOutCoverage;
  J["median_raw_band_ratio"] = R.RawWidth;
  J["median_held_out_bounds_ratio"] = R.HeldOutWidth;
  J["bounds"] = {{"lower_factor", R.Final.LowerFactor},
                 {"upper_factor", R.Final.UpperFactor},
                 {"cases", R.Final.Cases}};
  Json Terms = Json::array();
  for (const HeldOutTerm &T : R.Terms) {
    Json TJ = {{"name", T.Name}, {"without", T.What}, {"fitted", T.Fitted}};
    if (T.Fitted) {
      TJ["geomean_rel_err_without"] = T.ErrWithout;
      TJ["kept_in_folds"] = T.KeptFolds;
      TJ["moves_most"] = T.MovesMost;
    }
    Terms.push_back(TJ);
  }
  J["terms"] = Terms;
  Json Cases = Json::array();
  for (const HeldOutCase &C : R.Cases)
    Cases.push_back({{"name", C.Name},
                     {"kernel", C.Kernel},
                     {"measured_ms", C.Measured},
                     {"training_ms", C.Training},
                     {"held_out_ms", C.HeldOut},
                     {"lower_ms", C.Lower},
                     {"upper_ms", C.Upper},
                     {"in_scope", C.InScope},
                     {"inside_bounds", C.Inside},
                     {"dropped_terms", C.Dropped},
                     {"in_support", C.Missing.empty()},
                     {"missing_terms", C.Missing}});
  J["cases"] = Cases;
  J["notes"] = R.Notes;
  return J;
}

static std::string pct(double E) { return fmtFixed(100 * E, 1) + "%"; }

static std::string joined(const std::vector<std::string> &Names) {
  std::string Out;
  for (const std::string &N : Names)
    Out += (Out.empty() ? "" : ", ") + N;
  return Out;
}

std::string heldOutTable(const HeldOutResult &R) {
  std::string Out = std::string("model ") + modelName(R.Kind) +
                    ", leave-one-kernel-out over " + std::to_string(R.Kernels) +
                    " kernels, " + std::to_string(R.InScope) +
                    " in-scope cases\n";
  TextTable T(
      {"term", "without it", "err without", "kept in folds", "moves most"});
  for (const HeldOutTerm &HT : R.Terms) {
    if (!HT.Fitted) {
      T.addRow({HT.Name, HT.What, "-", "not fitted", "-"});
      continue;
    }
    std::string Moves;
    for (const std::string &M : HT.MovesMost)
      Moves += (Moves.empty() ? "" : ", ") + M;
    T.addRow({HT.Name, HT.What, pct(HT.ErrWithout),
              std::to_string(HT.KeptFolds) + "/" + std::to_string(R.Kernels),
              Moves.empty() ? "-" : Moves});
  }
  Out += T.render();
  std::string Dropped = joined(R.Dropped);
  Out += "training error (every term, scored on the kernels the terms were "
         "chosen on): " +
         pct(R.TrainingErr) + "\n";
  Out += "held-out error (terms and bounds chosen without the kernel "
         "scored): " +
         pct(R.HeldOutErr) + "\n";
  Out += "selection on every kernel drops: " +
         (Dropped.empty() ? std::string("nothing") : Dropped) + " (" +
         pct(R.SelectedErr) +
         " in sample; selection: " + termSelectionName(R.Selection) + ")\n";
  size_t Supported = R.InScope - R.OutOfSupportCases;
  Out += "outside the model's support (a dropped term moves the kernel's "
         "prediction by more than " +
         fmtFixed(100 * ExercisedShare, 0) +
         "%): " + std::to_string(R.OutOfSupport.size()) + " kernel(s), " +
         std::to_string(R.OutOfSupportCases) + " in-scope case(s)\n";
  for (const auto &[Kernel, Terms] : R.OutOfSupport)
    Out += "  " + shortKernelName(Kernel) +
           ": outside the model's support: " + joined(Terms) +
           " not in the fold's model\n";
  Out +=
      "held-out error of the in-support cases: " + pct(R.HeldOutErrInSupport) +
      "\n";
  Out +=
      "raw band [min, max of best and worst]: " + std::to_string(R.InsideRaw) +
      " of " + std::to_string(Supported) + " in-support cases inside\n";
  Out += "median width (upper / lower at the measured occupancy): raw band " +
         fmtFixed(R.RawWidth, 2) + ", held-out bounds " +
         fmtFixed(R.HeldOutWidth, 2) + "\n";
  Out += "bounds at " + fmtFixed(100 * R.Coverage, 0) +
         "% (held-out): " + std::to_string(R.InsideHeldOut) + " of " +
         std::to_string(Supported) + " in-support cases inside (" +
         fmtFixed(100.0 * R.Final.HeldOutCoverage, 0) +
         "%); on every kernel: best / " + fmtFixed(R.Final.LowerFactor, 3) +
         ", worst x " + fmtFixed(R.Final.UpperFactor, 3) + "\n";
  for (const std::string &N : R.Notes)
    Out += "note: " + N + "\n";
  return Out;
}

} // namespace sectorscope::model
