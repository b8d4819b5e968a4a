//===- WaveCoverage.h - Partitions a wave of blocks touches -----*- C++ -*-===//
//
// Partition camping is about the blocks that run at the same time: a wave of
// (SMs x resident blocks per SM) blocks, in launch order, each with all its
// warps at the same loop iteration. This file evaluates an access's address
// polynomial for every lane of such a wave, asks the partition model which
// partition each touched sector belongs to, and reports how the wave's
// sectors spread: camped when the busiest partition gets at least twice its
// fair share. The same evaluation serves round-robin maps (gt200, linear:)
// and XOR-hashed ones (the calibrated sm_90 map), so a block that covers all
// partitions by itself, a row walk whose block stride is a multiple of the
// period, and a hash that scatters power-of-two strides are all judged on
// the addresses, not on a rule about the stride.
//
// Hashed maps are known within a 2 MiB page only (higher address bits are
// physical): the partitions of one page may all be flipped relative to
// another's. Pages are combined in the most favourable way, so only
// concentration that no page placement undoes is reported.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_WAVECOVERAGE_H
#define SECTORSCOPE_ANALYSIS_WAVECOVERAGE_H

#include "analysis/AccessAffine.h"
#include "analysis/LaunchShapes.h"

#include <cstdint>
#include <optional>
#include <string>

namespace sectorscope {

class PartitionModel;

struct WaveCoverage {
  unsigned Blocks = 0;         ///< Blocks in the wave.
  unsigned SMs = 0, PerSM = 0; ///< Where the wave's size comes from.
  BlockShape Block;            ///< The block shape evaluated.
  bool BlockAssumed = false;   ///< Block shape not (fully) from a launch.
  unsigned Touched = 0;        ///< Partitions with any of the sectors.
  unsigned Count = 0;          ///< Partitions of the model.
  unsigned Busiest = 0;        ///< The partition with the most sectors.
  double Share = 0;            ///< Its share of the wave's sectors.
  /// The wave's addresses span every partition's granule at least once:
  /// fewer bytes than that (a word per block) are no bandwidth to spread.
  bool Spans = false;

  bool camped() const {
    return Count >= 2 && Spans && Share * Count >= 2.0 - 1e-9;
  }
  /// "a wave of 120 blocks (30 SMs x 4 blocks of (32,8)) touches 1 of 8
  /// memory partitions"
  std::string text() const;
};

/// The wave coverage of access A under Model. `Shape` is the launch's
/// shape (null: unknown; unknown dimensions are assumed and said so);
/// `UsesCtaX` whether the kernel reads blockIdx.x (else consecutive blocks
/// differ in blockIdx.y); run-time values that multiply an index (row
/// pitches) take `PitchValue`, other run-time values 0. nullopt when the
/// address is not an affine function of thread and block indices.
std::optional<WaveCoverage> waveCoverage(const AccessFacts &A,
                                         const AccessAnalyzer &AA,
                                         const PartitionModel &Model,
                                         const BlockShape *Shape, bool UsesCtaX,
                                         int64_t PitchValue);

} // namespace sectorscope

#endif
