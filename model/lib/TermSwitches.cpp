//===- TermSwitches.cpp - The bandwidth model's optional terms ------------===//
#include "sectorscope/model/TermSwitches.h"

namespace sectorscope::model {

const std::vector<TermSwitch> &termSwitches() {
  static const std::vector<TermSwitch> Switches = {
      {"block", "no per-block cost", [](BandwidthModel &M) { M.BlockMs = 0; },
       [](const BandwidthModel &M) { return M.BlockMs > 0; }},
      {"block_start", "blocks start as fast as the grid asks",
       [](BandwidthModel &M) { M.BlockStartMsPerBlock = 0; },
       [](const BandwidthModel &M) { return M.BlockStartMsPerBlock > 0; }},
      {"mixed_store", "stores of a warp that loads cost a write stream's",
       [](BandwidthModel &M) { M.MixedStoreMsPerStep = 0; },
       [](const BandwidthModel &M) { return M.MixedStoreMsPerStep > 0; }},
      {"l2", "L2 hits cost nothing beyond the DRAM round trip",
       [](BandwidthModel &M) { M.L2 = L2Figures(); },
       [](const BandwidthModel &M) {
         return M.L2.known() || M.L2.MsPerRequest > 0;
       }},
      {"l2_reuse",
       "every block's distinct sectors of an allocation larger than L2 miss",
       [](BandwidthModel &M) { M.L2Reuse.AcrossBlocks = false; },
       [](const BandwidthModel &M) { return M.L2Reuse.AcrossBlocks; }},
      {"l2_neighbours",
       "blocks re-read their neighbours' sectors as uniformly as a table's",
       [](BandwidthModel &M) { M.L2Reuse.Neighbours = false; },
       [](const BandwidthModel &M) {
         return M.L2Reuse.AcrossBlocks && M.L2Reuse.Neighbours;
       }},
      {"working_warps", "every warp of a block shares its round trips",
       [](BandwidthModel &M) { M.ChainsOnWorkingWarps = false; },
       [](const BandwidthModel &M) { return M.ChainsOnWorkingWarps; }},
      {"l1_tag", "no L1 tag-stage bound",
       [](BandwidthModel &M) { M.L1.MsPerLine = 0; },
       [](const BandwidthModel &M) { return M.L1.MsPerLine > 0; }},
      {"l1_reuse", "reuse inside a block goes to L2",
       [](BandwidthModel &M) { M.L1.BytesPerSm = 0; },
       [](const BandwidthModel &M) { return M.L1.BytesPerSm > 0; }},
      {"partial_sector", "a partly written sector costs a full one",
       [](BandwidthModel &M) { M.PartialStoreMsPerSector = 0; },
       [](const BandwidthModel &M) { return M.PartialStoreMsPerSector > 0; }},
      {"partial_line", "no per-line cost of partial stores",
       [](BandwidthModel &M) { M.PartialStoreMsPerLine = 0; },
       [](const BandwidthModel &M) { return M.PartialStoreMsPerLine > 0; }},
      {"sparse_line", "a sector alone in its line costs a stream's sector",
       [](BandwidthModel &M) { M.SparseLineFactor = 1; },
       [](const BandwidthModel &M) { return M.SparseLineFactor != 1; }},
      {"local", "local memory is charged as global traffic",
       [](BandwidthModel &M) {
         M.LocalMsPerSector = 0;
         M.LocalMsPerSectorStep = 0;
       },
       [](const BandwidthModel &M) { return M.LocalMsPerSector > 0; }},
      {"shared", "shared memory costs only its issue slots",
       [](BandwidthModel &M) {
         M.SharedMsPerStep = 0;
         M.SharedMsPerWavefront = 0;
       },
       [](const BandwidthModel &M) { return M.SharedMsPerWavefront > 0; }},
      {"atomic", "atomics cost their bytes and requests",
       [](BandwidthModel &M) { M.Atomics = TableRates(); },
       [](const BandwidthModel &M) { return M.Atomics.known(); }},
      {"hot_load", "volatile loads of few words cost their bytes and requests",
       [](BandwidthModel &M) { M.HotLoads = TableRates(); },
       [](const BandwidthModel &M) { return M.HotLoads.known(); }},
      {"store_drain", "no cost for a kernel's last stores",
       [](BandwidthModel &M) {
         M.StoreDrainMs = 0;
         M.PartialStoreDrainMs = 0;
       },
       [](const BandwidthModel &M) {
         return M.StoreDrainMs > 0 || M.PartialStoreDrainMs > 0;
       }},
      {"instructions", "a warp's arithmetic between round trips is free",
       [](BandwidthModel &M) { M.DependentMsPerSlot = 0; },
       [](const BandwidthModel &M) { return M.DependentMsPerSlot > 0; }},
      {"issue", "the SM's instruction issue rate bounds nothing",
       [](BandwidthModel &M) { M.IssueMsPerSlot = 0; },
       [](const BandwidthModel &M) { return M.IssueMsPerSlot > 0; }},
      {"streams",
       "loads in flight from separate allocations wait as long as loads "
       "side by side",
       [](BandwidthModel &M) { M.Streams = StreamSteps(); },
       [](const BandwidthModel &M) { return M.Streams.known(); }},
      {"write_back", "the previous launch's dirty L2 costs nothing",
       [](BandwidthModel &M) {
         M.WriteBackMsPerByte = 0;
         M.DirtyL2Share = 0;
       },
       [](const BandwidthModel &M) { return M.WriteBackMsPerByte > 0; }},
  };
  return Switches;
}

const TermSwitch *findTermSwitch(const std::string &Name) {
  for (const TermSwitch &S : termSwitches())
    if (Name == S.Name)
      return &S;
  return nullptr;
}

} // namespace sectorscope::model
