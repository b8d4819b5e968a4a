//===- NcuCsvTest.cpp - Decoding the slice probe's ncu roll-ups -----------===//
//
// The probe's counts decode to bit sets; ncu's CSV has thousands
// separators, repeated headers and ==PROF== lines.
//
//===----------------------------------------------------------------------===//
#include "microbench/host/SliceFit.h"

#include <gtest/gtest.h>

using namespace sectorscope::mb;

namespace {

TEST(NcuCsv, DecodeExcessCounts) {
  // Weighted launch, K = 12, Base 256: addresses 0, 2..5 and 7 were far.
  auto Far = decodeExcess(256.0 * (4095 + 189), 256, 4095, 12);
  EXPECT_TRUE(Far && *Far == 189);
  // Pair launch, K = 16, Base 32: candidates 0 and 2 share the slice.
  auto Same = decodeExcess(32.0 * ((1 << 15) + 5), 32, 1u << 15, 15);
  EXPECT_TRUE(Same && *Same == 5);
  // Counts between multiples, below the offset or too large: not guessed.
  EXPECT_FALSE(decodeExcess(256.0 * 4095 + 100, 256, 4095, 12));
  EXPECT_FALSE(decodeExcess(256.0 * 4000, 256, 4095, 12));
  EXPECT_FALSE(decodeExcess(256.0 * (4095 + 4096), 256, 4095, 12));
}

TEST(NcuCsv, NumbersFieldsAndRepeatedHeaders) {
  double V = 0;
  EXPECT_TRUE(parseNcuNumber("1,487", V) && V == 1487);
  EXPECT_TRUE(parseNcuNumber("2,047,232", V) && V == 2047232);
  EXPECT_TRUE(parseNcuNumber("12.5", V) && V == 12.5);
  EXPECT_FALSE(parseNcuNumber("n/a", V));
  auto F = splitCsvLine(R"("a","b,c","d""e")");
  EXPECT_EQ(F, (std::vector<std::string>{"a", "b,c", "d\"e"}));
  const std::string Header = "\"ID\",\"Kernel Name\",\"Metric Name\","
                             "\"Metric Unit\",\"Metric Value\"\n";
  std::string Csv = "==PROF== Connected to process\n" + Header +
                    "\"0\",\"sliceProbe\",\"m.sum\",\"sector\",\"1,024\"\n" +
                    Header + // ncu repeats the header per kernel.
                    "\"1\",\"sliceProbe\",\"m.sum\",\"sector\",\"7\"\n"
                    "\"1\",\"sliceProbe\",\"m.max\",\"sector\",\"3\"\n";
  NcuMetrics N;
  std::string Err;
  EXPECT_TRUE(parseNcuCsv(Csv, N, Err)) << Err;
  EXPECT_TRUE(N.size() == 2 && N[0]["m.sum"] == 1024 && N[1]["m.max"] == 3);
  // Text without the three columns is an error and adds nothing to N.
  EXPECT_FALSE(parseNcuCsv("nothing here\n", N, Err));
  EXPECT_EQ(N.size(), 2u);
  EXPECT_EQ(Err, "no ncu CSV rows with ID, Metric Name and Metric Value");
}

} // namespace
