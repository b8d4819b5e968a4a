//===- Validate.cpp - Predicted vs measured over a set of kernels ---------===//
#include "sectorscope/model/Validate.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/GridCounts.h"
#include "sectorscope/model/SassLoads.h"
#include "sectorscope/model/TextTable.h"

#include "common/ReadFile.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::model {

static std::string dirOf(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "" : Path.substr(0, Slash + 1);
}

/// A case's optional file field, relative to the cases file; "" when
/// absent. Checked up front so the error names the case; not opened here,
/// since opening a FIFO would block.
static std::string optionalPath(const Json &CJ, const Ctx &C, const char *Field,
                                const std::string &Cases) {
  std::optional<std::string> P = getOptString(CJ, C, Field);
  if (!P)
    return "";
  if (P->empty())
    C.at(Field).fail("empty path");
  std::string Full = (*P)[0] == '/' ? *P : dirOf(Cases) + *P;
  if (!isRegularFile(Full))
    C.at(Field).fail("cannot open '" + Full +
                     "' (missing or not a regular file)");
  return Full;
}

std::vector<ValidateCase> readCases(const std::string &Path) {
  Json J = readJsonFile(Path);
  Ctx Top(Path);
  requireObject(J, Top);
  const Json &Arr = getArray(J, Top, "cases");
  std::vector<ValidateCase> Out;
  for (size_t I = 0; I < Arr.size(); ++I) {
    Ctx C = Top.at("cases").at(I);
    const Json &CJ = Arr[I];
    requireObject(CJ, C);
    ValidateCase V;
    std::string P = getString(CJ, C, "profile");
    if (P.empty())
      C.at("profile").fail("empty path");
    V.ProfilePath = P[0] == '/' ? P : dirOf(Path) + P;
    // Checked up front so the error names the case; not opened here, since
    // opening a FIFO would block.
    if (!isRegularFile(V.ProfilePath))
      C.at("profile").fail("cannot open '" + V.ProfilePath +
                           "' (missing or not a regular file)");
    V.PreviousPath = optionalPath(CJ, C, "previous_profile", Path);
    V.SassPath = optionalPath(CJ, C, "sass", Path);
    V.GridPath = optionalPath(CJ, C, "grid_profile", Path);
    V.Name = getOptString(CJ, C, "name").value_or("");
    V.Group = getOptString(CJ, C, "group").value_or("");
    V.Expect = getOptString(CJ, C, "expect").value_or("best");
    if (V.Expect != "best" && V.Expect != "worst")
      C.at("expect").fail("expected \"best\" or \"worst\", got \"" + V.Expect +
                          "\"");
    V.TimeMs = getOptNumber(CJ, C, "time_ms", NumRule::Positive);
    V.Warps = getOptNumber(CJ, C, "warps", NumRule::Positive);
    V.WorkItems = getOptNumber(CJ, C, "work_items", NumRule::Positive);
    Out.push_back(std::move(V));
  }
  return Out;
}

double geomeanError(const std::vector<double> &Errs) {
  if (Errs.empty())
    return 0;
  double S = 0;
  for (double E : Errs)
    S += std::log(std::max(E, 1e-4));
  return std::exp(S / (double)Errs.size());
}

ValidateResult validate(const Calibration &C,
                        const std::vector<ValidateCase> &Cases, ModelKind K,
                        double ScopeFactor, bool RejectImpossible) {
  ValidateResult R;
  R.Kind = K;
  R.ScopeFactor = ScopeFactor;
  std::vector<double> Errs;
  size_t FromSass = 0;
  for (const ValidateCase &VC : Cases) {
    Profile P = readProfile(VC.ProfilePath);
    ValidateRow Row;
    Row.Case = VC;
    if (!VC.GridPath.empty()) {
      std::string Note = useGridCounts(P, readProfile(VC.GridPath));
      if (!Note.empty())
        R.Notes.push_back(P.Kernel + ": " + Note);
    }
    if (!VC.SassPath.empty()) {
      Row.LoadsInFlight = useSassLoadsInFlight(P, sassOfFile(VC.SassPath));
      FromSass += Row.LoadsInFlight.find("from the SASS") != std::string::npos;
    }
    Row.Kernel = P.Kernel;
    if (Row.Case.Name.empty())
      Row.Case.Name = P.Kernel;
    std::optional<double> T = VC.TimeMs ? VC.TimeMs : P.TimeMs;
    if (!T)
      fail(VC.ProfilePath, "time_ms",
           "no measured time (give time_ms in the profile or the case)");
    Row.MeasuredMs = *T;
    std::optional<bool> BandScope;
    std::optional<double> Items = VC.WorkItems ? VC.WorkItems : P.WorkItems;
    if (K == ModelKind::GT200) {
      Traffic Tr = trafficFromProfile(P);
      std::string Src;
      Row.Warps = occupancyFor(P, C, VC.Warps, &Src);
      Row.BestMs = Row.WorstMs = Row.PredictedMs =
          predictTime(C, K, Tr, false, Row.Warps, &R.Notes);
      Row.LowerMs = Row.UpperMs = Row.PredictedMs;
      Row.Inside = false; // One line: no bounds.
    } else {
      BandOptions O;
      O.Kind = K;
      O.Warps = VC.Warps;
      O.TimeMs = T;
      O.TimeFrom = VC.TimeMs ? "case '" + Row.Case.Name + "'" : P.File;
      O.ScopeFactor = ScopeFactor;
      O.RejectImpossible = RejectImpossible;
      // The gt200 model does not charge the inherited L2: read it here only.
      if (!VC.PreviousPath.empty())
        O.Previous = readProfile(VC.PreviousPath);
      BandResult B = computeBand(C, P, O);
      Row.Curve = B.BestCurve;
      Row.Warps = B.Warps;
      Row.BestMs = B.BestMs;
      Row.WorstMs = B.WorstMs;
      Row.LowerMs = B.LowerMs;
      Row.UpperMs = B.UpperMs;
      Row.Inside = *B.Inside;
      Row.Degree = B.DegreeClamped;
      Row.PredictedMs = VC.Expect == "worst" ? B.WorstMs : B.BestMs;
      for (const std::string &N : B.Notes)
        // Notes about the calibration itself ("campprof: ...") hold for
        // every case: say them once, not per case.
        R.Notes.push_back(N.rfind("campprof:", 0) == 0 ||
                                  N.rfind("bandwidth:", 0) == 0 ||
                                  N.rfind("gt200:", 0) == 0 ||
                                  N.rfind("calibration has", 0) == 0
                              ? N
                              : Row.Case.Name + ": " + N);
      BandScope = B.InScope;
      R.Bands.push_back(std::move(B));
    }
    Row.RelErr = std::abs(Row.PredictedMs - Row.MeasuredMs) / Row.MeasuredMs;
    // The band's verdict where there is one: it also knows when the caches
    // served the traffic (computeBand).
    Row.InScope = BandScope
                      ? *BandScope
                      : !outsideMemoryScope(std::min(Row.BestMs, Row.WorstMs),
                                            std::max(Row.BestMs, Row.WorstMs),
                                            Row.MeasuredMs, ScopeFactor);
    if (Items) {
      // work items / ms / 1e3 = million items per second (MLUPS for LBM).
      Row.ActualMlups = *Items / (Row.MeasuredMs * 1e3);
      if (Row.PredictedMs > 0)
        Row.EstimatedMlups = *Items / (Row.PredictedMs * 1e3);
    }
    Errs.push_back(Row.RelErr);
    R.Rows.push_back(std::move(Row));
  }
  if (R.Rows.empty())
    fail("", "cases", "no cases to validate");
  if (std::any_of(Cases.begin(), Cases.end(),
                  [](const ValidateCase &VC) { return !VC.SassPath.empty(); }))
    R.Notes.push_back("loads in flight from the SASS for " +
                      std::to_string(FromSass) + " of " +
                      std::to_string(R.Rows.size()) +
                      " cases, from the IR for the others");
  R.GeomeanErr = geomeanError(Errs);
  double Sum = 0;
  for (double E : Errs) {
    Sum += E;
    R.MaxErr = std::max(R.MaxErr, E);
  }
  R.MeanErr = Sum / (double)Errs.size();
  std::vector<double> InErrs;
  for (const ValidateRow &Row : R.Rows)
    if (Row.InScope)
      InErrs.push_back(Row.RelErr);
  R.InScopeCases = InErrs.size();
  for (const ValidateRow &Row : R.Rows)
    R.InsideInScope += Row.InScope && Row.Inside;
  if (K != ModelKind::GT200)
    R.Bounds = C.Bounds;
  R.GeomeanErrInScope = geomeanError(InErrs);
  for (double E : InErrs)
    R.MeanErrInScope += E / (double)InErrs.size();

  // CampProf's extrapolation check: start from each case of a group and
  // predict every other occupancy of the same group.
  std::map<std::string, std::vector<const ValidateRow *>> Groups;
  for (const ValidateRow &Row : R.Rows)
    if (!Row.Case.Group.empty())
      Groups[Row.Case.Group].push_back(&Row);
  // The bandwidth model moves along its own curve through the measured
  // point (one unknown solved); the others along the band proportionally.
  std::vector<double> XErrs, XErrsIn;
  for (auto &[G, Rows] : Groups)
    for (const ValidateRow *S : Rows)
      for (const ValidateRow *D : Rows) {
        if (S == D || S->Warps == D->Warps)
          continue;
        double App =
            S->Curve && D->Curve
                ? S->Curve->throughPoint(S->Warps, S->MeasuredMs).at(D->Warps)
                : extrapolateApp(std::min(S->BestMs, S->WorstMs),
                                 std::max(S->BestMs, S->WorstMs), S->MeasuredMs,
                                 std::min(D->BestMs, D->WorstMs),
                                 std::max(D->BestMs, D->WorstMs));
        double E = std::abs(App - D->MeasuredMs) / D->MeasuredMs;
        XErrs.push_back(E);
        if (S->InScope && D->InScope)
          XErrsIn.push_back(E);
      }
  R.ExtrapolationPairs = XErrs.size();
  R.ExtrapolationGeomeanErr = geomeanError(XErrs);
  R.ExtrapolationPairsInScope = XErrsIn.size();
  R.ExtrapolationGeomeanErrInScope = geomeanError(XErrsIn);
  std::vector<std::string> Uniq;
  for (std::string &N : R.Notes)
    if (std::find(Uniq.begin(), Uniq.end(), N) == Uniq.end())
      Uniq.push_back(std::move(N));
  R.Notes = std::move(Uniq);
  return R;
}

/// Which bounds a result's lower/upper columns are.
static std::string boundsLabel(const ValidateResult &R) {
  return R.Bounds ? R.Bounds->label()
                  : "raw band: min and max of best and worst, no stated "
                    "confidence";
}

Json validateToJson(const ValidateResult &R) {
  Json J;
  J["schema"] = "sectorscope-validate/1";
  J["model"] = modelName(R.Kind);
  Json Rows = Json::array();
  for (const ValidateRow &Row : R.Rows) {
    Json RJ = {{"name", Row.Case.Name},
               {"kernel", Row.Kernel},
               {"profile", Row.Case.ProfilePath},
               {"expect", Row.Case.Expect},
               {"active_warps_per_sm", Row.Warps},
               {"measured_ms", Row.MeasuredMs},
               {"best_ms", Row.BestMs},
               {"worst_ms", Row.WorstMs},
               {"predicted_ms", Row.PredictedMs},
               {"rel_err", Row.RelErr},
               {"in_scope", Row.InScope}};
    if (!Row.LoadsInFlight.empty())
      RJ["loads_in_flight"] = Row.LoadsInFlight;
    if (R.Kind != ModelKind::GT200) {
      RJ["lower_ms"] = Row.LowerMs;
      RJ["upper_ms"] = Row.UpperMs;
      RJ["inside_bounds"] = Row.Inside;
    }
    if (!Row.Case.Group.empty())
      RJ["group"] = Row.Case.Group;
    if (Row.Degree)
      RJ["camping_degree"] = *Row.Degree;
    if (Row.ActualMlups)
      RJ["actual_mlups"] = *Row.ActualMlups;
    if (Row.EstimatedMlups)
      RJ["estimated_mlups"] = *Row.EstimatedMlups;
    Rows.push_back(RJ);
  }
  J["cases"] = Rows;
  J["geomean_rel_err"] = R.GeomeanErr;
  J["mean_rel_err"] = R.MeanErr;
  J["max_rel_err"] = R.MaxErr;
  J["scope_rule"] = scopeRule(R.ScopeFactor);
  J["scope_factor"] = R.ScopeFactor;
  J["in_scope_cases"] = R.InScopeCases;
  J["geomean_rel_err_in_scope"] = R.GeomeanErrInScope;
  if (R.Kind != ModelKind::GT200) {
    J["bounds"] = boundsLabel(R);
    J["inside_bounds_in_scope"] = R.InsideInScope;
  }
  J["mean_rel_err_in_scope"] = R.MeanErrInScope;
  J["extrapolation_pairs"] = R.ExtrapolationPairs;
  if (R.ExtrapolationPairs)
    J["extrapolation_geomean_rel_err"] = R.ExtrapolationGeomeanErr;
  J["extrapolation_pairs_in_scope"] = R.ExtrapolationPairsInScope;
  if (R.ExtrapolationPairsInScope)
    J["extrapolation_geomean_rel_err_in_scope"] =
        R.ExtrapolationGeomeanErrInScope;
  J["notes"] = R.Notes;
  return J;
}

std::string validateTable(const ValidateResult &R) {
  bool AnyMlups =
      std::any_of(R.Rows.begin(), R.Rows.end(), [](const ValidateRow &X) {
        return X.ActualMlups.has_value();
      });
  std::vector<std::string> H = {
      "case",     "warps",  "measured_ms",  "best_ms", "worst_ms", "lower_ms",
      "upper_ms", "inside", "predicted_ms", "err%",    "camping",  "scope"};
  if (AnyMlups) {
    H.push_back("actual_MLUPS");
    H.push_back("est_MLUPS");
  }
  TextTable T(H);
  for (const ValidateRow &Row : R.Rows) {
    std::vector<std::string> Cells = {
        Row.Case.Name,
        fmtNum(Row.Warps),
        fmtNum(Row.MeasuredMs),
        fmtNum(Row.BestMs),
        fmtNum(Row.WorstMs),
        R.Kind == ModelKind::GT200 ? "-" : fmtNum(Row.LowerMs),
        R.Kind == ModelKind::GT200 ? "-" : fmtNum(Row.UpperMs),
        R.Kind == ModelKind::GT200 ? "-" : (Row.Inside ? "yes" : "NO"),
        fmtNum(Row.PredictedMs) + " (" +
            (R.Kind == ModelKind::GT200 ? std::string("gt200")
                                        : Row.Case.Expect) +
            ")",
        fmtFixed(100 * Row.RelErr, 1),
        Row.Degree ? fmtFixed(*Row.Degree, 2) : "-",
        Row.InScope ? "in" : "OUT"};
    if (AnyMlups) {
      Cells.push_back(Row.ActualMlups ? fmtFixed(*Row.ActualMlups, 1) : "-");
      Cells.push_back(Row.EstimatedMlups ? fmtFixed(*Row.EstimatedMlups, 1)
                                         : "-");
    }
    T.addRow(Cells);
  }
  std::string Out = std::string("model ") + modelName(R.Kind) + ", " +
                    std::to_string(R.Rows.size()) + " cases\n" + T.render();
  Out += "geomean error: " + fmtFixed(100 * R.GeomeanErr, 1) + "% (mean " +
         fmtFixed(100 * R.MeanErr, 1) + "%, max " +
         fmtFixed(100 * R.MaxErr, 1) + "%)\n";
  Out += "in-scope geomean error: " + fmtFixed(100 * R.GeomeanErrInScope, 1) +
         "% over " + std::to_string(R.InScopeCases) + " of " +
         std::to_string(R.Rows.size()) + " cases (" + scopeRule(R.ScopeFactor) +
         ")\n";
  if (R.Kind != ModelKind::GT200 && R.InScopeCases)
    Out +=
        boundsLabel(R) + ": " + std::to_string(R.InsideInScope) + " of " +
        std::to_string(R.InScopeCases) + " in-scope cases inside (" +
        fmtFixed(100.0 * (double)R.InsideInScope / (double)R.InScopeCases, 0) +
        "%)\n";
  if (R.ExtrapolationPairs)
    Out += "extrapolation geomean error: " +
           fmtFixed(100 * R.ExtrapolationGeomeanErr, 1) + "% over " +
           std::to_string(R.ExtrapolationPairs) + " pairs; in scope " +
           fmtFixed(100 * R.ExtrapolationGeomeanErrInScope, 1) + "% over " +
           std::to_string(R.ExtrapolationPairsInScope) + " pairs\n";
  for (const std::string &N : R.Notes)
    Out += "note: " + N + "\n";
  return Out;
}

BarChart mlupsChart(const std::vector<ValidateResult> &Rs,
                    const std::string &Title) {
  static const char *Colors[] = {"#f4a582", "#92c5de", "#b2abd2"};
  BarChart C;
  C.Title = Title.empty() ? "Actual vs estimated throughput" : Title;
  C.YLabel = "MLUPS";
  C.SeriesLabels = {"Actual"};
  C.Colors = {"#2166ac"};
  std::string Models;
  for (size_t M = 0; M < Rs.size(); ++M) {
    Models += (M ? ", " : "") + std::string(modelName(Rs[M].Kind));
    C.SeriesLabels.push_back(Rs.size() == 1 ? std::string("Estimated")
                                            : std::string("Est. ") +
                                                  modelName(Rs[M].Kind));
    C.Colors.push_back(Colors[M % 3]);
  }
  C.Subtitle = std::string(Rs.size() == 1 ? "model " : "models ") + Models +
               "; million work items (lattice updates) per second";
  C.Values.assign(1 + Rs.size(), {});
  if (Rs.empty())
    return C;
  // Cases are in the same order in every result (one validate per model).
  for (size_t I = 0; I < Rs.front().Rows.size(); ++I) {
    const ValidateRow &Row = Rs.front().Rows[I];
    if (!Row.ActualMlups)
      continue;
    C.Categories.push_back(Row.Case.Name);
    C.Values[0].push_back(*Row.ActualMlups);
    std::string Note;
    for (size_t M = 0; M < Rs.size(); ++M) {
      const ValidateRow &MR = Rs[M].Rows[I];
      C.Values[1 + M].push_back(MR.EstimatedMlups ? *MR.EstimatedMlups : NAN);
      Note += (M ? " / " : "err ") + fmtFixed(100 * MR.RelErr, 1) + "%";
    }
    C.Annotations.push_back(Note);
  }
  return C;
}

} // namespace sectorscope::model
