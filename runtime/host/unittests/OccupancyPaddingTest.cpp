//===- OccupancyPaddingTest.cpp - SECTORSCOPE_OCCUPANCY's padding rule ----===//
//
// The rule of common/OccupancyPadding.h against a stand-in for the driver on
// an H100/H200-like SM (132 SMs): 228 KiB of shared memory at most, 227 KiB
// opt-in per block, 1 KiB reserved per block, 2048 threads and 32 blocks.
// The carveout is the smallest of Hopper's configurations that holds the
// preference and one block (unset: all of it), and as many blocks run as it
// holds.
//
//===----------------------------------------------------------------------===//
#include "common/OccupancyPadding.h"

#include <gtest/gtest.h>

#include <string>

namespace sectorscope::rt::test {
namespace {

/// The preference the rule set ("untouched" when none), the padded bytes
/// and the blocks that then fit, for a cap of Warps per SM.
std::string cap(unsigned Warps, unsigned Threads, size_t Static,
                size_t Requested, unsigned long long GridBlocks = 0) {
  SharedMemoryLimits L{233472, 232448, 1024};
  int Percent = -1; // Unset: the driver favours occupancy (all of it).
  auto Occupancy = [&](size_t Dynamic) {
    const size_t Block = Static + Dynamic + L.Reserved;
    size_t Want = Percent < 0 ? L.PerSm : L.PerSm * Percent / 100;
    size_t Carveout = L.PerSm;
    for (size_t KiB : {0, 8, 16, 32, 64, 100, 132, 164, 196, 228})
      if (KiB * 1024 >= std::max(Want, Block)) {
        Carveout = KiB * 1024;
        break;
      }
    size_t ByThreads = 2048 / std::max(Threads, 1u);
    return int(std::min({Carveout / Block, ByThreads, size_t(32)}));
  };
  auto WholeArrayShared = [&] {
    Percent = 100;
    return true;
  };
  size_t Padded = capSharedBytes(Warps, Threads, Static, Requested, GridBlocks,
                                 132, L, WholeArrayShared, Occupancy);
  int Blocks = Occupancy(Padded);
  return (Percent < 0 ? std::string("untouched")
                      : "carveout " + std::to_string(Percent) + "%") +
         " padded " + std::to_string(Padded) + " blocks " +
         std::to_string(Blocks);
}

// 8 warps/SM with 256-thread blocks: 1 block, limited by the per-block
// maximum; 16 warps: 2 blocks of 116736 bytes, minus the reservation.
TEST(OccupancyPadding, CapsBlocksPerSm) {
  EXPECT_EQ(cap(8, 256, 0, 0), "carveout 100% padded 232448 blocks 1");
  EXPECT_EQ(cap(16, 256, 0, 0), "carveout 100% padded 115712 blocks 2");
  EXPECT_EQ(cap(24, 256, 0, 0), "carveout 100% padded 76800 blocks 3");
}

// Static shared memory counts against the block's share.
TEST(OccupancyPadding, StaticSharedMemoryCounts) {
  EXPECT_EQ(cap(16, 256, 4096, 0), "carveout 100% padded 111616 blocks 2");
}

// A cap the launch does not reach (32 one-warp blocks is the most an SM
// holds; a 1024-thread block with 200000 bytes fits once): untouched.
TEST(OccupancyPadding, CapNotReachedLeavesTheLaunch) {
  EXPECT_EQ(cap(64, 32, 0, 0), "untouched padded 0 blocks 32");
  EXPECT_EQ(cap(64, 1024, 0, 200000), "untouched padded 200000 blocks 1");
}

// Fewer warps than one block has: still one block.
TEST(OccupancyPadding, AtLeastOneBlock) {
  EXPECT_EQ(cap(2, 1024, 0, 0), "carveout 100% padded 232448 blocks 1");
}

// The program's own request is counted: 150000 bytes already keep a 256-
// thread block alone on an SM, below a cap of 2 blocks.
TEST(OccupancyPadding, ProgramsOwnRequestCounts) {
  EXPECT_EQ(cap(16, 256, 0, 150000), "untouched padded 150000 blocks 1");
}

// A grid of no more blocks than SMs (132) gets a block per SM whatever the
// cap: untouched; one block more and the cap binds again.
TEST(OccupancyPadding, SmallGridsAreNotCapped) {
  EXPECT_EQ(cap(8, 256, 0, 0, 132), "untouched padded 0 blocks 8");
  EXPECT_EQ(cap(8, 256, 0, 0, 133), "carveout 100% padded 232448 blocks 1");
}

// A cap that would split a grid resident all at once as launched into
// several waves is one a kernel whose blocks wait on one another never
// finishes under: 132 SMs, 256-thread blocks, 8 of them per SM as launched.
TEST(OccupancyPadding, CapsThatSplitOneWave) {
  // 1056 blocks, all resident; at 8 warps/SM only 132 are.
  EXPECT_TRUE(capSplitsOneWave(8, 256, 132 * 8, 132, 8));
  EXPECT_TRUE(capSplitsOneWave(32, 256, 132 * 8, 132, 8));
  // A cap that still holds them all, or a grid of several waves anyway.
  EXPECT_FALSE(capSplitsOneWave(64, 256, 132 * 8, 132, 8));
  EXPECT_FALSE(capSplitsOneWave(8, 256, 132, 132, 8));
  EXPECT_FALSE(capSplitsOneWave(8, 256, 132 * 8 + 1, 132, 8));
  // Unknown grid or occupancy: nothing to split.
  EXPECT_FALSE(capSplitsOneWave(8, 256, 0, 132, 8));
  EXPECT_FALSE(capSplitsOneWave(8, 256, 132 * 8, 132, 0));
}

} // namespace
} // namespace sectorscope::rt::test
