//===- SliceFitTest.cpp - Partition and slice maps of a simulated L2 ------===//
//
// End to end on a simulated two-partition L2: weighted launches give the
// partition hash (also across pages with other constants), pair launches
// from two SMs give the slice hash; the invariant subspace of a non-linear
// (mod-3) slice choice is recovered from one line enumeration; a mod-3
// choice is flagged as not linear.
//
//===----------------------------------------------------------------------===//
#include "microbench/host/SliceFit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <random>

using namespace sectorscope::mb;
using nlohmann::json;

namespace {

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

/// A capture of the simulated L2 as the probe makes it: weighted launches
/// on two pages from SMs 0 and 66, then pair launches (enumerations first)
/// that keep to one partition and run from both SMs.
class SliceFit : public ::testing::Test {
protected:
  std::mt19937_64 Rng{3};
  SyntheticL2 G;
  std::uniform_int_distribution<uint32_t> Sector{0, (2u << 20) / 32 - 1};
  Capture C;

  void SetUp() override {
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
    for (int L = 0; L < 120; ++L) {
      std::vector<uint32_t> Offs;
      for (int I = 0; I < 12; ++I)
        Offs.push_back(Sector(Rng) * 32);
      Add("weights", L % 5 == 0 ? 1 : 0, L % 3 == 0 ? 66 : 0, Offs);
    }
    // One of the two SMs sees every address of a pair launch far; the
    // capture drops that run.
    for (int L = 0; L < 300; ++L) {
      std::vector<uint32_t> Offs;
      for (int I = 0; I < 16; ++I)
        Offs.push_back(randomIn(L % 2));
      Add(L < 200 ? "enum" : "pairs", 0, 0, Offs);
      Add(L < 200 ? "enum" : "pairs", 0, 66, Offs);
    }
    std::string Err;
    ASSERT_TRUE(readCapture(M, Ncu, C, Err)) << Err;
  }

  uint32_t randomIn(int Part) {
    uint32_t O;
    do
      O = Sector(Rng) * 32;
    while (G.partition(0, O) != Part);
    return O;
  }
};

TEST_F(SliceFit, CaptureDecodesEveryLaunch) {
  EXPECT_TRUE(C.Diag["sum_not_decodable"] == 0 &&
              C.Diag["max_not_decodable"] == 0);
  EXPECT_EQ(C.Partition.size(), 120u * 12);
  EXPECT_EQ(C.Diag["pair_launches_all_far"], 300);
  EXPECT_EQ(C.Diag["pair_launches_mixed_partitions"], 0);
  EXPECT_LT(std::fabs(C.Slices - 64), 1e-9);
}

TEST_F(SliceFit, PartitionHashAcrossPagesAndCaptures) {
  std::string Err;
  uint64_t Var = (0x1fffffu & ~31u) | (uint64_t(1) << PageBits);
  auto P0 = fitPartition(C.Partition, {}, 0, 4, Var, Err);
  auto P66 = fitPartition(C.Partition, {}, 66, 4, Var, Err);
  EXPECT_TRUE(P0 && P66) << Err;
  if (P0 && P66) {
    EXPECT_EQ(P0->Fit.Mask & 0x1fffff, G.PartMask);
    EXPECT_TRUE(P0->HeldOutAccuracy == 1.0 && P66->HeldOutAccuracy == 1.0);
    // Page 1's constant differs from page 0's: its indicator bit is set.
    EXPECT_TRUE(P0->Fit.Mask >> PageBits & 1);
    EXPECT_NE(P0->Fit.Constant, P66->Fit.Constant);
    EXPECT_EQ(hex(P0->Fit.Mask & 0x1fffff), "0xab000");
  }
  // Another capture lives on other physical pages: flipped constants still
  // score fully, a wrong mask does not.
  std::vector<PartitionSample> Other;
  for (int I = 0; I < 200; ++I) {
    uint32_t O = Sector(Rng) * 32;
    Other.push_back({0, O, 0, 1 - G.partition(0, O)});
  }
  auto PX = fitPartition(C.Partition, Other, 0, 0, Var, Err);
  EXPECT_TRUE(PX && PX->HeldOutAccuracy == 1.0 && PX->HeldOut == 200);
  for (auto &S : Other)
    S.Far = parity64(S.Offset & 0x1000);
  PX = fitPartition(C.Partition, Other, 0, 0, Var, Err);
  EXPECT_TRUE(PX && PX->HeldOutAccuracy < 0.9);
}

TEST_F(SliceFit, SliceHashFromPairLaunches) {
  std::vector<PairTest> Train, Test;
  for (const PairTest &T : C.Pairs)
    (T.Mode == "enum" ? Train : Test).push_back(T);
  PairFit F = fitPairs(Train, Test, 0x1fffe0);
  EXPECT_EQ(F.Contradictions, 0u);
  EXPECT_TRUE(F.accuracy() == 1.0 && F.TestSame > 0);
  auto Truth = G.SliceMasks;
  Truth.push_back(G.PartMask);
  EXPECT_EQ(reducedBasis(F.Masks), reducedBasis(Truth));
  EXPECT_EQ(F.Kernel.size(), 10u);
  EXPECT_EQ(F.Masks.size(), 6u);
}

TEST(SliceFitNonLinear, InvariantSubspaceOfAMod3Choice) {
  // slice = (A x) mod 3 for a linear A whose kernel K0 holds 0x14d00 and
  // bits 5, 6, 7, 9; a line enumeration of one reference recovers K0 (and
  // nothing else).
  const std::vector<uint64_t> K0 = {0x20, 0x40, 0x80, 0x200, 0x14d00};
  // Rows of A: the annihilator of K0 (fitPairs computes exactly that).
  std::vector<PairTest> Gen;
  for (uint64_t D : K0)
    Gen.push_back({0, D, true, "enum"});
  const std::vector<uint64_t> Rows = fitPairs(Gen, {}, 0x1fffe0).Masks;
  EXPECT_EQ(Rows.size(), 11u);
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
  EXPECT_TRUE(HasAll && Inv.size() == 5);
}

TEST(SliceFitNonLinear, Mod3ChoiceIsNotAConfidentMap) {
  // A slice choice that is not linear (a residue mod 3) shows up as
  // contradictions or held-out misses, not as a confident map.
  std::mt19937_64 Rng(3);
  std::vector<PairTest> NL, NLTest;
  for (int I = 0; I < 4000; ++I) {
    uint64_t A = Rng() & 0x1fff80, B = Rng() & 0x1fff80;
    PairTest T{A, B, (A >> 7) % 3 == (B >> 7) % 3, "pairs"};
    (I % 4 == 3 ? NLTest : NL).push_back(T);
  }
  PairFit N = fitPairs(NL, NLTest, 0x1fff80);
  EXPECT_TRUE(N.Contradictions > 0 || N.accuracy() < 0.99);
  EXPECT_GT(N.Contradictions, 0u);
}

} // namespace
