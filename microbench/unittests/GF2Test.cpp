//===- GF2Test.cpp - Affine and linear hash fits over GF(2) ---------------===//
//
// The affine fit of one bit recovers random masks with constants and names
// the undetermined bits of rank-deficient input and inconsistent input. The
// linear hash fit from arbitrary slice labels recovers synthetic XOR hashes
// (8..128 slices, relabelled) with full held-out accuracy and the true
// span; too few samples and a fixed bit are rank-deficient; a mod-3
// mapping is reported as not linear.
//
//===----------------------------------------------------------------------===//
#include "microbench/host/GF2.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

using namespace sectorscope::mb;

namespace {

const uint64_t AddressBits5To20 = 0x1fffe0;

TEST(GF2, AffineFitRecoversRandomMasks) {
  std::mt19937_64 Rng(7);
  const uint64_t Var = AddressBits5To20;
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
    EXPECT_TRUE(F && F->Mask == Mask && F->Constant == C) << Err;
    Recovered += F && F->Mask == Mask && F->Constant == C;
  }
  EXPECT_EQ(Recovered, 50);
}

TEST(GF2, AffineFitNamesUndeterminedAndInconsistentInput) {
  std::mt19937_64 Rng(7);
  const uint64_t Var = AddressBits5To20;
  // Bit 12 never varies: its coefficient cannot be determined.
  std::vector<uint64_t> X;
  std::vector<uint8_t> Y;
  for (int I = 0; I < 200; ++I) {
    uint64_t V = Rng() & Var & ~(uint64_t(1) << 12);
    X.push_back(V);
    Y.push_back(uint8_t(parity64(V & 0x2020)));
  }
  std::string Err;
  EXPECT_FALSE(solveAffine(X, Y, Var, true, Err));
  EXPECT_PRED_FORMAT2(::testing::IsSubstring, "rank deficient: ", Err);
  EXPECT_PRED_FORMAT2(::testing::IsSubstring,
                      "address bits {12} are not determined", Err);
  // Targets that are not linear (an AND of two bits).
  Y.clear();
  for (uint64_t V : X)
    Y.push_back(uint8_t((V >> 5 & 1) & (V >> 6 & 1)));
  EXPECT_FALSE(solveAffine(X, Y, Var & ~(uint64_t(1) << 12), true, Err));
  EXPECT_PRED_FORMAT2(::testing::IsSubstring,
                      "inconsistent: no XOR of address bits", Err);
  EXPECT_FALSE(solveAffine({}, {}, Var, true, Err));
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

TEST(GF2, HashFitRecoversRelabelledXorHashes) {
  std::mt19937_64 Rng(11);
  const uint64_t Var = AddressBits5To20;
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
    EXPECT_TRUE(H.has_value()) << Err;
    if (!H)
      continue;
    EXPECT_TRUE(H->Injective);
    double Acc = accuracy(*H, TX, TY);
    EXPECT_EQ(Acc, 1.0);
    Perfect += Acc == 1.0;
    // The fitted masks span the same space as the true ones.
    SameSpan += reducedBasis(H->Masks) == reducedBasis(S.Masks);
    EXPECT_EQ(reducedBasis(H->Masks), reducedBasis(S.Masks));
  }
  EXPECT_EQ(Perfect, Trials);
  EXPECT_EQ(SameSpan, Trials);
}

TEST(GF2, HashFitRejectsRankDeficientAndNonLinearInput) {
  std::mt19937_64 Rng(13);
  const uint64_t Var = AddressBits5To20;
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
  EXPECT_FALSE(fitLinearHash(X, Y, Var, Err));
  EXPECT_PRED_FORMAT2(::testing::IsSubstring,
                      "rank deficient: same-label differences span", Err);
  EXPECT_FALSE(fitLinearHash({}, {}, Var, Err));
  // Bit 9 fixed in every sample.
  for (uint64_t &V : X)
    V &= ~(uint64_t(1) << 9);
  EXPECT_FALSE(fitLinearHash(X, Y, Var, Err));
  EXPECT_PRED_FORMAT2(::testing::IsSubstring,
                      "rank deficient: address bits {9} never vary", Err);

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
  EXPECT_TRUE(H && !H->Injective);
  ASSERT_TRUE(H.has_value()) << Err;
  EXPECT_FALSE(H->Injective);
}

} // namespace
