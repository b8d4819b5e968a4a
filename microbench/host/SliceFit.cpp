//===- SliceFit.cpp - L2 partition and slice maps from probe captures -----===//
#include "microbench/host/SliceFit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <sstream>

namespace sectorscope::mb {

using nlohmann::json;

namespace {
const char *RedSum = "lts__t_sectors_op_red.sum";
const char *RedMax = "lts__t_sectors_op_red.max";
const char *RedAvg = "lts__t_sectors_op_red.avg";
} // namespace

std::vector<std::string> splitCsvLine(const std::string &Line) {
  std::vector<std::string> F;
  std::string Cur;
  bool Quoted = false;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (Quoted) {
      if (C == '"' && I + 1 < Line.size() && Line[I + 1] == '"') {
        Cur += '"';
        ++I;
      } else if (C == '"') {
        Quoted = false;
      } else {
        Cur += C;
      }
    } else if (C == '"') {
      Quoted = true;
    } else if (C == ',') {
      F.push_back(Cur);
      Cur.clear();
    } else if (C != '\r') {
      Cur += C;
    }
  }
  F.push_back(Cur);
  return F;
}

bool parseNcuNumber(const std::string &Field, double &Out) {
  // ncu prints thousands separators in its CSV values ("1,487").
  std::string Clean;
  for (char C : Field)
    if (C != ',' && C != ' ')
      Clean += C;
  if (Clean.empty())
    return false;
  char *End = nullptr;
  Out = std::strtod(Clean.c_str(), &End);
  return End && *End == '\0';
}

bool parseNcuCsv(const std::string &Text, NcuMetrics &Out, std::string &Error) {
  std::stringstream SS(Text);
  std::string Line;
  int IdCol = -1, NameCol = -1, ValueCol = -1;
  size_t Rows = 0;
  while (std::getline(SS, Line)) {
    if (Line.empty() || Line[0] != '"')
      continue; // ncu's ==PROF== lines and the program's own output.
    auto F = splitCsvLine(Line);
    if (!F.empty() && F[0] == "ID") {
      IdCol = NameCol = ValueCol = -1;
      for (size_t I = 0; I < F.size(); ++I) {
        if (F[I] == "ID")
          IdCol = int(I);
        else if (F[I] == "Metric Name")
          NameCol = int(I);
        else if (F[I] == "Metric Value")
          ValueCol = int(I);
      }
      continue;
    }
    if (IdCol < 0 || NameCol < 0 || ValueCol < 0)
      continue;
    int Need = std::max(IdCol, std::max(NameCol, ValueCol));
    double V = 0;
    if (int(F.size()) <= Need || !parseNcuNumber(F[size_t(ValueCol)], V))
      continue;
    Out[std::atoi(F[size_t(IdCol)].c_str())][F[size_t(NameCol)]] = V;
    ++Rows;
  }
  if (!Rows) {
    Error = "no ncu CSV rows with ID, Metric Name and Metric Value";
    return false;
  }
  return true;
}

std::optional<uint32_t> decodeExcess(double Count, int Base, uint32_t Offset,
                                     int Bits) {
  double Q = Count / Base - double(Offset);
  long long N = std::llround(Q);
  if (std::fabs(Q - double(N)) > 0.25 || N < 0 || N >= (1LL << Bits))
    return std::nullopt;
  return uint32_t(N);
}

uint64_t probeFeature(int Page, uint32_t Offset) {
  uint64_t X = Offset & ((uint64_t(1) << PageBits) - 1);
  if (Page > 0)
    X |= uint64_t(1) << (PageBits - 1 + Page);
  return X;
}

bool readCapture(const json &Manifest, const NcuMetrics &Ncu, Capture &Out,
                 std::string &Error) {
  const int Base = Manifest.value("base", 0);
  if (Base <= 0 || !Manifest.contains("launches")) {
    Error = "manifest without base or launches";
    return false;
  }
  size_t Missing = 0, BadSum = 0, BadMax = 0, AllFar = 0, Mixed = 0,
         Weighted = 0, PairLaunches = 0;
  double SliceSum = 0;
  size_t SliceN = 0;
  for (const json &L : Manifest["launches"]) {
    const json &Offs = L["offsets"];
    std::string Mode =
        L.value("mode", Offs.empty() ? std::string("baseline") : "weights");
    if (Mode == "baseline")
      continue;
    auto It = Ncu.find(L["launch"].get<int>());
    if (It == Ncu.end() || !It->second.count(RedSum) ||
        (L.contains("ran") && !L["ran"].get<bool>())) {
      ++Missing;
      continue;
    }
    const auto &M = It->second;
    const int K = int(Offs.size());
    const int Page = L["page"].get<int>(), Sm = L["sm"].get<int>();
    if (M.count(RedAvg) && M.at(RedAvg) > 0) {
      SliceSum += M.at(RedSum) / M.at(RedAvg);
      ++SliceN;
    }
    auto Far = decodeExcess(M.at(RedSum), Base, (1u << K) - 1, K);
    if (!Far) {
      ++BadSum;
      continue;
    }
    if (Mode == "weights") {
      ++Weighted;
      for (int I = 0; I < K; ++I)
        Out.Partition.push_back(
            {Page, Offs[size_t(I)].get<uint32_t>(), Sm, int(*Far >> I & 1)});
      continue;
    }
    // Pairs: every address was chosen near; a far one would also load a
    // near slice through the fabric and spoil the maximum.
    ++PairLaunches;
    if (*Far == (1u << K) - 1) {
      ++AllFar; // The other SM of the pair sees these addresses near.
      continue;
    }
    if (*Far) {
      ++Mixed; // The partition hash put them together wrongly.
      continue;
    }
    if (!M.count(RedMax)) {
      ++Missing;
      continue;
    }
    auto Same = decodeExcess(M.at(RedMax), Base, 1u << (K - 1), K - 1);
    if (!Same) {
      ++BadMax;
      continue;
    }
    const uint64_t Ref =
        probeFeature(Page, Offs[size_t(K - 1)].get<uint32_t>());
    for (int I = 0; I + 1 < K; ++I)
      Out.Pairs.push_back({Ref,
                           probeFeature(Page, Offs[size_t(I)].get<uint32_t>()),
                           bool(*Same >> I & 1), Mode});
  }
  Out.Slices = SliceN ? SliceSum / double(SliceN) : 0;
  Out.Diag = {{"weighted_launches", Weighted},
              {"pair_launches", PairLaunches},
              {"launches_missing", Missing},
              {"sum_not_decodable", BadSum},
              {"max_not_decodable", BadMax},
              {"pair_launches_all_far", AllFar},
              {"pair_launches_mixed_partitions", Mixed},
              {"partition_samples", Out.Partition.size()},
              {"pair_tests", Out.Pairs.size()},
              {"slices_from_sum_over_avg", Out.Slices}};
  if (Out.Partition.empty() && Out.Pairs.empty()) {
    Error = "no decodable probe launch in the capture";
    return false;
  }
  return true;
}

std::optional<PartitionFit>
fitPartition(const std::vector<PartitionSample> &Train,
             const std::vector<PartitionSample> &Test, int Sm, int HoldOutEvery,
             uint64_t VarMask, std::string &Error) {
  std::vector<uint64_t> X, TX;
  std::vector<uint8_t> Y, TY;
  size_t N = 0;
  for (const PartitionSample &S : Train) {
    if (S.Sm != Sm)
      continue;
    bool Hold = Test.empty() && HoldOutEvery > 0 &&
                N % size_t(HoldOutEvery) == size_t(HoldOutEvery - 1);
    ++N;
    (Hold ? TX : X).push_back(probeFeature(S.Page, S.Offset));
    (Hold ? TY : Y).push_back(uint8_t(S.Far));
  }
  auto F = solveAffine(X, Y, VarMask, true, Error);
  if (!F)
    return std::nullopt;
  PartitionFit P;
  P.Fit = *F;
  P.Train = X.size();
  size_t Ok = 0;
  for (size_t I = 0; I < TX.size(); ++I)
    Ok += F->eval(TX[I]) == TY[I];
  // Another capture has other physical pages, whose constants training
  // cannot know: score the offset mask with each test page's constant set
  // by majority over that page's samples.
  std::map<int, std::pair<size_t, size_t>> PerPage; // agree, total
  const uint64_t OffMask = F->Mask & ((uint64_t(1) << PageBits) - 1);
  for (const PartitionSample &S : Test)
    if (S.Sm == Sm) {
      auto &[Agree, Total] = PerPage[S.Page];
      Agree += parity64(S.Offset & OffMask) == S.Far;
      ++Total;
    }
  size_t Held = TX.size();
  for (auto &[Page, AT] : PerPage) {
    Ok += std::max(AT.first, AT.second - AT.first);
    Held += AT.second;
  }
  P.HeldOut = Held;
  P.HeldOutAccuracy = Held ? double(Ok) / double(Held) : 0.0;
  return P;
}

std::vector<uint64_t> invariantSubspace(const std::vector<PairTest> &Tests) {
  // Line enumerations test every line of the class but only the reference's
  // own sectors: line-level invariants come from the member lines, sector
  // bits from the reference's sectors.
  constexpr uint64_t Line = ~uint64_t(127);
  std::map<uint64_t, std::set<uint64_t>> Class; // ref -> member lines
  std::map<uint64_t, uint64_t> SectorSame;      // ref -> same sector diffs
  for (const PairTest &T : Tests) {
    if (T.Mode != "enum")
      continue;
    Class[T.Ref].insert(T.Ref & Line);
    if (T.Same && (T.Cand & Line) == (T.Ref & Line))
      SectorSame[T.Ref] |= uint64_t(1) << ((T.Cand ^ T.Ref) >> 5 & 3);
    else if (T.Same)
      Class[T.Ref].insert(T.Cand & Line);
  }
  std::optional<std::set<uint64_t>> Common;
  for (auto &[Ref, Members] : Class) {
    // An invariant d maps the reference's line into the class.
    std::set<uint64_t> Inv;
    for (uint64_t X : Members) {
      uint64_t D = X ^ (Ref & Line);
      bool All = true;
      for (uint64_t Y : Members)
        if (!Members.count(Y ^ D)) {
          All = false;
          break;
        }
      if (All)
        Inv.insert(D);
    }
    // Sector differences 32, 64 and 96 tested against the reference.
    for (uint64_t S = 1; S < 4; ++S)
      if (SectorSame[Ref] >> S & 1)
        Inv.insert(S << 5);
    if (!Common) {
      Common = Inv;
    } else {
      std::set<uint64_t> Both;
      for (uint64_t D : Inv)
        if (Common->count(D))
          Both.insert(D);
      Common = Both;
    }
  }
  if (!Common)
    return {};
  Common->erase(0);
  return reducedBasis(std::vector<uint64_t>(Common->begin(), Common->end()));
}

bool inSpan(const std::vector<uint64_t> &B, uint64_t V) {
  for (uint64_t R : B)
    if (V >> (63 - __builtin_clzll(R)) & 1)
      V ^= R;
  return V == 0;
}

PairFit fitPairs(const std::vector<PairTest> &Train,
                 const std::vector<PairTest> &Test, uint64_t VarMask) {
  PairFit F;
  std::vector<uint64_t> Diffs;
  for (const PairTest &T : Train) {
    if (T.Same) {
      Diffs.push_back((T.Ref ^ T.Cand) & VarMask);
      ++F.TrainSame;
    } else {
      ++F.TrainDiff;
    }
  }
  F.Kernel = reducedBasis(Diffs);
  for (const PairTest &T : Train)
    if (!T.Same && inSpan(F.Kernel, (T.Ref ^ T.Cand) & VarMask))
      ++F.Contradictions;
  // Annihilator: one mask per non-pivot bit (see fitLinearHash).
  uint64_t Pivots = 0;
  for (uint64_t R : F.Kernel)
    Pivots |= uint64_t(1) << (63 - __builtin_clzll(R));
  for (int B = 0; B < 64; ++B) {
    if (!(VarMask >> B & 1) || (Pivots >> B & 1))
      continue;
    uint64_t M = uint64_t(1) << B;
    for (uint64_t R : F.Kernel)
      if (R >> B & 1)
        M |= uint64_t(1) << (63 - __builtin_clzll(R));
    F.Masks.push_back(M);
  }
  F.Masks = reducedBasis(F.Masks);
  std::reverse(F.Masks.begin(), F.Masks.end());
  for (const PairTest &T : Test) {
    bool Pred = inSpan(F.Kernel, (T.Ref ^ T.Cand) & VarMask);
    if (T.Same) {
      ++F.TestSame;
      F.TestSameOk += Pred;
    } else {
      ++F.TestDiff;
      F.TestDiffOk += !Pred;
    }
  }
  return F;
}

std::string hex(uint64_t V) {
  char Buf[24];
  std::snprintf(Buf, sizeof(Buf), "0x%llx", (unsigned long long)V);
  return Buf;
}

} // namespace sectorscope::mb
