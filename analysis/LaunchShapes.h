//===- LaunchShapes.h - Block shapes a kernel is launched with --*- C++ -*-===//
//
// The block (and grid) sizes of a translation unit's kernel launches, as far
// as they are known at compile time. The device compile job parses the host
// code too, so the frontend plugin (plugin/LaunchCollector.cpp) reads the
// `<<<grid, block>>>` of every launch there; the analyzer adds the
// `maxntid`/`reqntid` annotations of the device IR (__launch_bounds__) and
// computes a warp's lanes from the shape instead of assuming that blockDim.x
// is a multiple of 32. Plain C++: this layer does not know clang.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_LAUNCHSHAPES_H
#define SECTORSCOPE_ANALYSIS_LAUNCHSHAPES_H

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sectorscope {

/// One launch configuration of a kernel; each dimension when known.
struct BlockShape {
  std::array<std::optional<unsigned>, 3> Block; ///< blockDim.x, .y, .z
  std::array<std::optional<unsigned>, 3> Grid;  ///< gridDim.x, .y, .z
  /// Where the shape comes from, for messages: "the launch at k.cu:12",
  /// "__launch_bounds__(64)".
  std::string Origin;

  /// Whether blockDim.x is known: the lanes of a warp follow from it.
  bool knowsLanes() const { return Block[0].has_value(); }
  /// Threads per block when all three dimensions are known.
  std::optional<unsigned> threads() const;
  /// "(16,16)", "(256)", "(1,?)": the known dimensions, `?` for unknown
  /// ones, trailing dimensions of 1 left out.
  std::string blockText() const;
  bool sameBlock(const BlockShape &O) const { return Block == O.Block; }
  /// Whether the launch is known to run one block (gridDim all 1).
  bool oneBlock() const {
    return Grid[0] == 1u && Grid[1] == 1u && Grid[2] == 1u;
  }
};

/// Launch shapes by kernel (mangled name, as in the device IR).
class LaunchShapes {
public:
  /// Records a shape; a second launch with the same block shape adds
  /// nothing (the first launch names it) but forgets the grid sizes the two
  /// do not share.
  void add(const std::string &Kernel, BlockShape Shape);
  /// The kernel's shapes, or an empty list.
  const std::vector<BlockShape> &of(const std::string &Kernel) const;
  bool empty() const { return ByKernel.empty(); }
  void clear() { ByKernel.clear(); }

private:
  std::map<std::string, std::vector<BlockShape>> ByKernel;
};

} // namespace sectorscope

#endif
