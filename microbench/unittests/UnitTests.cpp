//===- UnitTests.cpp - CPU tests of the micro-benchmark host logic --------===//
//
// usage: microbench-unittests [args|json|stats|gf2-affine|gf2-hash|decode|
//                              ncu-csv|slicefit|compare|nvml|all]...
// Prints one line per check worth reading (FileCheck matches them) and exits
// non-zero if any check failed.
//
//===----------------------------------------------------------------------===//
#include "host/Args.h"
#include "host/Compare.h"
#include "host/GF2.h"
#include "host/Nvml.h"
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
  EXPECT(!R.Opts.Ungated && wants(D.Opts, "small"));
  ParseResult U = parse({"--ungated", "--only", "small"});
  EXPECT(U.ok() && U.Opts.Ungated && wants(U.Opts, "small") &&
         !wants(U.Opts, "latency"));
  std::printf("args: only=%zu reps=%d\n", R.Opts.Only.size(), R.Opts.Reps);

  for (auto Bad :
       std::vector<std::vector<std::string>>{{"--reps", "0"},
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
  EXPECT(J["gbps"].get<double>() == 4000.0);        // 2e9 B in 0.5 ms.
  EXPECT(J["median_gbps"].get<double>() == 2000.0); // ... in 1 ms.
  EXPECT(J["power_w"].get<double>() == 0.0);        // NaN is not JSON.
  DeviceInfo D;
  D.Name = "Test GPU";
  D.Sms = 132;
  Provenance P{"sectorscope-microbench --quick", "2026-01-01T00:00:00Z", "h"};
  json Rep = makeReport(D, P, {R, R});
  EXPECT(Rep["schema"] == ReportSchema);
  EXPECT(Rep["gpu"]["sm_count"] == 132);
  EXPECT(Rep["provenance"]["timing"] == "gated" &&
         Rep["provenance"]["date_utc"] == "2026-01-01T00:00:00Z");
  EXPECT(Rep["rows"].size() == 2);
  std::string Path =
      std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") +
      "/mb-unittest-report.json";
  std::string Err;
  EXPECT(writeJsonFile(Path, Rep, Err));
  std::ifstream IS(Path);
  json Back = json::parse(IS);
  EXPECT(Back == Rep);
  EXPECT(!writeJsonFile("/nonexistent-dir/x.json", Rep, Err));
  std::printf("json: %zu fields, gbps=%.0f, schema=%s\n", rowFields().size(),
              J["gbps"].get<double>(),
              Rep["schema"].get<std::string>().c_str());
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
  // Weighted launch, K = 12, Base 256: addresses 0, 2..5 and 7 were far.
  auto Far = decodeExcess(256.0 * (4095 + 189), 256, 4095, 12);
  EXPECT(Far && *Far == 189);
  // Pair launch, K = 16, Base 32: candidates 0 and 2 share the slice.
  auto Same = decodeExcess(32.0 * ((1 << 15) + 5), 32, 1u << 15, 15);
  EXPECT(Same && *Same == 5);
  // Counts between multiples, below the offset or too large: not guessed.
  EXPECT(!decodeExcess(256.0 * 4095 + 100, 256, 4095, 12));
  EXPECT(!decodeExcess(256.0 * 4000, 256, 4095, 12));
  EXPECT(!decodeExcess(256.0 * (4095 + 4096), 256, 4095, 12));
  std::printf("decode: far=%u same=%u\n", Far ? *Far : 0u, Same ? *Same : 0u);
}

void testNcuCsv() {
  double V = 0;
  EXPECT(parseNcuNumber("1,487", V) && V == 1487);
  EXPECT(parseNcuNumber("2,047,232", V) && V == 2047232);
  EXPECT(parseNcuNumber("12.5", V) && V == 12.5);
  EXPECT(!parseNcuNumber("n/a", V));
  auto F = splitCsvLine(R"("a","b,c","d""e")");
  EXPECT((F == std::vector<std::string>{"a", "b,c", "d\"e"}));
  const std::string Header = "\"ID\",\"Kernel Name\",\"Metric Name\","
                             "\"Metric Unit\",\"Metric Value\"\n";
  std::string Csv = "==PROF== Connected to process\n" + Header +
                    "\"0\",\"sliceProbe\",\"m.sum\",\"sector\",\"1,024\"\n" +
                    Header + // ncu repeats the header per kernel.
                    "\"1\",\"sliceProbe\",\"m.sum\",\"sector\",\"7\"\n"
                    "\"1\",\"sliceProbe\",\"m.max\",\"sector\",\"3\"\n";
  NcuMetrics N;
  std::string Err;
  EXPECT(parseNcuCsv(Csv, N, Err));
  EXPECT(N.size() == 2 && N[0]["m.sum"] == 1024 && N[1]["m.max"] == 3);
  EXPECT(!parseNcuCsv("nothing here\n", N, Err));
  std::printf("ncu-csv: launches=%zu error: %s\n", N.size(), Err.c_str());
}

/// A synthetic two-partition L2: the partition is parity(x & PartMask) ^
/// page constant, the slice within it a linear hash of the offset.
struct SyntheticL2 {
  uint64_t PartMask = 0xab000;
  int PageConst[2] = {1, 0};
  std::vector<uint64_t> SliceMasks;
  int partition(int Page, uint32_t Off) const {
    return parity64(Off & PartMask) ^ PageConst[Page];
  }
  int slice(int Page, uint32_t Off) const {
    int S = partition(Page, Off);
    for (size_t I = 0; I < SliceMasks.size(); ++I)
      S |= parity64(Off & SliceMasks[I]) << (I + 1);
    return S;
  }
};

/// Simulates the probe under ncu: op_red .sum and .max for one launch from
/// an SM in partition SmPart (far requests also load one near slice).
std::map<std::string, double> simulate(const SyntheticL2 &G, int Page,
                                       int SmPart,
                                       const std::vector<uint32_t> &Offs,
                                       int Base) {
  std::map<int, double> Count;
  for (size_t I = 0; I < Offs.size(); ++I) {
    double W = double(Base) * double(1u << I);
    Count[G.slice(Page, Offs[I])] += W;
    if (G.partition(Page, Offs[I]) != SmPart)
      Count[(G.slice(Page, Offs[I]) & ~1) | SmPart] += W;
  }
  double Sum = 0, Max = 0;
  for (auto &KV : Count) {
    Sum += KV.second;
    Max = std::max(Max, KV.second);
  }
  return {{"lts__t_sectors_op_red.sum", Sum},
          {"lts__t_sectors_op_red.max", Max},
          {"lts__t_sectors_op_red.avg", Sum / 64}};
}

void testSliceFit() {
  std::mt19937_64 Rng(3);
  SyntheticL2 G;
  const uint64_t SliceVar = 0x1fff80; // Bits 7..20.
  do {
    G.SliceMasks.clear();
    for (int I = 0; I < 5; ++I)
      G.SliceMasks.push_back(Rng() & SliceVar);
  } while (rankOf([&] {
             auto V = G.SliceMasks;
             V.push_back(G.PartMask);
             return V;
           }()) != 6);
  const int Base = 32;
  json M;
  M["base"] = Base;
  M["launches"] = json::array();
  NcuMetrics Ncu;
  int Launch = 0;
  auto Add = [&](const char *Mode, int Page, int Sm,
                 const std::vector<uint32_t> &Offs) {
    M["launches"].push_back({{"launch", Launch},
                             {"mode", Mode},
                             {"page", Page},
                             {"sm", Sm},
                             {"offsets", Offs}});
    // SM 0 sits in partition 0, SM 66 in partition 1.
    Ncu[Launch] = simulate(G, Page, Sm == 66 ? 1 : 0, Offs, Base);
    ++Launch;
  };
  std::uniform_int_distribution<uint32_t> Sector(0, (2u << 20) / 32 - 1);
  for (int L = 0; L < 120; ++L) {
    std::vector<uint32_t> Offs;
    for (int I = 0; I < 12; ++I)
      Offs.push_back(Sector(Rng) * 32);
    Add("weights", L % 5 == 0 ? 1 : 0, L % 3 == 0 ? 66 : 0, Offs);
  }
  // Pair launches keep to one partition and run from both SMs, as the
  // probe does; one of the two sees every address far and is dropped.
  auto RandomIn = [&](int Part) {
    uint32_t O;
    do
      O = Sector(Rng) * 32;
    while (G.partition(0, O) != Part);
    return O;
  };
  for (int L = 0; L < 300; ++L) {
    std::vector<uint32_t> Offs;
    for (int I = 0; I < 16; ++I)
      Offs.push_back(RandomIn(L % 2));
    Add(L < 200 ? "enum" : "pairs", 0, 0, Offs);
    Add(L < 200 ? "enum" : "pairs", 0, 66, Offs);
  }
  Capture C;
  std::string Err;
  EXPECT(readCapture(M, Ncu, C, Err));
  EXPECT(C.Diag["sum_not_decodable"] == 0 && C.Diag["max_not_decodable"] == 0);
  EXPECT(C.Partition.size() == 120 * 12);
  EXPECT(C.Diag["pair_launches_all_far"] == 300);
  EXPECT(C.Diag["pair_launches_mixed_partitions"] == 0);
  EXPECT(std::fabs(C.Slices - 64) < 1e-9);
  uint64_t Var = (0x1fffffu & ~31u) | (uint64_t(1) << PageBits);
  auto P0 = fitPartition(C.Partition, {}, 0, 4, Var, Err);
  auto P66 = fitPartition(C.Partition, {}, 66, 4, Var, Err);
  EXPECT(P0 && P66);
  if (P0 && P66) {
    EXPECT((P0->Fit.Mask & 0x1fffff) == G.PartMask);
    EXPECT(P0->HeldOutAccuracy == 1.0 && P66->HeldOutAccuracy == 1.0);
    // Page 1's constant differs from page 0's: its indicator bit is set.
    EXPECT(P0->Fit.Mask >> PageBits & 1);
    EXPECT(P0->Fit.Constant != P66->Fit.Constant);
    std::printf("slicefit: partition mask %s held-out %.3f\n",
                hex(P0->Fit.Mask & 0x1fffff).c_str(), P0->HeldOutAccuracy);
  }
  // Another capture lives on other physical pages: flipped constants still
  // score fully, a wrong mask does not.
  std::vector<PartitionSample> Other;
  for (int I = 0; I < 200; ++I) {
    uint32_t O = Sector(Rng) * 32;
    Other.push_back({0, O, 0, 1 - G.partition(0, O)});
  }
  auto PX = fitPartition(C.Partition, Other, 0, 0, Var, Err);
  EXPECT(PX && PX->HeldOutAccuracy == 1.0 && PX->HeldOut == 200);
  for (auto &S : Other)
    S.Far = parity64(S.Offset & 0x1000);
  PX = fitPartition(C.Partition, Other, 0, 0, Var, Err);
  EXPECT(PX && PX->HeldOutAccuracy < 0.9);
  std::vector<PairTest> Train, Test;
  for (const PairTest &T : C.Pairs)
    (T.Mode == "enum" ? Train : Test).push_back(T);
  PairFit F = fitPairs(Train, Test, 0x1fffe0);
  EXPECT(F.Contradictions == 0);
  EXPECT(F.accuracy() == 1.0 && F.TestSame > 0);
  auto Truth = G.SliceMasks;
  Truth.push_back(G.PartMask);
  EXPECT(reducedBasis(F.Masks) == reducedBasis(Truth));
  std::printf("slicefit: pairs kernel dim %zu, masks %zu, held-out %.3f "
              "(same %zu/%zu)\n",
              F.Kernel.size(), F.Masks.size(), F.accuracy(), F.TestSameOk,
              F.TestSame);

  // Invariant subspace of a non-linear slice choice: slice = (A x) mod 3
  // for a linear A whose kernel K0 holds 0x14d00 and bits 5, 6, 7, 9; a line
  // enumeration of one reference recovers K0 (and nothing else).
  {
    const std::vector<uint64_t> K0 = {0x20, 0x40, 0x80, 0x200, 0x14d00};
    // Rows of A: the annihilator of K0 (fitPairs computes exactly that).
    std::vector<PairTest> Gen;
    for (uint64_t D : K0)
      Gen.push_back({0, D, true, "enum"});
    const std::vector<uint64_t> Rows = fitPairs(Gen, {}, 0x1fffe0).Masks;
    EXPECT(Rows.size() == 11);
    auto Slice = [&](uint64_t X) {
      uint64_t V = 0;
      for (size_t I = 0; I < Rows.size(); ++I)
        V |= uint64_t(parity64(X & Rows[I])) << I;
      return int(V % 3);
    };
    uint64_t Ref = 0x3c80;
    std::vector<PairTest> En;
    for (uint64_t S : {32u, 64u, 96u})
      En.push_back({Ref, Ref + S, Slice(Ref + S) == Slice(Ref), "enum"});
    for (uint64_t L = 0; L < (1u << 21); L += 128)
      if (L != Ref)
        En.push_back({Ref, L, Slice(L) == Slice(Ref), "enum"});
    auto Inv = invariantSubspace(En);
    bool HasAll = true;
    for (uint64_t D : K0)
      HasAll = HasAll && inSpan(Inv, D);
    EXPECT(HasAll && Inv.size() == 5);
    std::printf("slicefit: invariant subspace dim %zu, holds K0: %s\n",
                Inv.size(), HasAll ? "yes" : "no");
  }

  // A slice choice that is not linear (a residue mod 3) shows up as
  // contradictions or held-out misses, not as a confident map.
  std::vector<PairTest> NL, NLTest;
  for (int I = 0; I < 4000; ++I) {
    uint64_t A = Rng() & 0x1fff80, B = Rng() & 0x1fff80;
    PairTest T{A, B, (A >> 7) % 3 == (B >> 7) % 3, "pairs"};
    (I % 4 == 3 ? NLTest : NL).push_back(T);
  }
  PairFit N = fitPairs(NL, NLTest, 0x1fff80);
  EXPECT(N.Contradictions > 0 || N.accuracy() < 0.99);
  std::printf("slicefit: mod-3 contradictions=%s\n",
              N.Contradictions > 0 ? "yes" : "no");
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

void testNvml() {
  // No device has this bus id: with or without libnvidia-ml, telemetry must
  // degrade to -1 values and a reason, never a crash.
  Nvml N("ffff:ff:1f.7");
  Telemetry T = N.sample();
  EXPECT(!N.available() && !N.error().empty());
  EXPECT(T.SmClockMhz == -1 && T.MemClockMhz == -1 && T.TempC == -1 &&
         T.PowerW == -1);
  EXPECT(N.driverVersion().empty() && N.maxSmClockMhz() == 0);
  std::printf("nvml: available=%d sample=%d/%d/%d/%.0f\n", int(N.available()),
              T.SmClockMhz, T.MemClockMhz, T.TempC, T.PowerW);
}

} // namespace

int main(int Argc, char **Argv) {
  const std::map<std::string, std::function<void()>> Suites = {
      {"args", testArgs},        {"stats", testStats},
      {"json", testJson},        {"gf2-affine", testGf2Affine},
      {"gf2-hash", testGf2Hash}, {"decode", testDecode},
      {"ncu-csv", testNcuCsv},   {"slicefit", testSliceFit},
      {"nvml", testNvml},        {"compare", testCompare}};
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
