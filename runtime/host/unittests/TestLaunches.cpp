//===- TestLaunches.cpp - Launches as the real path would see them --------===//
#include "TestLaunches.h"

#include "Demangle.h"

#include <gtest/gtest.h>

namespace sectorscope::rt::test {

std::string siteLine(uint32_t Id, const char *Op, const char *Space,
                     uint32_t Width, uint32_t Line, uint32_t Col,
                     const char *Kern) {
  return "S\t" + std::to_string(Id) + "\t" + Kern + "\t" + Op + "\t" + Space +
         "\t" + std::to_string(Width) + "\t" + std::to_string(Line) + "\t" +
         std::to_string(Col) + "\t1\t1\t1\t0\ttest(float*, float*)\tk.cu\n";
}

SiteTable parseTestTable(const std::string &Text) {
  SiteTable T;
  std::string Err;
  EXPECT_TRUE(parseSiteTable(Text, T, Err)) << Err;
  return T;
}

AllocationSnapshot twoArrays() {
  AllocationTable T;
  Allocation A;
  A.Base = ArrA;
  A.Size = 1 << 20;
  splitAllocSite("main.cu:20:3 a", A.Site, A.Name);
  T.add(A);
  Allocation B;
  B.Base = ArrB;
  B.Size = 1 << 20;
  splitAllocSite("main.cu:21:3", B.Site, B.Name);
  T.add(B);
  return T.snapshot();
}

LaunchInfo launchInfo(Mode M, Dim Grid, Dim Block) {
  LaunchInfo I;
  I.Mangled = TestKernel;
  I.Kernel = demangle(TestKernel);
  I.Grid[0] = Grid.X, I.Grid[1] = Grid.Y, I.Grid[2] = Grid.Z;
  I.Block[0] = Block.X, I.Block[1] = Block.Y, I.Block[2] = Block.Z;
  I.TheMode = M;
  I.Device = {0, "Fake H200", 132, 9, 0};
  I.Stream = "0x0";
  I.PartitionModelName = "uniform";
  return I;
}

LaunchReport analyze(FakeDevice &D, const LaunchInfo &I, const SiteTable &T,
                     const AllocationSnapshot &Allocs, uint32_t FirstSite) {
  LaunchData Data;
  std::string Err;
  EXPECT_TRUE(decodeLaunchBuffer(D.bytes().data(), D.bytes().size(), Data, Err))
      << Err;
  Data.FirstSite = FirstSite;
  return analyzeLaunch(I, &T, &Data, Allocs);
}

LaunchReport oneSite(const char *Op, uint32_t Width,
                     const std::function<uint64_t(uint64_t, uint64_t)> &Index) {
  SiteTable T = parseTestTable(siteLine(0, Op, "global", Width, 12, 9));
  FakeDevice D(testHeader(Mode::Heatmap, 1));
  Dim Grid{4}, Block{256};
  D.run(T, Grid, Block, [&](Dim B, Dim Th) {
    return std::vector<Access>{{0, ArrA + Index(B.X, Th.X) * Width}};
  });
  return analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
}

std::vector<std::string> findingLines(const LaunchReport &R) {
  std::vector<std::string> Lines;
  for (const Finding &F : R.Findings)
    Lines.push_back(F.Location + ": " + F.Message);
  return Lines;
}

nlohmann::ordered_json siteJson(const LaunchReport &R, size_t I) {
  return launchJson(R)["sites"][I];
}

} // namespace sectorscope::rt::test
