//===- AllocationsTest.cpp - Which allocation an address belongs to -------===//
#include "Allocations.h"

#include <gtest/gtest.h>

namespace sectorscope::rt::test {
namespace {

class AllocationLookup : public ::testing::Test {
protected:
  void add(uint64_t Base, uint64_t Size, const char *Site) {
    Allocation A;
    A.Base = Base;
    A.Size = Size;
    splitAllocSite(Site, A.Site, A.Name);
    Table.add(A);
  }
  std::string describe(uint64_t Addr) {
    AllocationSnapshot S = Table.snapshot();
    const Allocation *A = S.find(Addr);
    return A ? A->describe() : "none";
  }
  AllocationTable Table;
};

// Lookups at the edges, names after the site, free, an address the driver
// hands out again.
TEST_F(AllocationLookup, EdgesNamesFreeAndReuse) {
  add(0x1000, 0x100, "gs.cu:88:3 q");
  add(0x2000, 0x80, "my dir/gs.cu:89:3 d_r[0]");
  add(0x3000, 0x10, nullptr);
  EXPECT_EQ(describe(0x1000), "q (cudaMalloc at gs.cu:88:3)");
  EXPECT_EQ(describe(0x10ff), "q (cudaMalloc at gs.cu:88:3)");
  EXPECT_EQ(describe(0x1100), "none");
  EXPECT_EQ(describe(0x2040), "d_r[0] (cudaMalloc at my dir/gs.cu:89:3)");
  EXPECT_EQ(describe(0x3008), "allocation 0x3000 of 16 bytes (cudaMalloc)");
  EXPECT_EQ(describe(0xfff), "none");
  EXPECT_TRUE(Table.remove(0x1000));
  EXPECT_FALSE(Table.remove(0x1000));
  EXPECT_EQ(Table.size(), 2u);
  EXPECT_EQ(describe(0x1000), "none");
  add(0x2000, 0x40, "gs.cu:120:3 w"); // the driver reused the address
  EXPECT_EQ(describe(0x2010), "w (cudaMalloc at gs.cu:120:3)");
  EXPECT_EQ(describe(0x2040), "none");
}

} // namespace
} // namespace sectorscope::rt::test
