//===- Profile.h - The run-time profile ----------------------- -*- C++ -*-===//
//
// One kernel launch as recorded by the runtime. Site counters come from ONE
// sampled thread block (or "sampled_blocks" blocks when the runtime says so);
// Traffic.h scales them to the whole grid.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_PROFILE_H
#define SECTORSCOPE_MODEL_PROFILE_H

#include "sectorscope/model/JsonIO.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace sectorscope::model {

enum class SiteOp { Load, Store, Atomic };
enum class Space { Global, Shared, Local, Other };

struct Site {
  std::string Id, File, Function;
  int Line = 0, Column = 0;
  SiteOp TheOp = SiteOp::Load;
  Space TheSpace = Space::Global;
  /// sites[].space was "generic": TheSpace is where its object says the
  /// accesses went, Other when the run saw none (a block that never ran it).
  bool Generic = false;
  int Width = 0;
  double Requests = 0, Sectors = 0;
  /// sites[].bytes: the bytes the lanes asked for (0: absent). Less than
  /// sectors x 32 when requests fill their sectors only in part.
  double Bytes = 0;
  double SectorsPerRequest = 0, IdealSectorsPerRequest = 0;
  /// sites[].mlp: global load sites in the same basic block at the same
  /// load-dependence depth (in flight together); 1 when absent.
  double Mlp = 1;
  /// sites[].work: issue slots a warp spends per execution of the site (its
  /// share of its loop's instructions); 0 when absent (older profiles).
  double Work = 0;
  /// sites[].waits: the warp waits for the access's value (a load, or an
  /// atomic whose result is used). Absent (before ABI v19): loads only.
  bool Waits = false;
  /// sites[].skips_l1: a volatile or atomic load, which L2 serves, never
  /// L1. Absent (before ABI v22): false.
  bool SkipsL1 = false;
  int ObjectId = -1; ///< sites[].object.id; -1 if none.
  /// sites[].evidence.*.word_fill: the share of the words of the sectors the
  /// sampled block touched in the site's range that it touched; -1 unknown
  /// (no heat map, or a pattern that does not report it).
  double WordFill = -1;
  std::vector<std::string> Patterns;
  /// sites[].log (heat-map mode, global sites): the sampled block's
  /// distinct 128-byte lines summed over requests (-1 unknown), and the
  /// sectors and whole requests its warps had loaded just before.
  double Lines = -1, RereadSectors = 0, RereadRequests = 0;
  /// sites[].log.reread_windows: the same re-reads for windows of several
  /// sizes (sectors a warp loaded since); RereadWindow.h picks the one the
  /// launch's occupancy leaves L1 for. Empty: only the fields above.
  struct Window {
    double Sectors = 0, RereadSectors = 0, RereadRequests = 0;
  };
  std::vector<Window> RereadWindows;
};

/// loops[]: a loop without memory sites whose trip count only the run
/// knew (a trip site): the issue slots a warp spends per trip and the trips
/// warps made in the counted blocks.
struct LoopTrips {
  std::string Id;
  double Work = 0, Trips = 0;
};

/// objects[]: an allocation (or pseudo-object) the sampled block touched.
struct ProfileObject {
  int Id = -1;
  std::string Kind;
  double SizeBytes = 0; ///< Allocations only; 0 unknown.
  double Sectors = 0;   ///< Heat-map sectors inside it (sampled block).
  /// objects[].span: the sampled block's first touched sector to the end of
  /// its last (0: not recorded, before the field existed).
  double SpanBytes = 0;
  double Base = -1;   ///< objects[].base: its address; -1 unknown.
  std::string Origin; ///< objects[].site: where it was allocated.
};

struct Profile {
  std::string File;
  std::string Kernel;
  std::string Mangled; ///< The kernel's symbol ("": not recorded).
  std::array<double, 3> Grid{1, 1, 1}, Block{1, 1, 1};
  std::string DeviceName;
  int SmCount = 0; ///< 0 if the profile does not say.
  std::vector<Site> Sites;
  std::vector<LoopTrips> Loops; ///< Empty before ABI v20.
  std::vector<ProfileObject> Objects;
  double HeatOverflow = 0; ///< overflow.heat_overflow: records dropped.
  /// heatmap.global_warps: the sampled block's warps that reached global
  /// memory (0: not recorded, before the field existed).
  double HeatGlobalWarps = 0;
  /// The counts are a grid-mode profile's (GridCounts.h): the heat map's
  /// distinct sectors, scaled with them, stand for the average block even
  /// where its log overflowed.
  bool CountsFromGrid = false;
  std::optional<double> TimeMs;      ///< Measured time, if recorded.
  std::optional<double> ActiveWarps; ///< occupancy.active_warps_per_sm.
  std::optional<double> WorkItems;   ///< e.g. lattice nodes, for MLUPS.
  double SampledBlocks = 1;          ///< Blocks the counters cover.
  /// Grid mode counts shared-memory sites in one block in N (the report's
  /// shared_counting_blocks): the blocks their counters cover. 0: the
  /// SampledBlocks, like every other site.
  double SharedCountingBlocks = 0;
  /// The ABI of the pass that wrote the site records (abi_version; 0: the
  /// report predates the field, ABI v22 or earlier).
  double AbiVersion = 0;
  double SharedBytes = 0; ///< Dynamic shared memory per block.
  std::string Mode;       ///< Runtime mode: heatmap, grid, time.

  double blocks() const { return Grid[0] * Grid[1] * Grid[2]; }
  double threadsPerBlock() const { return Block[0] * Block[1] * Block[2]; }
  double warpsPerBlock() const;
};

Profile readProfile(const std::string &Path);
Profile parseProfile(const Json &J, const std::string &File);

} // namespace sectorscope::model

#endif
