//===- LaunchShapes.cpp - Block shapes a kernel is launched with ----------===//
#include "analysis/LaunchShapes.h"

namespace sectorscope {

std::optional<unsigned> BlockShape::threads() const {
  if (!Block[0] || !Block[1] || !Block[2])
    return std::nullopt;
  return *Block[0] * *Block[1] * *Block[2];
}

std::string BlockShape::blockText() const {
  unsigned Last = 0;
  for (unsigned D = 0; D < 3; ++D)
    if (!Block[D] || *Block[D] != 1)
      Last = D;
  std::string S = "(";
  for (unsigned D = 0; D <= Last; ++D) {
    if (D)
      S += ",";
    S += Block[D] ? std::to_string(*Block[D]) : "?";
  }
  return S + ")";
}

void LaunchShapes::add(const std::string &Kernel, BlockShape Shape) {
  std::vector<BlockShape> &List = ByKernel[Kernel];
  for (BlockShape &S : List)
    if (S.sameBlock(Shape)) {
      // Launches of one block shape over different grids: a grid size
      // they do not share is not known.
      for (unsigned D = 0; D < 3; ++D)
        if (S.Grid[D] != Shape.Grid[D])
          S.Grid[D].reset();
      return;
    }
  List.push_back(std::move(Shape));
}

const std::vector<BlockShape> &
LaunchShapes::of(const std::string &Kernel) const {
  static const std::vector<BlockShape> None;
  auto It = ByKernel.find(Kernel);
  return It == ByKernel.end() ? None : It->second;
}

} // namespace sectorscope
