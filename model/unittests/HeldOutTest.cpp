//===- HeldOutTest.cpp - Bounds margin and UTF-8-safe chart text ----------===//
#include "sectorscope/model/HeldOut.h"
#include "sectorscope/model/SvgChart.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace sectorscope::model;

TEST(HeldOut, MarginIsTheConformalQuantileOfTheLargerExcess) {
  // Ten kernels, excess 0.0 .. 0.9 (log) on alternating sides: at 90% the
  // ceil(11 x 0.9) = 10th smallest score, the largest: every kernel inside.
  std::vector<std::pair<double, double>> X;
  for (int I = 0; I < 10; ++I)
    X.push_back(I % 2 ? std::make_pair(0.1 * I, 0.0)
                      : std::make_pair(0.0, 0.1 * I));
  BoundsMargin B = fitBoundsMargin(X, 0.9);
  EXPECT_NEAR(std::log(B.LowerFactor), 0.9, 1e-12);
  EXPECT_NEAR(std::log(B.UpperFactor), 0.9, 1e-12);
  // At 50%: the ceil(11 x 0.5) = 6th smallest, 0.5.
  B = fitBoundsMargin(X, 0.5);
  EXPECT_NEAR(std::log(B.UpperFactor), 0.5, 1e-12);
  // Everything inside: no widening.
  B = fitBoundsMargin({{0, 0}, {0, 0}, {0, 0}}, 0.9);
  EXPECT_EQ(B.LowerFactor, 1);
  EXPECT_EQ(B.UpperFactor, 1);
  EXPECT_EQ(B.lower(2.0), 2.0);
}

TEST(HeldOut, ChartTextIsCutAtACharacter) {
  std::string S;
  for (int I = 0; I < 30; ++I)
    S += "\xc3\xa9\xe2\x86\x92"; // e-acute (2 bytes), arrow (3 bytes)
  EXPECT_EQ(utf8Length(S), 60u);
  std::string Cut = shorten(S, 7);
  EXPECT_EQ(utf8Length(Cut), 7u);
  // Six whole characters and the ellipsis: 3 x (2 + 3) + 3 bytes.
  EXPECT_EQ(Cut.size(), 18u);
  EXPECT_EQ(utf8Prefix("ab\xc3", 3), "ab"); // a character cut off at the end
  EXPECT_EQ(shorten("short", 7), "short");
}
