//===- UnitTests.cpp - CPU tests of the micro-benchmark host logic --------===//
//
// usage: microbench-unittests [args|json|stats|gf2-affine|gf2-hash|decode|
//                              ncu-csv|slicefit|compare|all]...
// Prints one line per check worth reading (FileCheck matches them) and exits
// non-zero if any check failed.
//
//===----------------------------------------------------------------------===//
#include "host/Args.h"
#include "host/Compare.h"
#include "host/GF2.h"
#include "host/Report.h"
#include "host/SliceFit.h"
#include "host/Stats.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>

using namespace sectorscope::mb;
using nlohmann::json;

namespace {

int Failures = 0;

#define EXPECT(C)                                                              \
  do {                                                                         \
    if (!(C)) {                                                                \
      std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #C);                 \
      ++Failures;                                                              \
    }                                                                          \
  } while (0)

ParseResult parse(std::initializer_list<const char *> A) {
  return parseArgs(std::vector<std::string>(A.begin(), A.end()));
}

void testArgs() {
  ParseResult D = parse({});
  EXPECT(D.ok());
  EXPECT(D.Opts.Reps == 7 && D.Opts.Out == "microbench.json");
  EXPECT(D.Opts.FootprintMiB == 2048 && !D.Opts.Quick);
  EXPECT(wants(D.Opts, "campprof"));

  ParseResult R = parse({"--out", "x.json", "--reps", "3", "--only",
                         "stream,gt200", "--quick", "--max-warps", "16"});
  EXPECT(R.ok());
  EXPECT(R.Opts.Out == "x.json" && R.Opts.Reps == 3 && R.Opts.Quick);
  EXPECT(R.Opts.MaxWarps == 16);
  EXPECT(wants(R.Opts, "gt200") && !wants(R.Opts, "campprof"));
  std::printf("args: only=%zu reps=%d\n", R.Opts.Only.size(), R.Opts.Reps);

  for (auto Bad : std::vector<std::vector<std::string>>{
           {"--reps", "0"},
           {"--reps", "abc"},
           {"--reps"},
           {"--only", "stream,bogus"},
           {"--frobnicate"},
           {"--probe-sets", "0:0"},
           {"--probe-k", "21"}}) {
    ParseResult E = parseArgs(Bad);
    EXPECT(!E.ok());
    std::printf("args error: %s\n", E.Error.c_str());
  }
  std::vector<ProbeSet> Sets;
  std::string Err;
  EXPECT(parseProbeSets("0:0:768,1:-1:10", Sets, Err));
  EXPECT(Sets.size() == 2 && Sets[1].Page == 1 && Sets[1].Sm == -1 &&
         Sets[1].Count == 10);
  EXPECT(usage().find("--slice-probe") != std::string::npos);
  std::printf("args: probe sets %zu\n", Sets.size());
}

void testStats() {
  TimingSummary S = summarize({3.0, 1.0, 2.0});
  EXPECT(S.BestMs == 1.0 && S.MedianMs == 2.0 && S.MaxMs == 3.0 && S.Runs == 3);
  TimingSummary E = summarize({4.0, 1.0, 2.0, 3.0});
  EXPECT(E.MedianMs == 2.5);
  EXPECT(summarize({}).Runs == 0);
  EXPECT(std::fabs(gbps(2e9, 1000.0) - 2.0) < 1e-12);
  EXPECT(gbps(1e9, 0) == 0);
  std::printf("stats: median4=%.2f\n", E.MedianMs);
}

void testJson() {
  Row R;
  R.Experiment = "stream";
  R.Op = "read";
  R.WordBytes = 16;
  R.BytesMoved = 2e9;
  R.Time = summarize({1.0, 2.0, 0.5});
  R.Dram = true;
  R.Tel.PowerW = std::nan("");
  json J = toJson(R);
  size_t I = 0;
  for (auto It = J.begin(); It != J.end(); ++It, ++I)
    ;
  EXPECT(I == rowFields().size());
  for (const auto &F : rowFields())
    EXPECT(J.contains(F));
  EXPECT(J["gbps"].get<double>() == 4000.0);      // 2e9 B in 0.5 ms.
  EXPECT(J["median_gbps"].get<double>() == 2000.0); // ... in 1 ms.
  EXPECT(J["power_w"].get<double>() == 0.0);        // NaN is not JSON.
  DeviceInfo D;
  D.Name = "Test GPU";
  D.Sms = 132;
  Provenance P{"sectorscope-microbench --quick", "2026-01-01T00:00:00Z", "h"};
  json Rep = makeReport(D, P, {R, R});
  EXPECT(Rep["schema"] == ReportSchema);
  EXPECT(Rep["gpu"]["sm_count"] == 132);
  EXPECT(Rep["rows"].size() == 2);
  std::string Path = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR")
                                                       : "/tmp") +
                     "/mb-unittest-report.json";
  std::string Err;
  EXPECT(writeJsonFile(Path, Rep, Err));
  std::ifstream IS(Path);
  json Back = json::parse(IS);
  EXPECT(Back == Rep);
  EXPECT(!writeJsonFile("/nonexistent-dir/x.json", Rep, Err));
  std::printf("json: %zu fields, gbps=%.0f, schema=%s\n", rowFields().size(),
              J["gbps"].get<double>(), Rep["schema"].get<std::string>().c_str());
  std::printf("json error: %s\n", Err.c_str());
  std::string Now = utcNow();
  EXPECT(Now.size() == 20 && Now.back() == 'Z');
}

void testGf2Affine() {
  std::mt19937_64 Rng(7);
  const uint64_t Var = 0x1fffe0; // Bits 5..20.
  int Recovered = 0;
  for (int T = 0; T < 50; ++T) {
    uint64_t Mask = Rng() & Var;
    int C = int(Rng() & 1);
    std::vector<uint64_t> X;
    std::vector<uint8_t> Y;
    for (int I = 0; I < 200; ++I) {
      uint64_t V = Rng() & Var;
      X.push_back(V);
      Y.push_back(uint8_t(parity64(V & Mask) ^ C));
    }
    std::string Err;
    auto F = solveAffine(X, Y, Var, true, Err);
    EXPECT(F && F->Mask == Mask && F->Constant == C);
    Recovered += F && F->Mask == Mask && F->Constant == C;
  }
  std::printf("gf2-affine: recovered %d/50\n", Recovered);

  // Bit 12 never varies: its coefficient cannot be determined.
  std::vector<uint64_t> X;
  std::vector<uint8_t> Y;
  for (int I = 0; I < 200; ++I) {
    uint64_t V = Rng() & Var & ~(uint64_t(1) << 12);
    X.push_back(V);
    Y.push_back(uint8_t(parity64(V & 0x2020)));
  }
  std::string Err;
  EXPECT(!solveAffine(X, Y, Var, true, Err));
  std::printf("gf2-affine error: %s\n", Err.c_str());
  // Targets that are not linear (an AND of two bits).
  Y.clear();
  for (uint64_t V : X)
    Y.push_back(uint8_t((V >> 5 & 1) & (V >> 6 & 1)));
  EXPECT(!solveAffine(X, Y, Var & ~(uint64_t(1) << 12), true, Err));
  std::printf("gf2-affine error: %s\n", Err.substr(0, 40).c_str());
  EXPECT(!solveAffine({}, {}, Var, true, Err));
}

/// A random linear hash of rank R over Var, relabelled by a permutation.
struct SyntheticHash {
  std::vector<uint64_t> Masks;
  std::vector<int> Relabel;
  int label(uint64_t X) const {
    uint64_t H = 0;
    for (size_t I = 0; I < Masks.size(); ++I)
      H |= uint64_t(parity64(X & Masks[I])) << I;
    return Relabel[H];
  }
};

SyntheticHash makeHash(std::mt19937_64 &Rng, uint64_t Var, int R) {
  SyntheticHash S;
  while (true) {
    S.Masks.clear();
    for (int I = 0; I < R; ++I)
      S.Masks.push_back(Rng() & Var);
    if (rankOf(S.Masks) == R)
      break;
  }
  for (int I = 0; I < (1 << R); ++I)
    S.Relabel.push_back(I);
  std::shuffle(S.Relabel.begin(), S.Relabel.end(), Rng);
  return S;
}

void testGf2Hash() {
  std::mt19937_64 Rng(11);
  const uint64_t Var = 0x1fffe0;
  int Perfect = 0, SameSpan = 0;
  const int Trials = 20;
  for (int T = 0; T < Trials; ++T) {
    int R = 3 + T % 5; // 8 to 128 slices.
    SyntheticHash S = makeHash(Rng, Var, R);
    std::vector<uint64_t> X, TX;
    std::vector<int> Y, TY;
    for (int I = 0; I < 2000; ++I) {
      uint64_t V = Rng() & Var;
      (I % 4 == 3 ? TX : X).push_back(V);
      (I % 4 == 3 ? TY : Y).push_back(S.label(V));
    }
    std::string Err;
    auto H = fitLinearHash(X, Y, Var, Err);
    EXPECT(H.has_value());
    if (!H) {
      std::printf("unexpected: %s\n", Err.c_str());
      continue;
    }
    EXPECT(H->Injective);
    double Acc = accuracy(*H, TX, TY);
    EXPECT(Acc == 1.0);
    Perfect += Acc == 1.0;
    // The fitted masks span the same space as the true ones.
    SameSpan += reducedBasis(H->Masks) == reducedBasis(S.Masks);
    EXPECT(reducedBasis(H->Masks) == reducedBasis(S.Masks));
  }
  std::printf("gf2-hash: held-out 100%% in %d/%d, same span in %d/%d\n",
              Perfect, Trials, SameSpan, Trials);

  // Too few samples per slice: the kernel is incomplete.
  SyntheticHash S = makeHash(Rng, Var, 6);
  std::vector<uint64_t> X;
  std::vector<int> Y;
  for (int I = 0; I < 20; ++I) {
    uint64_t V = Rng() & Var;
    X.push_back(V);
    Y.push_back(S.label(V));
  }
  std::string Err;
  EXPECT(!fitLinearHash(X, Y, Var, Err));
  std::printf("gf2-hash error: %s\n", Err.c_str());
  EXPECT(!fitLinearHash({}, {}, Var, Err));
  // Bit 9 fixed in every sample.
  for (uint64_t &V : X)
    V &= ~(uint64_t(1) << 9);
  EXPECT(!fitLinearHash(X, Y, Var, Err));
  std::printf("gf2-hash error: %s\n", Err.c_str());

  // A mapping that is not linear (three slices by a sum mod 3) is reported
  // as such rather than fitted.
  X.clear();
  Y.clear();
  for (int I = 0; I < 600; ++I) {
    uint64_t V = Rng() & Var;
    X.push_back(V);
    Y.push_back(int((V >> 5) % 3));
  }
  auto H = fitLinearHash(X, Y, Var, Err);
  EXPECT(H && !H->Injective);
  std::printf("gf2-hash mod3: injective=%d hash bits=%zu\n",
              H ? int(H->Injective) : -1, H ? H->Masks.size() : 0);
}

void testDecode() {
  // Slice 2 served addresses 0 and 3, slice 5 address 1, slice 7 address 2
  // and 4; small background noise left after subtraction.
  const int Base = 256, K = 5;
  std::vector<double> C(8, 3.0);
  C[2] += Base * (1 + 8);
  C[5] += Base * 2;
  C[7] += Base * (4 + 16);
  DecodedLaunch D = decodeWeighted(C, K, Base);
  EXPECT(D.BadSlices == 0);
  EXPECT(D.SlicesOf[0] == std::vector<int>{2});
  EXPECT(D.SlicesOf[1] == std::vector<int>{5});
  EXPECT(D.SlicesOf[2] == std::vector<int>{7});
  EXPECT(D.SlicesOf[3] == std::vector<int>{2});
  EXPECT(D.SlicesOf[4] == std::vector<int>{7});
  EXPECT(std::fabs(D.Scale - 1.0) < 1e-9);
  // A count halfway between multiples is flagged, not guessed.
  C[5] = Base * 2.5;
  D = decodeWeighted(C, K, Base);
  EXPECT(D.BadSlices == 1 && D.SlicesOf[1].empty());
  std::printf("decode: bad=%d scale=%.3f\n", D.BadSlices, D.Scale);
}

void testNcuCsv() {
  auto V = parseInstanceValues("1,234 (1,000;234;0)");
  EXPECT((V == std::vector<double>{1000, 234, 0}));
  V = parseInstanceValues("5;6;7");
  EXPECT((V == std::vector<double>{5, 6, 7}));
  V = parseInstanceValues("42");
  EXPECT((V == std::vector<double>{42}));
  auto F = splitCsvLine(R"("a","b,c","d""e")");
  EXPECT((F == std::vector<std::string>{"a", "b,c", "d\"e"}));
  std::string Csv = "==PROF== Connected to process\n"
                    "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\","
                    "\"Metric Value\"\n"
                    "\"0\",\"sliceProbe\",\"m.sum\",\"sector\",\"3 (1;2)\"\n"
                    "\"1\",\"sliceProbe\",\"m.sum\",\"sector\",\"7 (3;4)\"\n";
  NcuInstances N;
  std::string Err;
  EXPECT(parseNcuCsv(Csv, N, Err));
  EXPECT(N.size() == 2 && (N[1]["m.sum"] == std::vector<double>{3, 4}));
  EXPECT(!parseNcuCsv("nothing here\n", N, Err));
  std::printf("ncu-csv: launches=%zu error: %s\n", N.size(), Err.c_str());
}

void testSliceFit() {
  // End to end on synthetic data: a 6-bit hash (64 slices) of bits 7..20
  // plus a page constant, probed like the GPU probe does.
  std::mt19937_64 Rng(3);
  const uint64_t Var = 0x1fff80;
  SyntheticHash S = makeHash(Rng, Var, 6);
  const int K = 12, Base = 256, Slices = 64;
  json M;
  M["base"] = Base;
  M["pages"] = {0, 2097152};
  M["launches"] = json::array();
  NcuInstances Ncu;
  int Launch = 0;
  auto AddLaunch = [&](int Page, std::vector<uint32_t> Offs) {
    std::vector<double> C(Slices, 5.0); // Background.
    for (size_t I = 0; I < Offs.size(); ++I) {
      uint64_t X = probeFeature(Page, Offs[I]);
      // Page 1's physical high bits flip the hash by a constant.
      int L = S.label(X & Var) ^ (Page ? 0 : 0);
      C[size_t(L)] += double(Base) * double(1 << I);
    }
    M["launches"].push_back(
        {{"launch", Launch}, {"page", Page}, {"sm", 0}, {"offsets", Offs}});
    Ncu[Launch]["m"] = C;
    ++Launch;
  };
  AddLaunch(0, {});
  AddLaunch(0, {});
  for (int L = 0; L < 80; ++L) {
    std::vector<uint32_t> Offs;
    for (int I = 0; I < K; ++I)
      Offs.push_back(uint32_t(Rng() & Var));
    AddLaunch(L % 4 == 0 ? 1 : 0, Offs);
  }
  json Diag;
  std::string Err;
  auto Samples = samplesFromCapture(M, Ncu, "m", -1, Diag, Err);
  EXPECT(Samples.size() == 80 * K);
  EXPECT(Diag["addresses_one_slice"] == 80 * K);
  uint64_t VarP = Var | (uint64_t(1) << PageBits);
  auto Fit = fitSliceMap(Samples, 4, VarP, Err);
  EXPECT(Fit.has_value());
  if (Fit) {
    EXPECT(Fit->HeldOutAccuracy == 1.0);
    EXPECT(Fit->LowestBit >= 7);
    std::printf("slicefit: hash bits=%zu held-out=%.3f lowest bit=%d\n",
                Fit->Hash.Masks.size(), Fit->HeldOutAccuracy, Fit->LowestBit);
  } else {
    std::printf("slicefit: %s\n", Err.c_str());
  }
  std::printf("slicefit: scale=%.3f\n", Diag["median_scale"].get<double>());
}

void testCompare() {
  auto MkRow = [](const char *E, int W, double Ms, bool Dram) {
    Row R;
    R.Experiment = E;
    R.Op = "read";
    R.WordBytes = W;
    R.Dram = Dram;
    R.Time = summarize({Ms});
    return toJson(R);
  };
  json A, B;
  A["rows"] = {MkRow("stream", 16, 1.0, true), MkRow("stream", 4, 2.0, true),
               MkRow("hot_region", 16, 1.0, false)};
  B["rows"] = {MkRow("stream", 16, 1.02, true), MkRow("stream", 4, 2.02, true),
               MkRow("hot_region", 16, 1.5, false),
               MkRow("gt200", 4, 1.0, true)};
  json S;
  std::string Err;
  EXPECT(compareReports(A, B, S, Err));
  EXPECT(S["dram"]["rows"] == 2);
  EXPECT(S["unmatched_rows"] == 1);
  double Med = S["dram"]["median_rel_diff"].get<double>();
  EXPECT(std::fabs(Med - 0.015) < 1e-9);
  EXPECT(std::fabs(S["all"]["max_rel_diff"].get<double>() - 0.5) < 1e-9);
  EXPECT(!compareReports(json::object(), B, S, Err));
  std::printf("compare: dram median=%.4f error: %s\n", Med, Err.c_str());
}

} // namespace

int main(int Argc, char **Argv) {
  const std::map<std::string, std::function<void()>> Suites = {
      {"args", testArgs},        {"stats", testStats},
      {"json", testJson},        {"gf2-affine", testGf2Affine},
      {"gf2-hash", testGf2Hash}, {"decode", testDecode},
      {"ncu-csv", testNcuCsv},   {"slicefit", testSliceFit},
      {"compare", testCompare}};
  std::vector<std::string> Want(Argv + 1, Argv + Argc);
  if (Want.empty() || (Want.size() == 1 && Want[0] == "all")) {
    Want.clear();
    for (auto &KV : Suites)
      Want.push_back(KV.first);
  }
  for (const auto &W : Want) {
    auto It = Suites.find(W);
    if (It == Suites.end()) {
      std::printf("FAIL unknown suite '%s'\n", W.c_str());
      return 2;
    }
    int Before = Failures;
    It->second();
    std::printf("%s %s\n", Failures == Before ? "PASS" : "FAIL", W.c_str());
  }
  return Failures ? 1 : 0;
}
