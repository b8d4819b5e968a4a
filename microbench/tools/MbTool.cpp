//===- MbTool.cpp - Host-side helpers for the micro-benchmark data --------===//
//
//   sectorscope-mbtool compare A.json B.json [--max-dram-median PCT]
//       Run-to-run agreement of two suite reports (median_ms per row).
//   sectorscope-mbtool fitmap --capture M.json:NCU.csv [--capture ...]
//       [--test M.json:NCU.csv ...] [--out MAP.json]
//       Fits the L2 partition hash and the slice hash from slice-probe
//       captures (manifest written by the probe, CSV written by ncu).
//
//===----------------------------------------------------------------------===//
#include "microbench/host/Compare.h"
#include "microbench/host/Report.h"
#include "microbench/host/SliceFit.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace sectorscope::mb;
using nlohmann::json;

namespace {

bool readFile(const std::string &Path, std::string &Text) {
  std::ifstream IS(Path);
  if (!IS)
    return false;
  std::stringstream SS;
  SS << IS.rdbuf();
  Text = SS.str();
  return true;
}

bool readJson(const std::string &Path, json &J) {
  std::string T;
  if (!readFile(Path, T)) {
    std::fprintf(stderr, "sectorscope-mbtool: cannot read %s\n", Path.c_str());
    return false;
  }
  try {
    J = json::parse(T);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "sectorscope-mbtool: %s: %s\n", Path.c_str(),
                 E.what());
    return false;
  }
  return true;
}

int compare(int Argc, char **Argv) {
  if (Argc < 4) {
    std::fprintf(stderr, "usage: sectorscope-mbtool compare A.json B.json "
                         "[--max-dram-median PCT]\n");
    return 1;
  }
  double MaxPct = -1;
  for (int I = 4; I + 1 < Argc; I += 2)
    if (std::string(Argv[I]) == "--max-dram-median")
      MaxPct = std::atof(Argv[I + 1]);
  json A, B, S;
  if (!readJson(Argv[2], A) || !readJson(Argv[3], B))
    return 1;
  std::string Err;
  if (!compareReports(A, B, S, Err)) {
    std::fprintf(stderr, "sectorscope-mbtool: %s\n", Err.c_str());
    return 1;
  }
  std::printf("%s\n", S.dump(1).c_str());
  if (MaxPct >= 0 && S["dram"].contains("median_rel_diff") &&
      S["dram"]["median_rel_diff"].get<double>() * 100 > MaxPct) {
    std::fprintf(stderr, "DRAM median difference above %.2f%%\n", MaxPct);
    return 2;
  }
  return 0;
}

bool loadCapture(const std::string &Spec, Capture &C) {
  size_t Colon = Spec.find(':');
  if (Colon == std::string::npos) {
    std::fprintf(stderr,
                 "sectorscope-mbtool: capture '%s' is not "
                 "MANIFEST.json:NCU.csv\n",
                 Spec.c_str());
    return false;
  }
  json M;
  std::string Text, Err;
  if (!readJson(Spec.substr(0, Colon), M))
    return false;
  if (!readFile(Spec.substr(Colon + 1), Text)) {
    std::fprintf(stderr, "sectorscope-mbtool: cannot read %s\n",
                 Spec.substr(Colon + 1).c_str());
    return false;
  }
  NcuMetrics Ncu;
  if (!parseNcuCsv(Text, Ncu, Err) || !readCapture(M, Ncu, C, Err)) {
    std::fprintf(stderr, "sectorscope-mbtool: %s: %s\n", Spec.c_str(),
                 Err.c_str());
    return false;
  }
  if (C.Diag.is_object()) {
    C.Diag["capture"] = Spec;
    C.Diag["probe_date_utc"] = M.value("date_utc", "");
    C.Diag["gpu"] = M.value("gpu", json::object());
  }
  return true;
}

json bitsOf(uint64_t M) {
  json Bits = json::array();
  for (int B = 0; B < 64; ++B)
    if (M >> B & 1)
      Bits.push_back(B);
  return Bits;
}

/// Partition hash per SM (train captures, held out on test captures or
/// every fourth sample).
json partitionSection(const std::vector<PartitionSample> &Train,
                      const std::vector<PartitionSample> &Test, int Pages,
                      bool &Ok) {
  // Offsets are 32-byte aligned, so bits 0..4 never vary; a page indicator
  // takes part only for the SMs that probed that page.
  const uint64_t OffsetVar = ((uint64_t(1) << PageBits) - 1) & ~uint64_t(31);
  std::map<int, size_t> Sms;
  std::map<int, uint64_t> SmVar;
  for (const auto &S : Train) {
    ++Sms[S.Sm];
    SmVar[S.Sm] |= OffsetVar;
    if (S.Page > 0 && S.Page < Pages)
      SmVar[S.Sm] |= uint64_t(1) << (PageBits - 1 + S.Page);
  }
  json J = json::object();
  json PerSm = json::array();
  uint64_t Mask = 0;
  bool Same = true;
  size_t HeldOk = 0, Held = 0;
  for (auto [Sm, N] : Sms) {
    std::string Err;
    auto F =
        fitPartition(Train, Test, Sm, Test.empty() ? 4 : 0, SmVar[Sm], Err);
    if (!F) {
      PerSm.push_back({{"sm", Sm}, {"samples", N}, {"error", Err}});
      std::printf("partition sm %d: %s\n", Sm, Err.c_str());
      Ok = false;
      continue;
    }
    uint64_t PageMask = F->Fit.Mask & ((uint64_t(1) << PageBits) - 1);
    if (PerSm.empty())
      Mask = PageMask;
    Same = Same && PageMask == Mask;
    json PageConst = json::object();
    for (int P = 0; P < Pages; ++P)
      if (P == 0 || (SmVar[Sm] >> (PageBits - 1 + P) & 1))
        PageConst[std::to_string(P)] =
            F->Fit.Constant ^
            (P ? int(F->Fit.Mask >> (PageBits - 1 + P) & 1) : 0);
    PerSm.push_back({{"sm", Sm},
                     {"train_samples", F->Train},
                     {"heldout_samples", F->HeldOut},
                     {"heldout_accuracy", F->HeldOutAccuracy},
                     {"far_mask", hex(PageMask)},
                     {"far_constant_per_page", PageConst}});
    HeldOk += size_t(std::llround(F->HeldOutAccuracy * double(F->HeldOut)));
    Held += F->HeldOut;
    std::printf("partition sm %d: mask %s bits %s, held-out %.4f of %zu\n", Sm,
                hex(PageMask).c_str(), bitsOf(PageMask).dump().c_str(),
                F->HeldOutAccuracy, F->HeldOut);
  }
  J["partitions"] = 2;
  J["mask"] = hex(Mask);
  J["bits"] = bitsOf(Mask);
  J["same_mask_for_every_sm"] = Same;
  J["granularity_bytes"] = Mask ? (1LL << __builtin_ctzll(Mask)) : 0;
  J["heldout_samples"] = Held;
  J["heldout_accuracy"] = Held ? double(HeldOk) / double(Held) : 0.0;
  J["per_sm"] = PerSm;
  J["meaning"] = "far(SM, a) = parity(a & mask) ^ c(SM, page): the L2 "
                 "partition of address a is parity(a & mask) ^ c(page), "
                 "c(page) from the physical bits above 20";
  return J;
}

/// What the full enumerations say without any model: the size of each
/// reference's slice class, and the address bits whose flip never leaves
/// the class (bits 5..6 from the reference's own sectors, 7..20 from every
/// member line).
json enumerationFacts(const std::vector<PairTest> &Tests) {
  std::map<uint64_t, std::map<uint64_t, bool>> ByRef; // ref -> cand -> same
  for (const auto &T : Tests)
    if (T.Mode == "enum")
      ByRef[T.Ref][T.Cand] = T.Same;
  json Out = json::array();
  for (auto &[Ref, Cands] : ByRef) {
    std::set<uint64_t> Tested = {Ref >> 7}, Class = {Ref >> 7};
    for (auto &[C, Same] : Cands) {
      if ((C >> 7) == (Ref >> 7))
        continue;
      Tested.insert(C >> 7);
      if (Same)
        Class.insert(C >> 7);
    }
    json Inv = json::array();
    for (int B = 5; B < 7; ++B) {
      auto It = Cands.find(Ref ^ (uint64_t(1) << B));
      if (It != Cands.end() && It->second)
        Inv.push_back(B);
    }
    for (int B = 7; B < PageBits; ++B) {
      bool All = true;
      for (uint64_t L : Class)
        All = All && Class.count(L ^ (uint64_t(1) << (B - 7)));
      if (All)
        Inv.push_back(B);
    }
    Out.push_back(
        {{"reference", hex(Ref)},
         {"lines_tested", Tested.size()},
         {"lines_in_class", Class.size()},
         {"slices_estimate", double(Tested.size()) / double(Class.size())},
         {"invariant_bits", Inv}});
    std::printf("  enumeration %s: %zu of %zu lines share its slice (~%.1f "
                "slices), invariant bits %s\n",
                hex(Ref).c_str(), Class.size(), Tested.size(),
                double(Tested.size()) / double(Class.size()),
                Out.back()["invariant_bits"].dump().c_str());
  }
  return Out;
}

/// The differences that never change the slice (from the line
/// enumerations), checked on every other test: pairs whose difference is in
/// the span must all share a slice.
json invariantSection(const std::vector<PairTest> &Train,
                      const std::vector<PairTest> &Test) {
  std::vector<uint64_t> K0 = invariantSubspace(Train);
  json J;
  json Basis = json::array();
  for (uint64_t V : K0)
    Basis.push_back(hex(V));
  J["basis"] = Basis;
  J["dim"] = K0.size();
  size_t In = 0, InSame = 0, Out = 0, OutSame = 0;
  for (const auto *Set : {&Train, &Test})
    for (const PairTest &T : *Set) {
      if (T.Mode == "enum")
        continue; // The basis was derived from these.
      bool Pred = !K0.empty() && inSpan(K0, T.Ref ^ T.Cand);
      (Pred ? In : Out) += 1;
      (Pred ? InSame : OutSame) += T.Same;
    }
  J["heldout_in_span"] = In;
  J["heldout_in_span_same"] = InSame;
  J["heldout_in_span_accuracy"] = In ? double(InSame) / double(In) : 0.0;
  J["heldout_out_of_span"] = Out;
  J["heldout_out_of_span_same_rate"] =
      Out ? double(OutSame) / double(Out) : 0.0;
  J["meaning"] = "a and a ^ d share an L2 slice for every d in the span "
                 "(offsets in one 2 MiB page)";
  std::printf("  invariant subspace %s: held-out %zu/%zu in-span pairs share a "
              "slice; %zu/%zu out-of-span pairs do\n",
              Basis.dump().c_str(), InSame, In, OutSame, Out);
  return J;
}

/// Unit enumerations: a reference against one address per coset of the
/// invariant basis of its partition class.
json unitEnumerationFacts(const std::vector<PairTest> &Tests) {
  std::map<uint64_t, std::pair<size_t, size_t>> ByRef; // tested, same
  for (const PairTest &T : Tests)
    if (T.Mode == "uenum") {
      ++ByRef[T.Ref].first;
      ByRef[T.Ref].second += T.Same;
    }
  json Out = json::array();
  std::vector<size_t> Sizes;
  for (auto &[Ref, TS] : ByRef) {
    size_t Tested = TS.first + 1, Class = TS.second + 1; // With the ref.
    Out.push_back({{"reference", hex(Ref)},
                   {"units_tested", Tested},
                   {"units_in_class", Class},
                   {"slices_estimate", double(Tested) / double(Class)}});
    Sizes.push_back(Class);
  }
  if (!Sizes.empty()) {
    std::sort(Sizes.begin(), Sizes.end());
    std::printf("  unit enumerations: %zu references, class sizes %zu..%zu "
                "units\n",
                Sizes.size(), Sizes.front(), Sizes.back());
  }
  return Out;
}

json sliceSection(const std::vector<PairTest> &AllTrain,
                  const std::vector<PairTest> &AllTest, bool &Ok) {
  std::vector<PairTest> Train, Test = AllTest;
  // Without test captures: the enumerations train and the random pairs
  // (fresh references) test, which also checks translation invariance.
  bool HaveEnum = false;
  for (const auto &T : AllTrain)
    HaveEnum = HaveEnum || T.Mode == "enum";
  size_t I = 0;
  for (const auto &T : AllTrain) {
    bool Hold =
        AllTest.empty() && (HaveEnum ? T.Mode != "enum" : (I++ % 4 == 3));
    (Hold ? Test : Train).push_back(T);
  }
  const uint64_t Var = ((uint64_t(1) << PageBits) - 1) & ~uint64_t(31);
  PairFit F = fitPairs(Train, Test, Var);
  json J;
  J["train_same"] = F.TrainSame;
  J["train_different"] = F.TrainDiff;
  J["contradictions"] = F.Contradictions;
  J["kernel_dim"] = F.Kernel.size();
  json K = json::array(), M = json::array();
  for (uint64_t V : F.Kernel)
    K.push_back(hex(V));
  for (uint64_t V : F.Masks)
    M.push_back({{"mask", hex(V)}, {"bits", bitsOf(V)}});
  J["kernel_basis"] = K;
  J["masks"] = M;
  J["hash_bits"] = F.Masks.size();
  J["test_same"] = F.TestSame;
  J["test_same_predicted"] = F.TestSameOk;
  J["test_different"] = F.TestDiff;
  J["test_different_predicted"] = F.TestDiffOk;
  J["heldout_accuracy"] = F.accuracy();
  double Tpr = F.TestSame ? double(F.TestSameOk) / double(F.TestSame) : 0;
  double Tnr = F.TestDiff ? double(F.TestDiffOk) / double(F.TestDiff) : 0;
  J["heldout_same_recall"] = Tpr;
  J["heldout_different_recall"] = Tnr;
  const bool Linear = F.Contradictions == 0 && F.TestSameOk == F.TestSame &&
                      F.TestDiffOk == F.TestDiff && F.TestSame > 0;
  J["linear"] = Linear;
  if (!Linear) {
    // Same-slice differences span (nearly) everything: no XOR hash explains
    // the slices, and the annihilator is only what every slice pair shares.
    J["masks_common_to_all_slice_pairs"] = M;
    J["masks"] = json::array();
    J["hash_bits"] = 0;
    J["note"] = "no GF(2)-linear slice hash fits: 'different slice' pairs "
                "lie in the span of 'same slice' differences";
  }
  uint64_t Used = 0;
  for (uint64_t V : F.Masks)
    Used |= V;
  J["granularity_bytes"] = Used ? (1LL << __builtin_ctzll(Used)) : 0;
  J["meaning"] = "two addresses of one 2 MiB page (and one partition) share "
                 "an L2 slice iff parity((a ^ b) & mask) == 0 for every mask";
  std::printf("slices: %zu same / %zu different train pairs, kernel dim %zu, "
              "%zu contradictions, %zu hash bits; held-out %.4f (same %zu/%zu, "
              "different %zu/%zu)\n",
              F.TrainSame, F.TrainDiff, F.Kernel.size(), F.Contradictions,
              F.Masks.size(), F.accuracy(), F.TestSameOk, F.TestSame,
              F.TestDiffOk, F.TestDiff);
  for (const json &Mk : M)
    std::printf("  slice mask %s %s\n", Mk["mask"].get<std::string>().c_str(),
                Mk["bits"].dump().c_str());
  J["enumerations"] = enumerationFacts(AllTrain);
  J["invariant_subspace"] = invariantSection(AllTrain, AllTest);
  J["unit_enumerations"] = unitEnumerationFacts(AllTrain);
  if (!Linear && !J["enumerations"].empty()) {
    // The finest unit no enumeration splits: the lowest bit whose flip can
    // change the slice.
    auto InvariantEverywhere = [&](int Bit) {
      for (const json &E : J["enumerations"]) {
        bool Has = false;
        for (const json &B : E["invariant_bits"])
          Has = Has || B.get<int>() == Bit;
        if (!Has)
          return false;
      }
      return true;
    };
    int Low = 5;
    while (Low < PageBits && InvariantEverywhere(Low))
      ++Low;
    J["granularity_bytes"] = 1LL << Low;
    J["meaning"] = "measured facts only (no slice hash): see enumerations; "
                   "flipping an invariant bit never changes the slice";
  }
  if (F.TrainSame == 0)
    Ok = false;
  return J;
}

int fitmap(int Argc, char **Argv) {
  std::vector<std::string> TrainSpecs, TestSpecs;
  std::string Out;
  for (int I = 2; I + 1 < Argc; I += 2) {
    std::string A = Argv[I], V = Argv[I + 1];
    if (A == "--capture")
      TrainSpecs.push_back(V);
    else if (A == "--test")
      TestSpecs.push_back(V);
    else if (A == "--out")
      Out = V;
    else {
      std::fprintf(stderr, "sectorscope-mbtool: unknown option %s\n",
                   A.c_str());
      return 1;
    }
  }
  if (TrainSpecs.empty()) {
    std::fprintf(stderr, "usage: sectorscope-mbtool fitmap --capture "
                         "M.json:C.csv [--capture ...] [--test M.json:C.csv] "
                         "[--out MAP.json]\n");
    return 1;
  }
  Capture Train, Test;
  json Sources = json::array();
  json Gpu;
  double Slices = 0;
  for (auto *Specs : {&TrainSpecs, &TestSpecs})
    for (const auto &S : *Specs) {
      Capture C;
      if (!loadCapture(S, C))
        return 1;
      Capture &Dst = Specs == &TrainSpecs ? Train : Test;
      Dst.Partition.insert(Dst.Partition.end(), C.Partition.begin(),
                           C.Partition.end());
      Dst.Pairs.insert(Dst.Pairs.end(), C.Pairs.begin(), C.Pairs.end());
      C.Diag["role"] = Specs == &TrainSpecs ? "train" : "test";
      Sources.push_back(C.Diag);
      Gpu = C.Diag["gpu"];
      Slices = std::max(Slices, C.Slices);
      std::printf("capture %s: %s\n", S.c_str(), C.Diag.dump().c_str());
    }
  int Pages = 1;
  for (const auto *C : {&Train, &Test})
    for (const auto &S : C->Partition)
      Pages = std::max(Pages, S.Page + 1);
  bool Ok = true;
  json Map;
  Map["schema"] = "sectorscope-partition-map/1";
  Map["arch"] = "sm_90";
  Map["gpu"] = Gpu;
  Map["l2_slices"] = std::llround(Slices);
  Map["address_bits"] = "physical address bits 0..20 (the offset in a 2 MiB "
                        "page, equal to the virtual one); higher bits are "
                        "physical and unknown to the program, so every hash "
                        "holds up to a constant per 2 MiB page";
  std::string Cmd = "sectorscope-mbtool";
  for (int I = 1; I < Argc; ++I)
    Cmd += std::string(" ") + Argv[I];
  Map["fit_command"] = Cmd;
  Map["sources"] = Sources;
  Map["partition_hash"] =
      partitionSection(Train.Partition, Test.Partition, Pages, Ok);
  if (!Train.Pairs.empty())
    Map["slice_hash"] = sliceSection(Train.Pairs, Test.Pairs, Ok);
  // The summary the analyzer and runtime read; the sections above hold the
  // evidence.
  json Model;
  const json &Ph = Map["partition_hash"];
  Model["arch"] = "sm_90";
  Model["partitions"] = Ph["partitions"];
  Model["partition_mask"] = Ph["mask"];
  Model["partition_granularity_bytes"] = Ph["granularity_bytes"];
  Model["partition_heldout_accuracy"] = Ph["heldout_accuracy"];
  Model["l2_slices"] = Map["l2_slices"];
  Model["slices_per_partition"] =
      std::llround(Slices / Ph["partitions"].get<double>());
  if (Map.contains("slice_hash")) {
    const json &Sh = Map["slice_hash"];
    Model["slice_hash_linear"] = Sh["linear"];
    Model["slice_masks"] = Sh["masks"];
    Model["slice_invariant_basis"] = Sh["invariant_subspace"]["basis"];
    Model["slice_invariant_heldout_accuracy"] =
        Sh["invariant_subspace"]["heldout_in_span_accuracy"];
  }
  Model["usage"] =
      "for a and b in one 2 MiB page: same partition iff parity((a ^ b) & "
      "partition_mask) == 0; same slice if a ^ b is in the span of "
      "slice_invariant_basis (or, with slice_hash_linear, iff parity((a ^ b) "
      "& m) == 0 for every slice mask m); otherwise, in one partition, about "
      "1 / slices_per_partition";
  Map["model"] = Model;
  if (!Out.empty()) {
    std::string E;
    if (!writeJsonFile(Out, Map, E)) {
      std::fprintf(stderr, "sectorscope-mbtool: %s\n", E.c_str());
      return 1;
    }
  }
  return Ok ? 0 : 3;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Cmd = Argc > 1 ? Argv[1] : "";
  if (Cmd == "compare")
    return compare(Argc, Argv);
  if (Cmd == "fitmap")
    return fitmap(Argc, Argv);
  std::fprintf(stderr, "usage: sectorscope-mbtool compare|fitmap ...\n");
  return 1;
}
