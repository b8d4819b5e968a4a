//===- SampledCountsTest.cpp - Grid totals and re-read windows ------------===//
#include "sectorscope/model/Error.h"
#include "sectorscope/model/GridCounts.h"
#include "sectorscope/model/Profile.h"
#include "sectorscope/model/RereadWindow.h"
#include "sectorscope/model/Traffic.h"

#include <gtest/gtest.h>

#include <array>
#include <vector>

using namespace sectorscope::model;

namespace {

/// A launch of 4 blocks of 256 threads: one load site (id 7) and one store
/// (id 8) on object 0. Mode heatmap counts block 0 only.
Json launch(const char *Mode, int SampledBlocks, double LoadRequests,
            double LoadSectors, double StoreRequests) {
  Json J = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
    "mangled": "_Z1kv", "grid": {"x": 4}, "block": {"x": 256},
    "sites": [{"id": 7, "op": "load", "width": 4, "mlp": 2,
               "object": {"id": 0}},
              {"id": 8, "op": "store", "width": 4, "object": {"id": 0}}],
    "objects": [{"id": 0, "kind": "cudaMalloc", "size": 1048576}]})");
  J["mode"] = Mode;
  J["sampled_blocks"] = SampledBlocks;
  J["sites"][0]["requests"] = LoadRequests;
  J["sites"][0]["sectors"] = LoadSectors;
  J["sites"][1]["requests"] = StoreRequests;
  J["sites"][1]["sectors"] = 4 * StoreRequests;
  return J;
}

/// A load site's log of 800 lines whose windows are {sectors, re-read
/// sectors, re-read requests}; the first window is also the plain fields.
Json logWithWindows(std::vector<std::array<int, 3>> Windows) {
  Json L = {{"lines", 800},
            {"reread_sectors", Windows[0][1]},
            {"reread_requests", Windows[0][2]},
            {"reread_windows", Json::array()}};
  for (const auto &[Sectors, Reread, Requests] : Windows)
    L["reread_windows"].push_back({{"sectors", Sectors},
                                   {"reread_sectors", Reread},
                                   {"reread_requests", Requests}});
  return L;
}

// Block 0's log overflowed: it counted 100 of each block's 300 load
// requests. The grid's totals come back per block, and the lines and
// re-reads the log saw keep their share of the requests.
TEST(GridCounts, WholeGridCountsReplaceTheSampledBlocks) {
  Json H = launch("heatmap", 1, 100, 800, 50);
  H["overflow"] = {{"heat_overflow", 1000}};
  H["objects"][0]["sectors"] = 200;
  H["sites"][0]["log"] = logWithWindows({{64, 400, 50}, {256, 700, 80}});
  Profile P = parseProfile(H, "h.json");
  Profile G = parseProfile(launch("grid", 4, 1200, 9600, 200), "g.json");
  std::string Note = useGridCounts(P, G);
  const Site &L = P.Sites[0];
  EXPECT_DOUBLE_EQ(L.Requests, 300);
  EXPECT_DOUBLE_EQ(L.Sectors, 2400);
  EXPECT_DOUBLE_EQ(L.Lines, 2400);
  EXPECT_DOUBLE_EQ(L.RereadSectors, 1200);
  EXPECT_DOUBLE_EQ(L.RereadRequests, 150);
  EXPECT_DOUBLE_EQ(L.RereadWindows[1].RereadRequests, 240);
  EXPECT_DOUBLE_EQ(P.Sites[1].Requests, 50); // the store was whole
  // The object's distinct sectors follow its sectors (1000 -> 2600).
  EXPECT_DOUBLE_EQ(P.Objects[0].Sectors, 200 * 2600.0 / 1000);
  // Global requests, both sites: 150 of 350.
  EXPECT_NE(Note.find("42.9% of the average block's"), std::string::npos)
      << Note;
  EXPECT_NE(Note.find("log overflowed"), std::string::npos) << Note;
}

// A loop without memory sites (loops[], ABI v20) charges its trips times
// its work to the issue slots, and the grid twin's trips replace the
// sampled block's as the sites' counts do.
TEST(GridCounts, LoopTripsAreIssueSlots) {
  Json H = launch("heatmap", 1, 100, 800, 50);
  H["loops"] = Json::parse(R"([{"id": 9, "work": 12, "trips": 40}])");
  Profile P = parseProfile(H, "h.json");
  ASSERT_EQ(P.Loops.size(), 1u);
  // Sites' work is 0 here: the loop's 4 blocks x 40 trips x 12 slots.
  EXPECT_DOUBLE_EQ(trafficFromProfile(P).IssueSlots, 4 * 40 * 12);
  Json G = launch("grid", 4, 400, 3200, 200);
  G["loops"] = Json::parse(R"([{"id": 9, "work": 12, "trips": 400}])");
  useGridCounts(P, parseProfile(G, "g.json"));
  EXPECT_DOUBLE_EQ(P.Loops[0].Trips, 100);
  EXPECT_DOUBLE_EQ(trafficFromProfile(P).IssueSlots, 400 * 12);
  G["loops"][0]["id"] = 10;
  Profile Q = parseProfile(H, "h.json");
  EXPECT_THROW(useGridCounts(Q, parseProfile(G, "g.json")), ModelError);
  H["loops"][0]["trips"] = -1;
  EXPECT_THROW(parseProfile(H, "h.json"), ModelError);
}

// Grid mode counts shared-memory sites in one block in N (the report's
// shared_counting_blocks): their totals stand for those blocks alone, the
// global sites' for every block. A shared site of work 3 counted in 1 of
// the 4 blocks, 16 requests there, is 64 requests of the grid.
TEST(GridCounts, SharedSitesCountedInFewerBlocksAreScaledUp) {
  auto WithShared = [](Json J, double Requests) {
    J["sites"].push_back({{"id", 9},
                          {"op", "load"},
                          {"space", "shared"},
                          {"width", 4},
                          {"work", 3},
                          {"requests", Requests},
                          {"sectors", 4 * Requests}});
    return J;
  };
  Profile P = parseProfile(WithShared(launch("heatmap", 1, 100, 800, 50), 16),
                           "h.json");
  Json G = WithShared(launch("grid", 4, 400, 3200, 200), 16);
  G["shared_counting_blocks"] = 1;
  Profile Grid = parseProfile(G, "g.json");
  EXPECT_DOUBLE_EQ(trafficFromProfile(Grid).IssueSlots, 64 * 3);
  useGridCounts(P, Grid);
  EXPECT_DOUBLE_EQ(P.Sites[2].Requests, 16);
  EXPECT_DOUBLE_EQ(P.Sites[2].Sectors, 64);
  EXPECT_DOUBLE_EQ(P.Sites[0].Requests, 100); // global: 400 over 4 blocks
  EXPECT_DOUBLE_EQ(trafficFromProfile(P).IssueSlots, 64 * 3);
  // More counting blocks than the counters cover, or none, is refused.
  G["shared_counting_blocks"] = 5;
  EXPECT_THROW(parseProfile(G, "g.json"), ModelError);
  G["shared_counting_blocks"] = 0;
  EXPECT_THROW(parseProfile(G, "g.json"), ModelError);
}

// The sampled block (a border block) never ran the load: its site has no
// object, while the grid's has one. The grid's object comes with the
// counts, matched by kind, size and allocation site (addresses differ from
// run to run), so the allocation's size bounds the load's DRAM bytes; an
// object the sampled profile has already is reused, not added again.
TEST(GridCounts, AnAllocationOnlyTheGridTouchedKeepsItsSize) {
  Json H = launch("heatmap", 1, 0, 0, 50);
  H["sites"][0].erase("object");
  H["objects"][0]["site"] = "main.cu:10:3";
  H["objects"][0]["base"] = "0x7f0000000000";
  Json G = launch("grid", 4, 32768, 262144, 200);
  // The grid run's allocation is another address; the input, object 1 of
  // 64 KiB, is read 128 times over (every block gathers from all of it).
  G["objects"][0]["site"] = "main.cu:10:3";
  G["objects"][0]["base"] = "0x7f1000000000";
  G["objects"].push_back(Json::parse(
      R"({"id": 1, "kind": "cudaMalloc", "size": 65536, "site": "main.cu:9:3",
          "base": "0x7f2000000000"})"));
  G["sites"][0]["object"] = {{"id", 1}};
  Profile P = parseProfile(H, "h.json");
  useGridCounts(P, parseProfile(G, "g.json"));
  ASSERT_EQ(P.Objects.size(), 2u);
  EXPECT_EQ(P.Sites[0].ObjectId, P.Objects[1].Id);
  EXPECT_NE(P.Objects[1].Id, P.Objects[0].Id);
  EXPECT_DOUBLE_EQ(P.Objects[1].SizeBytes, 65536);
  EXPECT_DOUBLE_EQ(P.Objects[1].Sectors, 0); // the heat map saw none of it
  EXPECT_EQ(P.Sites[1].ObjectId, P.Objects[0].Id);
  Traffic T = trafficFromProfile(P);
  const MemItem *Load = nullptr;
  for (const MemItem &I : T.Items)
    if (I.Waits)
      Load = &I;
  ASSERT_NE(Load, nullptr);
  EXPECT_DOUBLE_EQ(Load->Bytes, 262144.0 * 32);
  EXPECT_DOUBLE_EQ(T.dramBytes(*Load, 50 << 20), 65536);
  // The store's object matched the sampled one: no third object.
  G["sites"][1].erase("object");
  G["sites"][0]["object"] = {{"id", 0}};
  Profile Q = parseProfile(H, "h.json");
  useGridCounts(Q, parseProfile(G, "g.json"));
  EXPECT_EQ(Q.Objects.size(), 1u);
  EXPECT_EQ(Q.Sites[0].ObjectId, 0);
}

// A generic load (a device function's pointer parameter) that the sampled
// block never ran has no object and no space; the grid's run of it went to
// global memory. The twin is the same launch: the site takes the grid's
// object and space with its counts. A generic site is no global one.
TEST(GridCounts, AGenericSiteOnlyTheGridRanTakesItsSpace) {
  Json H = launch("heatmap", 1, 0, 0, 50);
  H["sites"][0]["space"] = "generic";
  H["sites"][0].erase("object");
  Json G = launch("grid", 4, 400, 3200, 200);
  G["sites"][0]["space"] = "generic";
  G["sites"][0]["object"]["kind"] = "cudaMalloc";
  Profile P = parseProfile(H, "h.json");
  EXPECT_EQ(P.Sites[0].TheSpace, Space::Other);
  useGridCounts(P, parseProfile(G, "g.json"));
  EXPECT_EQ(P.Sites[0].TheSpace, Space::Global);
  EXPECT_EQ(P.Sites[0].ObjectId, 0);
  EXPECT_DOUBLE_EQ(P.Sites[0].Requests, 100);
  G["sites"][0]["space"] = "global";
  Profile Q = parseProfile(H, "h.json");
  EXPECT_THROW(useGridCounts(Q, parseProfile(G, "g.json")), ModelError);
}

TEST(GridCounts, AGridTwinOfAnotherLaunchIsRefused) {
  Profile P = parseProfile(launch("heatmap", 1, 100, 800, 50), "h.json");
  Json Other = launch("grid", 4, 1200, 9600, 200);
  Other["grid"]["x"] = 8;
  Other["sampled_blocks"] = 8;
  EXPECT_THROW(useGridCounts(P, parseProfile(Other, "g.json")), ModelError);
  Json Part = launch("grid", 2, 1200, 9600, 200);
  EXPECT_THROW(useGridCounts(P, parseProfile(Part, "g.json")), ModelError);
  Json Heat = launch("heatmap", 1, 100, 800, 50);
  EXPECT_THROW(useGridCounts(P, parseProfile(Heat, "g.json")), ModelError);
  Json NoSite = launch("grid", 4, 1200, 9600, 200);
  NoSite["sites"][1]["id"] = 9;
  EXPECT_THROW(useGridCounts(P, parseProfile(NoSite, "g.json")), ModelError);
}

TEST(GridCounts, EvenBlocksLeaveTheCountsAndSayNothing) {
  Profile P = parseProfile(launch("heatmap", 1, 300, 2400, 50), "h.json");
  Profile G = parseProfile(launch("grid", 4, 1200, 9600, 200), "g.json");
  EXPECT_EQ(useGridCounts(P, G), "");
  EXPECT_DOUBLE_EQ(P.Sites[0].Requests, 300);
}

// Half of a 256 KiB L1 over 8 warps is 512 sectors a warp: the largest
// window not above it is 256; at 64 warps, 64 sectors: the first.
TEST(RereadWindow, TheWarpsShareOfL1PicksTheWindow) {
  Json H = launch("heatmap", 1, 100, 800, 50);
  H["sites"][0]["log"] =
      logWithWindows({{64, 100, 10}, {256, 600, 70}, {1024, 700, 87}});
  Profile P = parseProfile(H, "h.json");
  EXPECT_DOUBLE_EQ(rereadWindowSectors(8, 262144), 512);
  Profile At8 = P;
  EXPECT_DOUBLE_EQ(useRereadWindow(At8, 8, 262144), 256);
  EXPECT_DOUBLE_EQ(At8.Sites[0].RereadSectors, 600);
  EXPECT_DOUBLE_EQ(At8.Sites[0].RereadRequests, 70);
  Profile At64 = P;
  EXPECT_DOUBLE_EQ(useRereadWindow(At64, 64, 262144), 64);
  EXPECT_DOUBLE_EQ(At64.Sites[0].RereadSectors, 100);
  Profile NoL1 = P;
  EXPECT_DOUBLE_EQ(useRereadWindow(NoL1, 8, 0), 0);
  EXPECT_DOUBLE_EQ(NoL1.Sites[0].RereadSectors, 100);
}

TEST(RereadWindow, WindowsThatShrinkOrOverflowAreRefused) {
  Json H = launch("heatmap", 1, 100, 800, 50);
  H["sites"][0]["log"] = logWithWindows({{256, 600, 70}, {64, 100, 10}});
  EXPECT_THROW(parseProfile(H, "h.json"), ModelError);
  H["sites"][0]["log"] = logWithWindows({{64, 900, 10}});
  EXPECT_THROW(parseProfile(H, "h.json"), ModelError);
}

} // namespace
