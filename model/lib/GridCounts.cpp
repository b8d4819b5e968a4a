//===- GridCounts.cpp - Whole-grid counts for a sampled profile -----------===//
#include "sectorscope/model/GridCounts.h"
#include "sectorscope/model/Error.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sectorscope::model {

static std::string shapeOf(const Profile &P) {
  auto Dim = [](const std::array<double, 3> &D) {
    return fmtNum(D[0]) + "x" + fmtNum(D[1]) + "x" + fmtNum(D[2]);
  };
  return "grid " + Dim(P.Grid) + ", block " + Dim(P.Block);
}

/// The sampled profile's object for the grid profile's object GridId,
/// added if the sampled block never touched it (a border block that skips
/// the input): without it the grid's counts of that allocation would have
/// no size to bound their DRAM traffic. Objects of two runs match by kind,
/// size and allocation site (their addresses differ).
static int objectFor(Profile &Sampled, const Profile &Grid, int GridId) {
  auto G = std::find_if(Grid.Objects.begin(), Grid.Objects.end(),
                        [&](const ProfileObject &O) { return O.Id == GridId; });
  if (G == Grid.Objects.end())
    return -1;
  int Next = 0;
  for (const ProfileObject &O : Sampled.Objects) {
    if (O.Kind == G->Kind && O.SizeBytes == G->SizeBytes &&
        O.Origin == G->Origin)
      return O.Id;
    Next = std::max(Next, O.Id + 1);
  }
  ProfileObject Added = *G;
  Added.Id = Next;
  // The heat map saw none of its sectors: its distinct sectors are unknown.
  Added.Sectors = 0;
  Sampled.Objects.push_back(Added);
  return Added.Id;
}

std::string useGridCounts(Profile &Sampled, const Profile &Grid) {
  auto Mismatch = [&](const std::string &Why) {
    fail(Grid.File, "",
         "not the grid-mode twin of " + Sampled.File + ": " + Why);
  };
  if (Grid.Mode != "grid")
    Mismatch("mode \"" + Grid.Mode + "\", expected \"grid\"");
  if (Grid.SampledBlocks != Grid.blocks())
    Mismatch("it counts " + fmtNum(Grid.SampledBlocks) + " of " +
             fmtNum(Grid.blocks()) + " blocks");
  bool SameKernel = !Sampled.Mangled.empty() && !Grid.Mangled.empty()
                        ? Sampled.Mangled == Grid.Mangled
                        : Sampled.Kernel == Grid.Kernel;
  if (!SameKernel)
    Mismatch("kernel " + Grid.Kernel + ", expected " + Sampled.Kernel);
  if (shapeOf(Grid) != shapeOf(Sampled))
    Mismatch(shapeOf(Grid) + ", expected " + shapeOf(Sampled));
  std::map<std::string, const Site *> ById;
  for (const Site &G : Grid.Sites)
    ById[G.Id] = &G;
  // Counts per sampled unit: the grid's totals over the blocks the sampled
  // profile's counts stand for.
  double Per = Sampled.SampledBlocks / Sampled.blocks();
  double Before = 0, After = 0;
  std::map<int, double> ObjBefore, ObjAfter;
  for (Site &S : Sampled.Sites) {
    auto It = ById.find(S.Id);
    if (It == ById.end())
      Mismatch("it has no site " + S.Id);
    const Site &G = *It->second;
    // A generic site's space is where each run saw it go: the sampled block
    // may not have run it at all.
    bool SameSpace = S.Generic || G.Generic ? S.Generic == G.Generic
                                            : G.TheSpace == S.TheSpace;
    if (G.TheOp != S.TheOp || !SameSpace || G.Width != S.Width)
      Mismatch("site " + S.Id + " differs in op, space or width");
    if (S.ObjectId < 0 && G.ObjectId >= 0 && G.Requests > 0) {
      S.ObjectId = objectFor(Sampled, Grid, G.ObjectId);
      if (S.Generic && S.TheSpace == Space::Other)
        S.TheSpace = G.TheSpace;
    }
    if (S.TheSpace == Space::Global) {
      Before += S.Requests;
      After += G.Requests * Per;
      ObjBefore[S.ObjectId] += S.Sectors;
      ObjAfter[S.ObjectId] += G.Sectors * Per;
    }
    // Shared-memory sites counted in fewer blocks (shared_counting_blocks);
    // generic ones, whatever space they reached, in every block.
    const double SitePer =
        G.TheSpace == Space::Shared && !G.Generic &&
                Grid.SharedCountingBlocks > 0
            ? Sampled.SampledBlocks / Grid.SharedCountingBlocks
            : Per;
    if (G.Requests == 0) {
      S.Requests = S.Sectors = S.Bytes = 0;
      S.RereadSectors = S.RereadRequests = 0;
      S.RereadWindows.clear();
      S.Lines = S.Lines < 0 ? -1 : 0;
      continue;
    }
    // The sampled block's lines and re-reads per request stand for every
    // block's; a site it never ran has none known.
    double PerRequest = S.Requests > 0 ? G.Requests * SitePer / S.Requests : 0;
    S.Lines = S.Requests > 0 && S.Lines >= 0 ? S.Lines * PerRequest : -1;
    S.RereadSectors *= PerRequest;
    S.RereadRequests *= PerRequest;
    for (Site::Window &W : S.RereadWindows) {
      W.RereadSectors =
          std::min(W.RereadSectors * PerRequest, G.Sectors * SitePer);
      W.RereadRequests =
          std::min(W.RereadRequests * PerRequest, G.Requests * SitePer);
    }
    S.Requests = G.Requests * SitePer;
    S.Sectors = G.Sectors * SitePer;
    S.Bytes = G.Bytes * SitePer;
    S.SectorsPerRequest = G.Sectors / G.Requests;
    // Re-reads and lines are bounded by the new counts (a rounding guard).
    S.RereadSectors = std::min(S.RereadSectors, S.Sectors);
    S.RereadRequests = std::min(S.RereadRequests, S.Requests);
    if (S.Lines >= 0)
      S.Lines = std::min(std::max(S.Lines, S.Requests), S.Sectors);
  }
  std::map<std::string, double> GridTrips;
  for (const LoopTrips &L : Grid.Loops)
    GridTrips[L.Id] = L.Trips;
  for (LoopTrips &L : Sampled.Loops) {
    auto It = GridTrips.find(L.Id);
    if (It == GridTrips.end())
      Mismatch("it has no loop " + L.Id);
    L.Trips = It->second * Per;
  }
  // A block's distinct sectors of an object grow with its sectors of it:
  // the sampled block's share of distinct ones stands for every block's.
  Sampled.CountsFromGrid = true;
  for (ProfileObject &O : Sampled.Objects)
    if (ObjBefore.count(O.Id) && ObjBefore[O.Id] > 0)
      O.Sectors *= ObjAfter[O.Id] / ObjBefore[O.Id];
  if (Before <= 0 || std::fabs(After / Before - 1) <= 0.01)
    return "";
  std::string Why =
      Sampled.HeatOverflow > 0
          ? " (its log overflowed: " + fmtNum(Sampled.HeatOverflow) +
                " records dropped)"
          : " (blocks differ in work)";
  return "global requests from the grid-mode profile " + Grid.File +
         ": the sampled block counted " +
         fmtNum(std::round(1000 * Before / After) / 10) +
         "% of the average block's" + Why;
}

} // namespace sectorscope::model
