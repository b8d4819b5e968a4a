//===- BandwidthModel.h - Little's-law bandwidth model -------- -*- C++ -*-===//
//
// For today's GPUs, a memory-bound kernel is limited either by DRAM
// bandwidth or by how many bytes its warps keep in flight (Little's law:
// throughput = bytes in flight / latency). Both bounds, per SM and w active
// warps per SM:
//   bandwidth term  T_bw  = sum_i bytes_i * a_i          (a = 1 / peak BW)
//   latency term    T_lat = sum_i X_i * L_i / w          (X: serial steps/SM)
// where a load site's serial steps are its warp requests / mlp (mlp loads
// issued back to back are in flight together, so a warp waits once for
// them: a "round trip" of loaded latency L), and a store's (or atomic's)
// are its requests (it does not wait; L is then its per-request issue cost,
// small). The two bounds meet smoothly:
//   time = launch + (T_bw^p + T_lat^p)^(1/p)
// p = 1 is the harmonic form (bytes * (a + b/w)); p -> inf is the hard
// max. a and L are per class (op, camped, sectors per request: the suite's
// word sizes 1..16 B give 1..16 sectors per request); p and launch are
// shared. For fixed p and launch the form is linear in (a^p, L^p):
//   (t - launch)^p = a^p * B^p + L^p * (X/w)^p,
// so each class is one non-negative Eigen least-squares fit, and p and
// launch are chosen by a grid search minimizing the squared log error.
//
// The micro-benchmarks' mlp comes from their source (microbench/cuda):
// campprof issues 4 loads per thread per loop trip, stream 8 (1-4 B words)
// or 4 (8, 16 B); a row's `mlp` field overrides that.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_BANDWIDTHMODEL_H
#define SECTORSCOPE_MODEL_BANDWIDTHMODEL_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/L1Figures.h"
#include "sectorscope/model/L2Figures.h"
#include "sectorscope/model/StreamSteps.h"
#include "sectorscope/model/TableRates.h"
#include "sectorscope/model/Traffic.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace sectorscope::model {

struct BandwidthClass {
  Op TheOp = Op::Read;
  bool Camped = false;
  int Width = 4;        ///< Word bytes of the benchmark = sectors/request.
  double MsPerByte = 0; ///< a: 1 / peak bandwidth.
  double MsPerStep = 0; ///< L: ms per serial step (round trip) of a warp.
  size_t Rows = 0;
  double R2 = 0, Rmse = 0, MaxRelErr = 0, MedianRelErr = 0;
  /// Set when the benchmark ran this class at one occupancy only: the class
  /// whose latency it borrows.
  std::string ShapeFrom;

  double peakGBps() const { return MsPerByte > 0 ? 1e-6 / MsPerByte : 0; }
  double latencyNs() const { return MsPerStep * 1e6; }
};

/// The two terms of one kernel's time; time(w) = launch + smax(Bw, Lat/w').
struct KernelCurve {
  double LaunchMs = 0, P = 1;
  /// Part of LaunchMs: writing back the dirty lines the previous launch
  /// left (0: none, or the previous launch is not known).
  double InheritedMs = 0;
  double BwMs = 0;              ///< T_bw.
  double LatMsWarps = 0;        ///< T_lat * w: latency term at 1 warp per SM.
  double GridWarpsPerSm = 1e30; ///< The grid's warps per SM (caps w).
  /// While the resident blocks' working sets fit in L1 (effective warps
  /// per SM <= L1MaxWarps; 0: never) reuse inside a block hits L1 and the
  /// curve uses these terms instead of BwMs / LatMsWarps.
  double L1MaxWarps = 0, BwMsL1 = 0, LatMsWarpsL1 = 0;
  /// The SM's instruction issue rate: a floor under the memory bounds
  /// that overlaps them (BandwidthModel::IssueMsPerSlot).
  double IssueMs = 0;
  /// The SM's shared-memory wavefronts, a floor of their own beside it
  /// (BandwidthModel::SharedMsPerWavefront).
  double SharedMs = 0;
  double LatScale = 1; ///< Application line: fitted latency factor.
  double BwScale = 1;  ///< Application line: fitted bandwidth factor.
  /// The grid, for its waves: blocks, warps a block, SMs (0: not known,
  /// no last wave charged).
  double Blocks = 0, WarpsPerBlock = 0, Sms = 0;

  double effectiveWarps(double W) const;
  /// Blocks over what the SMs hold at once at W warps per SM (at least a
  /// block each); 0 when the grid is not known.
  double waves(double W) const;
  /// smax(T_bw, T_lat / w) at W with the given factors, the grid's last
  /// partial wave charged a whole wave's latency (BandwidthCurve.cpp).
  double memoryTime(double W, double LatFactor, double BwFactor) const;
  /// What the last partial wave adds at W over the grid's even share.
  double lastWaveMs(double W) const;

  bool l1Fits(double W) const { return effectiveWarps(W) <= L1MaxWarps; }
  double memoryMs(double W) const { return l1Fits(W) ? BwMsL1 : BwMs; }
  double bwMs(double W) const {
    return std::max({memoryMs(W), IssueMs, SharedMs});
  }
  double latMsWarps(double W) const {
    return l1Fits(W) ? LatMsWarpsL1 : LatMsWarps;
  }
  double latencyMs(double W) const { return latMsWarps(W) / effectiveWarps(W); }
  double at(double Warps) const;
  /// The same curve through one measured point: the kernel's unknown
  /// (its effective latency, i.e. mlp) is solved from it; a time below the
  /// bandwidth floor scales the bandwidth term instead (cache reuse the
  /// traffic estimate missed).
  KernelCurve throughPoint(double Warps, double MeasuredMs) const;
};

double smoothMax(double A, double B, double P);

/// One exponent of the fit's grid with the squared log errors it gives the
/// spread rows (its best launch) and the loadstore rows.
struct ExponentScore {
  double P = 1, SpreadSqLogErr = 0, LoadStoreSqLogErr = 0;
};

/// mlp of a benchmark row: its `mlp` field, else the suite's known loop
/// structure; 0 if unknown.
double benchRowMlp(const BenchRow &R);

struct BandwidthModel {
  double LaunchMs = 0;
  /// "fit" (grid search with p on the spread rows) or where it was
  /// measured (the `small` group's empty kernels). JSON: launch_from.
  std::string LaunchFrom = "fit";
  double P = 1;       ///< Smooth-max exponent.
  double L2Bytes = 0; ///< For the DRAM traffic estimate; 0: unknown.
  int SmCount = 0;    ///< From the calibration's gpu.
  /// Which reuse across blocks L2 gives (Traffic::l2RereadMissShares).
  L2ReuseRules L2Reuse;
  /// The round trips are the chains of the warps that reach global memory
  /// (Traffic::WorkingWarpShare); false: every warp of a block shares them.
  /// Off unless the calibration says `"working_warps": true`: on a set
  /// profiled after it was chosen it did not help (docs/model.md).
  bool ChainsOnWorkingWarps = false;
  std::vector<std::string> Experiments;
  std::vector<BandwidthClass> Classes;
  size_t Rows = 0;
  double R2 = 0, Rmse = 0, MaxRelErr = 0, GeomeanRelErr = 0;
  std::vector<std::string> FitNotes;
  /// Per-SM time of a store (or atomic) request of a warp that also loads,
  /// added to the throughput (bandwidth) term, independent of occupancy:
  /// fitted on the gt200 rows (N loads then N stores per thread, aligned),
  /// whose stores cost more than in a pure write stream (0: not fitted).
  /// JSON: mixed_store_ms_per_request_per_sm.
  double MixedStoreMsPerStep = 0;
  size_t MixedRows = 0;
  double MixedGeomeanRelErr = 0;
  /// Held out: the gt200 rows with misaligned reads or writes, predicted
  /// by the final model (-1: none).
  size_t HeldOutRows = 0;
  double HeldOutGeomeanRelErr = -1;
  /// Cost of a thread block beyond its loads (launch, retirement), as one
  /// more serial step of each of its warps; fitted on the `block` rows (the
  /// same copy in blocks of 32..1024 threads, 1..16 words per thread).
  /// JSON: block_ms (0: not fitted).
  double BlockMs = 0;
  size_t BlockRows = 0;
  double BlockGeomeanRelErr = 0;
  /// The GPU starts blocks at a bounded rate whatever they do: a grid of
  /// many small blocks takes at least blocks x this (a throughput bound).
  /// The fastest start rate the `block` rows reached, launch removed.
  /// JSON: block_start_ms_per_block (0: not measured).
  double BlockStartMsPerBlock = 0;
  /// A warp's arithmetic between its round trips: it waits
  /// DependentCyclesPerSlot per issue slot of its own (Traffic::IssueSlots),
  /// a serial step like a round trip. From the GPU's clock (micro-benchmark
  /// gpu.max_sm_clock_mhz), not fitted; 0: no clock known, no term. JSON:
  /// dependent_ms_per_slot.
  double DependentMsPerSlot = 0;
  /// Half the 4-cycle latency of a dependent ALU instruction on sm_70..sm_90:
  /// code has two independent chains on average. Chosen on development
  /// programs (docs/model.md, "A warp's own instructions").
  static constexpr double DependentCyclesPerSlot = 2;
  /// The SM's four schedulers issue one warp instruction a cycle each: a
  /// grid's issue slots per SM at that rate bound the kernel whatever its
  /// memory does (a double-precision division per element, a search loop).
  /// Issue overlaps the memory path, so the bound joins the memory bounds
  /// as a plain maximum, not through their p-norm. From the clock, not
  /// fitted; 0: no clock known, no bound. JSON: issue_ms_per_slot.
  double IssueMsPerSlot = 0;
  static constexpr double IssueSlotsPerCycle = 4;
  /// The SMs a grid occupies: the block scheduler gives each SM a block
  /// before any gets a second, so a grid of fewer blocks than SMs leaves
  /// the rest idle and the per-SM work falls on the ones it has.
  double smsInUse(const Traffic &T) const;
  /// Per-SM time of a sector that a store writes only in part, a
  /// throughput bound of its own: fitted on the `stride` write rows whose
  /// lanes leave every sector of the span partly unwritten (lane stride 2..8
  /// words of 4 bytes: ~0.55 ms for the 1 GiB span where the aligned stream
  /// takes 0.29). JSON: partial_store_ms_per_sector_per_sm (0: not fitted).
  /// The misaligned `offset` write rows are held out.
  double PartialStoreMsPerSector = 0;
  size_t PartialRows = 0;
  double PartialGeomeanRelErr = 0;
  size_t PartialHeldOutRows = 0;
  double PartialHeldOutGeomeanRelErr = -1;
  /// Per-SM time of a line that stores write in part, the bound beside the
  /// per-sector one when the partial sectors lie apart (one or two per
  /// line: a column of stores, the LBM ghost-layer copy): fitted on the
  /// `stride` write rows whose lanes are more than a sector apart (1 GiB:
  /// ~0.38 ms at 8M lines, where the per-sector rate alone gives 0.14).
  /// A partial store costs max(sectors x PartialStoreMsPerSector, lines x
  /// PartialStoreMsPerLine) over the GPU's SMs. JSON:
  /// partial_store_ms_per_line_per_sm, partial_line_rows,
  /// partial_line_geomean_rel_err (absent or 0: not fitted).
  double PartialStoreMsPerLine = 0;
  size_t PartialLineRows = 0;
  double PartialLineGeomeanRelErr = 0;
  /// Rows of the `loadstore` experiment (loads then stores per trip, swept
  /// over occupancy; lib/LoadStoreRows.cpp) that chose p with the spread
  /// rows and joined the store term's fit, their geometric-mean relative
  /// error, and the score of every p tried (empty without such rows: p is
  /// then chosen on the spread rows alone). JSON: loadstore_rows,
  /// loadstore_geomean_rel_err, exponent_scan.
  size_t LoadStoreRows = 0;
  double LoadStoreGeomeanRelErr = 0;
  /// Held out: the `small` rows with trips (chains in grids that do not
  /// fill the GPU; lib/SmallGridRows.cpp) and their geometric-mean relative
  /// error. JSON: small_rows, small_geomean_rel_err (absent: none).
  size_t SmallRows = 0;
  double SmallGeomeanRelErr = 0;
  /// Once per kernel that stores, beside the launch: its last stores'
  /// round trip (full sectors, or some written in part), measured by the
  /// `small` chains that end in a store (lib/SmallGridRows.cpp). JSON:
  /// store_drain_ms, partial_store_drain_ms (absent: 0).
  double StoreDrainMs = 0, PartialStoreDrainMs = 0;
  /// Local memory (lib/LocalRows.cpp): per-SM time of a local sector and
  /// round trip of a local load per sector of its request, fitted on the
  /// `local` rows; local sites then move no DRAM, L2 or tag-stage time.
  /// JSON: local_ms_per_sector_per_sm, local_ms_per_sector_step,
  /// local_rows, local_geomean_rel_err (0: not fitted; local sites are
  /// then charged as global traffic).
  double LocalMsPerSector = 0, LocalMsPerSectorStep = 0;
  size_t LocalRows = 0;
  double LocalGeomeanRelErr = 0;
  /// Shared memory (lib/SharedRows.cpp): per-SM time of a wavefront (128
  /// bytes the banks serve at once; a D-way bank conflict is D of them)
  /// and round trip of a shared load, fitted on the `shared` rows. A group
  /// of loads in flight together waits one round trip plus a wavefront for
  /// each of its wavefronts after the first; the grid's wavefronts per SM
  /// are a floor beside the memory bounds, as the issue rate is (both are
  /// the SM's, overlapping the memory path). JSON: shared_ms_per_step,
  /// shared_ms_per_wavefront_per_sm, shared_rows, shared_geomean_rel_err
  /// (0: not fitted, shared memory is not charged).
  double SharedMsPerStep = 0, SharedMsPerWavefront = 0;
  size_t SharedRows = 0;
  double SharedGeomeanRelErr = 0;
  /// DRAM time of a load sector alone in its line, in units of a stream's
  /// (lib/SparseLineRows.cpp): fitted on the `stride` read rows with lanes
  /// a line or more apart. JSON: sparse_line_dram_factor, sparse_line_rows,
  /// sparse_line_geomean_rel_err (absent: 1, not fitted).
  double SparseLineFactor = 1;
  size_t SparseLineRows = 0;
  double SparseLineGeomeanRelErr = 0;
  /// The dirty L2 a kernel inherits (lib/WriteBack.cpp): time per byte
  /// written back, and the share of L2 that holds dirty lines, from the
  /// `dirty` rows. Charged once per launch, beside the launch latency, when
  /// the previous launch is known. JSON: write_back_ms_per_byte,
  /// dirty_l2_share, write_back_rows, write_back_geomean_rel_err (absent:
  /// 0, no charge).
  double WriteBackMsPerByte = 0, DirtyL2Share = 0;
  size_t WriteBackRows = 0;
  double WriteBackGeomeanRelErr = 0;
  /// Round trip of loads in flight together from separate allocations, in
  /// units of the latency rows' side-by-side loads (lib/StreamSteps.cpp),
  /// from the `streams` rows. JSON: stream_step_factors ([[streams,
  /// factor], ...]), stream_step_rows (absent: 1, side by side).
  StreamSteps Streams;
  /// Atomic update rate by table size, from the `atomic` rows: a kernel's
  /// atomics on an allocation are bounded by it. JSON: atomic_rates
  /// ([[words, updates per ms], ...]; absent: no bound).
  TableRates Atomics;
  /// Volatile-load request rate by table size, from the `hot_load` rows: a
  /// kernel's loads that skip L1 on an allocation are bounded by it (with
  /// its atomics there: one slice does both). JSON: hot_load_rates
  /// ([[words, requests per ms], ...]; absent: no bound).
  TableRates HotLoads;
  std::vector<ExponentScore> ExponentScan;
  /// L2 hits (traffic the DRAM estimate removes): charged at L2 bandwidth
  /// and round trip instead of being free (unknown figures: no L2
  /// bandwidth bound, and the DRAM round trip).
  L2Figures L2;
  /// L1: tag rate charged on every load request, and reuse inside a block
  /// served at the L1 round trip while it fits (unknown: charged as L2).
  L1Figures L1;

  /// Fits rows of the given experiments (e.g. {"stream", "campprof"}).
  /// With `small` rows the launch is measured (their empty kernels) rather
  /// than searched; LaunchMs, if given, fixes it instead.
  static BandwidthModel fit(const BenchData &D,
                            const std::vector<std::string> &Experiments,
                            std::optional<double> LaunchMs = std::nullopt);
  /// a and L for (op, camped) at a (fractional) number of sectors per
  /// request: log-log interpolation between the measured widths; beyond the
  /// widest, a stays and L follows the last segment's slope (>= 0).
  void coefficients(Op O, bool Camped, double SectorsPerRequest, double &A,
                    double &L, std::vector<std::string> *Notes) const;
  bool hasCamped() const;
  KernelCurve curve(const Traffic &T, bool Camped,
                    std::vector<std::string> *Notes) const;
  double kernelTime(const Traffic &T, bool Camped, double Warps,
                    std::vector<std::string> *Notes) const;

  Json toJson() const;
  static BandwidthModel fromJson(const Json &J, const Ctx &C);
};

} // namespace sectorscope::model

#endif
