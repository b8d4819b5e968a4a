//===- sectorscope-model.cpp - The model's command-line tool --------------===//
//
// sectorscope-model fit      --bench microbench.json -o calib.json
// sectorscope-model band     --calib calib.json --profile launch.json ...
// sectorscope-model predict  --calib calib.json --profile launch.json
// sectorscope-model validate --calib calib.json --cases cases.json
// sectorscope-model heldout  --calib calib.json --cases cases.json
// sectorscope-model bounds   --calib calib.json --cases a.json --cases b.json
// sectorscope-model sass     --sass listing.sass | --binary program
// sectorscope-model device-files --profile launch.json
//
// Every failure is one line on stderr, "sectorscope-model: error: ...", and a
// non-zero exit; see model/README.md.
//
//===----------------------------------------------------------------------===//
#include "sectorscope/model/Band.h"
#include "sectorscope/model/Calibration.h"
#include "sectorscope/model/CorpusBounds.h"
#include "sectorscope/model/DeviceCalibration.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/GridCounts.h"
#include "sectorscope/model/HeldOut.h"
#include "sectorscope/model/SassLoads.h"
#include "sectorscope/model/SvgChart.h"
#include "sectorscope/model/TextTable.h"
#include "sectorscope/model/Validate.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace sectorscope::model;

namespace {

const char *Usage = R"(usage: sectorscope-model <command> [options]

commands:
  fit       --bench FILE [-o FILE] [--time-field best_ms|median_ms]
            [--unit-bytes N] [--bandwidth-experiments a,b,...]
            [--skip-bad-rows]
            Fit the CampProf, GT200 and bandwidth models; print R^2/RMSE.
  band      --calib FILE|auto --profile FILE [--profile FILE ...]
            [--model bandwidth|campprof] [--warps W] [--time-ms T]
            [--max-warps N] [--json FILE] [--svg FILE] [--title TEXT] [--log-y]
            [--scope-factor F] [--previous FILE] [--grid-profile FILE]
            Best/worst band at 1..N warps/SM, measured time placed in it.
  predict   --calib FILE|auto --profile FILE
            [--model all|bandwidth|campprof|gt200]
            [--warps W] [--work-items N] [--json FILE] [--previous FILE]
            [--grid-profile FILE]
            Predicted time of one launch by every calibrated model.
            --previous: the profile of the launch before it (the L2 it
            leaves dirty is charged; cases.json: previous_profile).
            --grid-profile: a grid-mode profile of the same launch; its
            every-block counts replace the sampled block's (cases.json:
            grid_profile).
            --reread-window first|occupancy (band, predict, validate,
            heldout): a load's L1 re-reads as the runtime's first window
            counts them (default), or by the window half the L1 leaves each
            warp at the launch's occupancy.
            --calib auto (band, predict): the suite the device index names
            for the profile's device, fitted now, with the bounds it names
            for the device (none: the band's ends are raw); a calibration
            measured on another device than the profile's gets a warning.
            --bounds FILE (band, validate): the bounds of a file `bounds`
            wrote, in place of the calibration's.
  validate  --calib FILE --cases FILE [--model all|bandwidth|campprof|gt200]
            [--json FILE] [--mlups-svg FILE] [--band-svg FILE] [--title TEXT]
            [--log-y] [--scope-factor F]
            [--error-svg FILE] [--kernel-svg-dir DIR]
            Predicted vs measured table and geometric-mean error (all cases
            and in-scope ones: measured <= max(F x best, worst), F = 3).
            --error-svg: every case's predicted / measured, sorted;
            --kernel-svg-dir: one band chart per kernel.
  heldout   --calib FILE --cases FILE [--model bandwidth|campprof]
            [--coverage 0.9] [--json FILE] [--calib-out FILE]
            [--error-svg FILE] [--title TEXT] [--scope-factor F]
            [--selection drop|keep]
            Leave-one-kernel-out: training vs held-out error, which terms
            the held-out error keeps, bounds with held-out coverage.
            A kernel exercising a term its fold dropped is outside the
            model's support: listed, left out of the bounds.
            --calib-out: the calibration with that choice and the bounds.
  bounds    --calib FILE --cases FILE --cases FILE [--cases FILE ...]
            [--coverage 0.9] [--scope-factor F] [-o FILE]
            Bounds from real programs' residuals: each cases file is one set
            of programs measured on the calibration's GPU; the margin holds
            at least the coverage of their kernels (split conformal), and
            each set left out in turn says how well it holds a set it did
            not see. -o: the bounds file (sectorscope-bounds/1) the device
            index names for the GPU.
  sass      --sass FILE | --binary EXE [--json FILE]
            Per kernel of a `cuobjdump -sass` listing (or of EXE, through
            cuobjdump): loops, global loads, loads in flight, widest load.
  device-files --profile FILE
            The micro-benchmark suite and bounds the device index names for
            the profile's GPU, one `suite PATH` and one `bounds PATH` line
            (no bounds line when it names none); an error when it names no
            suite. What --calib auto fits.

--sass FILE (band, predict, validate, heldout) or --binary EXE (band,
predict): the load sites take the loads in flight of the SASS the GPU ran
(the kernel's hot loop: LDGs issued before the first use of one), else the
IR's figure; the output says which. Cases files may name a `sass` listing
per case; --sass applies to the cases that name none.
)";

/// Parsed options: each "--name value" (or --name=value); repeatable ones keep
/// all values. Only options the command declares are accepted.
struct Args {
  std::string Cmd;
  std::map<std::string, std::vector<std::string>> Opts;

  bool has(const std::string &K) const { return Opts.count(K); }
  std::string get(const std::string &K) const {
    auto It = Opts.find(K);
    return It == Opts.end() ? "" : It->second.back();
  }
  std::string need(const std::string &K) const {
    if (!has(K))
      fail("", Cmd, "missing required option --" + K);
    return get(K);
  }
  std::optional<double> number(const std::string &K,
                               bool Integer = false) const {
    if (!has(K))
      return std::nullopt;
    std::string S = get(K);
    char *End = nullptr;
    double V = std::strtod(S.c_str(), &End);
    if (S.empty() || *End || !std::isfinite(V) || V <= 0 ||
        (Integer && V != std::floor(V)))
      fail("", "--" + K,
           std::string("expected a positive ") +
               (Integer ? "integer" : "number") + ", got '" + S + "'");
    return V;
  }
};

/// The SASS listing --sass or --binary names; null when neither.
const std::vector<SassKernel> *sassListing(const Args &A) {
  if (A.has("sass") && A.has("binary"))
    fail("", "--sass/--binary", "give one of them");
  if (A.has("sass"))
    return &sassOfFile(A.get("sass"));
  if (!A.has("binary"))
    return nullptr;
  static std::vector<SassKernel> FromBinary =
      readSass(sassOfExecutable(A.get("binary")));
  return &FromBinary;
}

/// Options that take no value.
const std::set<std::string> Flags = {"skip-bad-rows", "log-y"};

Args parseArgs(int Argc, char **Argv,
               const std::map<std::string, std::set<std::string>> &Known) {
  Args A;
  A.Cmd = Argv[1];
  auto It = Known.find(A.Cmd);
  if (It == Known.end())
    fail("", "", "unknown command '" + A.Cmd + "' (try --help)");
  for (int I = 2; I < Argc; ++I) {
    std::string Arg = Argv[I];
    std::string Name, Value;
    bool HasValue = false;
    if (Arg == "-o") {
      Name = "o";
    } else if (Arg.rfind("--", 0) == 0) {
      Name = Arg.substr(2);
      size_t Eq = Name.find('=');
      if (Eq != std::string::npos) {
        Value = Name.substr(Eq + 1);
        Name = Name.substr(0, Eq);
        HasValue = true;
      }
    } else {
      fail("", A.Cmd, "unexpected argument '" + Arg + "'");
    }
    if (Name == "output")
      Name = "o";
    if (!It->second.count(Name))
      fail("", A.Cmd, "unknown option '" + Arg + "'");
    if (Flags.count(Name)) {
      if (HasValue)
        fail("", A.Cmd, "option '--" + Name + "' takes no value");
      A.Opts[Name].push_back("1");
      continue;
    }
    if (!HasValue) {
      if (I + 1 >= Argc)
        fail("", A.Cmd, "option '" + Arg + "' needs a value");
      Value = Argv[++I];
    }
    A.Opts[Name].push_back(Value);
  }
  return A;
}

ModelKind modelOpt(const Args &A, bool AllowGT200) {
  std::string S = A.has("model") ? A.get("model") : "bandwidth";
  auto K = parseModelKind(S);
  if (!K || (!AllowGT200 && *K == ModelKind::GT200))
    fail("", "--model",
         std::string("expected bandwidth") + (AllowGT200 ? ", " : " or ") +
             "campprof" + (AllowGT200 ? " or gt200" : "") + ", got '" + S +
             "'" +
             (!AllowGT200 && K ? " (gt200 has no camped variant, so no band)"
                               : ""));
  return *K;
}

/// The models a calibration holds, in table order ("--model all").
/// --scope-factor: how far above best a kernel may sit and still be called
/// memory-bound (>= 1).
double scopeFactorOpt(const Args &A) {
  auto F = A.number("scope-factor");
  if (!F)
    return DefaultScopeFactor;
  if (!(*F >= 1))
    fail("", "--scope-factor", "expected a number >= 1, got " + fmtNum(*F));
  return *F;
}

std::vector<ModelKind> calibratedModels(const Calibration &C) {
  std::vector<ModelKind> Kinds;
  if (C.Bandwidth)
    Kinds.push_back(ModelKind::Bandwidth);
  if (C.CampProf)
    Kinds.push_back(ModelKind::CampProf);
  if (C.GT200)
    Kinds.push_back(ModelKind::GT200);
  return Kinds;
}

/// A kernel name as a file name: letters, digits, '-', '_' and '.'.
std::string fileNameFor(const std::string &Name) {
  std::string Out;
  for (char Ch : Name)
    Out +=
        std::isalnum((unsigned char)Ch) || Ch == '-' || Ch == '_' || Ch == '.'
            ? Ch
            : '_';
  return Out.empty() ? "kernel" : Out.substr(0, 80);
}

std::vector<std::string> splitComma(const std::string &S) {
  std::vector<std::string> Out;
  size_t Start = 0;
  while (Start <= S.size()) {
    size_t End = S.find(',', Start);
    if (End == std::string::npos)
      End = S.size();
    if (End > Start)
      Out.push_back(S.substr(Start, End - Start));
    Start = End + 1;
  }
  return Out;
}

int cmdFit(const Args &A) {
  FitSettings S;
  if (A.has("time-field"))
    S.TimeField = A.get("time-field");
  if (auto U = A.number("unit-bytes", true))
    S.UnitBytesPerWarp = *U;
  if (A.has("bandwidth-experiments")) {
    S.BandwidthExperiments = splitComma(A.get("bandwidth-experiments"));
    if (S.BandwidthExperiments.empty())
      fail("", "--bandwidth-experiments", "empty list");
  }
  BenchData D =
      readBenchData(A.need("bench"), S.TimeField, A.has("skip-bad-rows"));
  for (const std::string &W : D.Skipped)
    std::cerr << "sectorscope-model: warning: " << W << " (row skipped)\n";
  Calibration C = fitCalibration(D, S);
  std::string Out = A.has("o") ? A.get("o") : "-";
  writeJsonFile(Out, C.toJson());
  // The summary goes to stdout unless the JSON does.
  (Out == "-" ? std::cerr : std::cout) << calibrationSummary(C);
  return 0;
}

/// The profile's calibration (--calib FILE or auto), with a warning on
/// stderr when it was measured on another device.
/// --reread-window first|occupancy (Calibration::RereadByOccupancy).
void rereadWindowOpt(const Args &A, Calibration &C) {
  if (!A.has("reread-window"))
    return;
  std::string W = A.get("reread-window");
  if (W != "first" && W != "occupancy")
    fail("", "--reread-window", "expected first or occupancy, got '" + W + "'");
  C.RereadByOccupancy = W == "occupancy";
}

/// --bounds FILE (band, validate): its bounds replace C's.
void boundsOpt(const Args &A, Calibration &C) {
  if (!A.has("bounds"))
    return;
  std::string W = useBoundsFile(C, A.get("bounds"));
  if (!W.empty())
    std::cerr << "sectorscope-model: warning: " << W << "\n";
}

Calibration calibrationForProfile(const Args &A, const Profile &P) {
  Calibration C = calibrationFor(A.need("calib"), P);
  std::string W = calibrationDeviceWarning(C, P);
  if (!W.empty())
    std::cerr << "sectorscope-model: warning: " << W << "\n";
  boundsOpt(A, C);
  return C;
}

int cmdBand(const Args &A) {
  BandOptions O;
  O.Kind = modelOpt(A, /*AllowGT200=*/false);
  O.Warps = A.number("warps");
  O.TimeMs = A.number("time-ms");
  O.ScopeFactor = scopeFactorOpt(A);
  if (auto M = A.number("max-warps", true)) {
    if (*M > 1024)
      fail("", "--max-warps", "impossible value " + fmtNum(*M));
    O.MaxWarps = (int)*M;
  }
  A.need("profile");
  const auto &Profiles = A.Opts.at("profile");
  std::vector<Profile> Read;
  for (const std::string &P : Profiles)
    Read.push_back(readProfile(P));
  if (Profiles.size() > 1 && A.has("grid-profile"))
    fail("", "--grid-profile", "applies to one profile");
  std::vector<std::string> LoadsNotes(Read.size());
  if (A.has("grid-profile"))
    LoadsNotes[0] = useGridCounts(Read[0], readProfile(A.get("grid-profile")));
  if (const std::vector<SassKernel> *Sass = sassListing(A))
    for (size_t I = 0; I < Read.size(); ++I)
      LoadsNotes[I] += (LoadsNotes[I].empty() ? "" : "; ") +
                       useSassLoadsInFlight(Read[I], *Sass);
  Calibration C = calibrationForProfile(A, Read.front());
  rereadWindowOpt(A, C);
  for (size_t I = 1; I < Read.size(); ++I) {
    std::string W = calibrationDeviceWarning(C, Read[I]);
    if (!W.empty())
      std::cerr << "sectorscope-model: warning: " << W << "\n";
  }
  if (Profiles.size() > 1 && (O.TimeMs || O.Warps || A.has("previous")))
    fail("", "--time-ms/--warps/--previous",
         "apply to one profile; give time_ms and "
         "occupancy in each profile instead");
  if (A.has("previous"))
    O.Previous = readProfile(A.get("previous"));
  std::vector<BandResult> Results;
  for (size_t I = 0; I < Read.size(); ++I) {
    Results.push_back(computeBand(C, Read[I], O));
    if (!LoadsNotes[I].empty())
      Results.back().Notes.push_back(LoadsNotes[I]);
  }
  std::string Text;
  for (const BandResult &B : Results)
    Text += (Text.empty() ? "" : "\n") + bandTable(B);
  // JSON or SVG on stdout replaces the table there.
  if (A.get("json") != "-" && A.get("svg") != "-")
    std::cout << Text;
  if (A.has("json")) {
    Json J = Results.size() == 1 ? bandToJson(Results[0]) : Json::array();
    if (Results.size() > 1)
      for (const BandResult &B : Results)
        J.push_back(bandToJson(B));
    writeJsonFile(A.get("json"), J);
  }
  if (A.has("svg")) {
    BandChart Chart = bandChartFor(Results, A.get("title"));
    Chart.LogY = A.has("log-y");
    writeTextFile(A.get("svg"), renderBandChart(Chart));
  }
  return 0;
}

int cmdPredict(const Args &A) {
  Profile P = readProfile(A.need("profile"));
  std::vector<std::string> Notes;
  if (A.has("grid-profile")) {
    std::string N = useGridCounts(P, readProfile(A.get("grid-profile")));
    if (!N.empty())
      Notes.push_back(N);
  }
  if (const std::vector<SassKernel> *Sass = sassListing(A))
    Notes.push_back(useSassLoadsInFlight(P, *Sass));
  Calibration C = calibrationForProfile(A, P);
  rereadWindowOpt(A, C);
  std::string Src;
  double W = occupancyFor(P, C, A.number("warps"), &Src);
  Traffic T = trafficFromProfile(withRereadWindow(P, C, W, &Notes));
  if (T.totalBytes() <= 0)
    fail(P.File, "sites", noTrafficMessage(P));
  if (A.has("previous"))
    inheritFrom(T, C, readProfile(A.get("previous")));
  std::optional<double> Items = A.number("work-items");
  if (!Items)
    Items = P.WorkItems;
  std::vector<ModelKind> Kinds;
  std::string M = A.has("model") ? A.get("model") : "all";
  if (M == "all") {
    Kinds = calibratedModels(C);
  } else {
    auto K = parseModelKind(M);
    if (!K)
      fail("", "--model",
           "expected all, bandwidth, campprof or gt200, got '" + M + "'");
    Kinds.push_back(*K);
  }
  TextTable Tab(
      {"model", "best_ms", "worst_ms", "best_GB/s", Items ? "best_MLUPS" : ""});
  Json J;
  J["schema"] = "sectorscope-predict/1";
  J["kernel"] = P.Kernel;
  J["active_warps_per_sm"] = W;
  J["occupancy_source"] = Src;
  J["total_bytes"] = T.totalBytes();
  Json Preds = Json::object();
  for (ModelKind K : Kinds) {
    double Best = predictTime(C, K, T, false, W, &Notes);
    double Worst =
        K == ModelKind::GT200 ? Best : predictTime(C, K, T, true, W, &Notes);
    double GBps = Best > 0 ? T.totalBytes() / (Best * 1e6) : 0;
    Tab.addRow({modelName(K), fmtNum(Best), fmtNum(Worst), fmtFixed(GBps, 1),
                Items && Best > 0 ? fmtFixed(*Items / (Best * 1e3), 1) : ""});
    Json PJ = {{"best_ms", Best}, {"worst_ms", Worst}, {"best_gbps", GBps}};
    if (Items && Best > 0)
      PJ["best_mlups"] = *Items / (Best * 1e3);
    Preds[modelName(K)] = PJ;
  }
  J["predictions"] = Preds;
  std::vector<std::string> U;
  for (auto &N : Notes)
    if (std::find(U.begin(), U.end(), N) == U.end())
      U.push_back(N);
  J["notes"] = U;
  if (A.get("json") != "-") {
    std::cout << "kernel " << P.Kernel << " at " << fmtNum(W) << " warps/SM ("
              << Src << "), " << fmtNum(T.totalBytes()) << " bytes\n"
              << Tab.render();
    for (auto &N : U)
      std::cout << "note: " << N << "\n";
  }
  if (A.has("json"))
    writeJsonFile(A.get("json"), J);
  return 0;
}

/// The cases file's cases; --sass gives a listing to those naming none.
std::vector<ValidateCase> casesOpt(const Args &A) {
  std::vector<ValidateCase> Cases = readCases(A.need("cases"));
  if (A.has("sass")) {
    sassOfFile(A.get("sass")); // refused here if it is no listing
    for (ValidateCase &VC : Cases)
      if (VC.SassPath.empty())
        VC.SassPath = A.get("sass");
  }
  return Cases;
}

int cmdValidate(const Args &A) {
  Calibration C = readCalibration(A.need("calib"));
  rereadWindowOpt(A, C);
  boundsOpt(A, C);
  std::vector<ValidateCase> Cases = casesOpt(A);
  // "all": every calibrated model over the same cases, one table each and
  // one MLUPS chart comparing them (the GT200 paper's Table 1, per model).
  std::vector<ModelKind> Kinds;
  if (A.get("model") == "all") {
    Kinds = calibratedModels(C);
  } else {
    Kinds.push_back(modelOpt(A, /*AllowGT200=*/true));
  }
  if (A.has("mlups-svg") && A.get("mlups-svg") == A.get("band-svg"))
    fail("", "--mlups-svg", "same file as --band-svg");
  std::vector<ValidateResult> Rs;
  for (ModelKind K : Kinds)
    Rs.push_back(validate(C, Cases, K, scopeFactorOpt(A)));
  if (A.get("json") != "-" && A.get("mlups-svg") != "-" &&
      A.get("band-svg") != "-")
    for (size_t I = 0; I < Rs.size(); ++I)
      std::cout << (I ? "\n" : "") << validateTable(Rs[I]);
  if (A.has("json")) {
    Json J = validateToJson(Rs.front());
    if (Rs.size() > 1) {
      J = Json::object();
      J["schema"] = "sectorscope-validate/1";
      J["models"] = Json::array();
      for (const ValidateResult &R : Rs)
        J["models"].push_back(validateToJson(R));
    }
    writeJsonFile(A.get("json"), J);
  }
  if (A.has("mlups-svg")) {
    BarChart B = mlupsChart(Rs, A.get("title"));
    if (B.Categories.empty())
      fail(A.get("cases"), "work_items",
           "no case gives work_items, so there is no MLUPS chart");
    writeTextFile(A.get("mlups-svg"), renderBarChart(B));
  }
  if (A.has("error-svg")) {
    const ValidateResult &R = Rs.front();
    std::vector<ErrorChartRow> Rows;
    for (const ValidateRow &Row : R.Rows)
      Rows.push_back({Row.Case.Name, Row.MeasuredMs, Row.PredictedMs,
                      Row.LowerMs, Row.UpperMs, Row.Inside});
    std::string Title =
        A.has("title") ? A.get("title") : "Predicted vs measured, every case";
    writeTextFile(
        A.get("error-svg"),
        renderErrorChart(errorChartFor(
            Rows, Title,
            std::string("model ") + modelName(R.Kind) + ", " +
                std::to_string(Rows.size()) + " cases; whiskers: " +
                (R.Bounds ? R.Bounds->label() : std::string("raw band")))));
  }
  if (A.has("kernel-svg-dir")) {
    const ValidateResult &R = Rs.front();
    if (R.Bands.empty())
      fail("", "--kernel-svg-dir", "model gt200 has no band to draw");
    // One chart per launch: its band, application line, measured points.
    std::map<std::string, std::vector<BandResult>> ByLaunch;
    std::vector<std::string> Order;
    for (size_t I = 0; I < R.Bands.size(); ++I) {
      std::string Key = R.Rows[I].Case.Group.empty() ? R.Rows[I].Case.Name
                                                     : R.Rows[I].Case.Group;
      Key += "\n" + R.Bands[I].ProfileFile;
      if (!ByLaunch.count(Key))
        Order.push_back(Key);
      ByLaunch[Key].push_back(R.Bands[I]);
    }
    std::map<std::string, int> Used;
    for (const std::string &Key : Order) {
      std::string Name = fileNameFor(shortKernelName(ByLaunch[Key][0].Kernel));
      if (Used[Name]++)
        Name += "_" + std::to_string(Used[Name]);
      BandChart Chart = bandChartFor(ByLaunch[Key], "");
      Chart.LogY = A.has("log-y");
      writeTextFile(A.get("kernel-svg-dir") + "/" + Name + ".svg",
                    renderBandChart(Chart));
    }
  }
  if (A.has("band-svg")) {
    const ValidateResult *WithBand = nullptr;
    for (const ValidateResult &R : Rs)
      if (!R.Bands.empty() && !WithBand)
        WithBand = &R;
    if (!WithBand)
      fail("", "--band-svg", "model gt200 has no band to draw");
    BandChart Chart = bandChartFor(WithBand->Bands, A.get("title"));
    Chart.LogY = A.has("log-y");
    writeTextFile(A.get("band-svg"), renderBandChart(Chart));
  }
  return 0;
}

/// A fraction below 1 (--coverage), 0.9 when not given.
double coverageOpt(const Args &A) {
  double Coverage = A.number("coverage").value_or(0.9);
  if (!(Coverage < 1))
    fail("", "--coverage",
         "expected a fraction below 1, got " + fmtNum(Coverage));
  return Coverage;
}

int cmdHeldOut(const Args &A) {
  Calibration C = readCalibration(A.need("calib"));
  rereadWindowOpt(A, C);
  std::vector<ValidateCase> Cases = casesOpt(A);
  double Coverage = coverageOpt(A);
  std::string Sel = A.has("selection") ? A.get("selection") : "keep";
  if (Sel != "drop" && Sel != "keep")
    fail("", "--selection", "expected drop or keep, got '" + Sel + "'");
  HeldOutResult R = heldOut(
      C, Cases, modelOpt(A, /*AllowGT200=*/false), Coverage, scopeFactorOpt(A),
      Sel == "drop" ? TermSelection::Drop : TermSelection::Keep);
  if (A.get("json") != "-" && A.get("calib-out") != "-" &&
      A.get("error-svg") != "-")
    std::cout << heldOutTable(R);
  if (A.has("json"))
    writeJsonFile(A.get("json"), heldOutToJson(R));
  if (A.has("calib-out")) {
    Calibration Out = C;
    for (const std::string &T : R.Dropped)
      if (std::find(Out.DroppedTerms.begin(), Out.DroppedTerms.end(), T) ==
          Out.DroppedTerms.end())
        Out.DroppedTerms.push_back(T);
    Out.Bounds = R.Final;
    writeJsonFile(A.get("calib-out"), Out.toJson());
  }
  if (A.has("error-svg")) {
    std::vector<ErrorChartRow> Rows;
    for (const HeldOutCase &HC : R.Cases)
      if (HC.InScope && HC.Missing.empty())
        Rows.push_back(
            {HC.Name, HC.Measured, HC.HeldOut, HC.Lower, HC.Upper, HC.Inside});
    std::string Title = A.has("title")
                            ? A.get("title")
                            : "Held-out predictions (leave one kernel out)";
    writeTextFile(A.get("error-svg"),
                  renderErrorChart(errorChartFor(
                      Rows, Title,
                      std::string("model ") + modelName(R.Kind) + ", " +
                          std::to_string(Rows.size()) +
                          " in-scope, in-support cases; whiskers: bounds at " +
                          fmtFixed(100 * R.Coverage, 0) + "% (held-out)")));
  }
  return 0;
}

int cmdBounds(const Args &A) {
  Calibration C = readCalibration(A.need("calib"));
  A.need("cases");
  std::vector<CorpusSet> Sets;
  for (const std::string &F : A.Opts.at("cases"))
    Sets.push_back({F, readCases(F)});
  CorpusBounds B = fitCorpusBounds(C, Sets, coverageOpt(A), scopeFactorOpt(A));
  if (A.get("o") != "-")
    std::cout << corpusBoundsTable(B);
  if (A.has("o"))
    writeJsonFile(A.get("o"), corpusBoundsToJson(B));
  return 0;
}

int cmdDeviceFiles(const Args &A) {
  DeviceFiles F = deviceFilesFor(readProfile(A.need("profile")));
  std::cout << "suite " << F.Suite << "\n";
  if (!F.Bounds.empty())
    std::cout << "bounds " << F.Bounds << "\n";
  return 0;
}

std::string hexAddress(uint64_t A) {
  char Buf[24];
  std::snprintf(Buf, sizeof Buf, "0x%llx", (unsigned long long)A);
  return Buf;
}

int cmdSass(const Args &A) {
  const std::vector<SassKernel> *Sass = sassListing(A);
  if (!Sass)
    fail("", "sass", "missing required option --sass or --binary");
  TextTable T({"kernel", "loops", "LDG", "hot body", "LDG there", "first wait",
               "round trips", "loads/trip", "widest", "trip waits on"});
  Json J;
  J["schema"] = "sectorscope-sass/1";
  J["kernels"] = Json::array();
  for (const SassKernel &K : *Sass) {
    const SassBody &B = K.hotBody();
    bool Loop = &B != &K.Whole;
    T.addRow({K.Name, std::to_string(K.Loops.size()),
              std::to_string(K.Whole.Loads),
              Loop ? "loop " + hexAddress(B.Begin) + ".." + hexAddress(B.End)
                   : std::string("kernel"),
              std::to_string(B.Loads), std::to_string(B.InFlight),
              std::to_string(B.Waits), fmtNum(B.loadsPerTrip()),
              B.WidestBits ? std::to_string(B.WidestBits) + " bits" : "-",
              serialization(B)});
    J["kernels"].push_back({{"name", K.Name},
                            {"loops", K.Loops.size()},
                            {"loads", K.Whole.Loads},
                            {"hot_body", Loop ? "loop" : "kernel"},
                            {"hot_body_loads", B.Loads},
                            {"loads_before_first_wait", B.InFlight},
                            {"round_trips", B.Waits},
                            {"loads_per_trip", B.loadsPerTrip()},
                            {"widest_load_bits", B.WidestBits},
                            {"barrier", B.Barrier},
                            {"shuffle", B.Shuffle},
                            {"chained_load", B.ChainedLoad}});
  }
  if (A.get("json") != "-")
    std::cout << T.render();
  if (A.has("json"))
    writeJsonFile(A.get("json"), J);
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 2 || std::string(Argv[1]) == "--help" ||
      std::string(Argv[1]) == "-h" || std::string(Argv[1]) == "help") {
    std::cout << Usage;
    return Argc < 2 ? 1 : 0;
  }
  static const std::map<std::string, std::set<std::string>> Known = {
      {"fit",
       {"bench", "o", "time-field", "unit-bytes", "bandwidth-experiments",
        "skip-bad-rows"}},
      {"band",
       {"calib", "profile", "model", "warps", "time-ms", "max-warps", "json",
        "svg", "title", "log-y", "scope-factor", "previous", "grid-profile",
        "reread-window", "sass", "binary", "bounds"}},
      {"predict",
       {"calib", "profile", "model", "warps", "work-items", "json", "previous",
        "grid-profile", "reread-window", "sass", "binary"}},
      {"validate",
       {"calib", "cases", "model", "json", "mlups-svg", "band-svg", "title",
        "log-y", "scope-factor", "error-svg", "kernel-svg-dir", "sass",
        "reread-window", "bounds"}},
      {"heldout",
       {"calib", "cases", "model", "coverage", "json", "calib-out", "error-svg",
        "title", "scope-factor", "sass", "selection", "reread-window"}},
      {"bounds", {"calib", "cases", "coverage", "scope-factor", "o"}},
      {"sass", {"sass", "binary", "json"}},
      {"device-files", {"profile"}},
  };
  try {
    Args A = parseArgs(Argc, Argv, Known);
    if (A.Cmd == "fit")
      return cmdFit(A);
    if (A.Cmd == "band")
      return cmdBand(A);
    if (A.Cmd == "predict")
      return cmdPredict(A);
    if (A.Cmd == "heldout")
      return cmdHeldOut(A);
    if (A.Cmd == "sass")
      return cmdSass(A);
    if (A.Cmd == "bounds")
      return cmdBounds(A);
    if (A.Cmd == "device-files")
      return cmdDeviceFiles(A);
    return cmdValidate(A);
  } catch (const ModelError &E) {
    std::cerr << "sectorscope-model: error: " << E.what() << "\n";
    return 1;
  } catch (const std::exception &E) {
    std::cerr << "sectorscope-model: error: " << E.what() << "\n";
    return 2;
  }
}
