//===- SassReader.h - Loads in flight from a kernel's SASS ------*- C++ -*-===//
//
// The IR counts the loads a basic block could issue together; ptxas decides
// what the GPU keeps in flight (it unrolls, widens and reorders). This reads
// `cuobjdump -sass` text and, per kernel, per loop body (the code between a
// backward branch and its target), counts the global loads (LDG) issued
// before the first instruction that reads one of their destination
// registers, the loads a warp has in flight at once, and the round trips
// a trip of the body waits for.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_SASSREADER_H
#define SECTORSCOPE_MODEL_SASSREADER_H

#include <cstdint>
#include <string>
#include <vector>

namespace sectorscope::model {

/// A stretch of code scanned as one: a loop body, or the whole kernel.
struct SassBody {
  uint64_t Begin = 0, End = 0; ///< Addresses of its first and last instruction.
  unsigned Loads = 0;          ///< LDG instructions in it.
  /// LDGs issued, from the body's start, before the first instruction that
  /// reads a register one of them loads (the loads in flight per warp).
  unsigned InFlight = 0;
  /// Round trips: instructions that wait for a load (each clears every
  /// load issued before it), and one more when loads are left at the end.
  unsigned Waits = 0;
  /// Loads per round trip, what a load site's serial steps divide by.
  double loadsPerTrip() const { return Waits ? (double)Loads / Waits : 0; }
  unsigned WidestBits = 0; ///< Widest LDG (32, 64, 128; 8/16 for bytes).
  /// What else a trip waits for, besides its loads' round trips: a block
  /// barrier (BAR), a warp shuffle (SHFL), or a load whose address another
  /// load of the body delivers (a gather's second step). Loads in flight do
  /// not shorten such a trip as they shorten a stream's.
  bool Barrier = false, Shuffle = false, ChainedLoad = false;
  bool serialized() const { return Barrier || Shuffle || ChainedLoad; }
};

struct SassKernel {
  std::string Name; ///< Mangled, as cuobjdump prints it.
  std::vector<SassBody> Loops;
  SassBody Whole; ///< The kernel scanned from its first instruction.

  /// The body that sets a warp's loads in flight: of the innermost loops
  /// (none inside them), the one with the most LDGs, where the kernel spends
  /// its trips; the whole kernel when no loop loads.
  const SassBody &hotBody() const;
};

/// Every kernel of `cuobjdump -sass` output, in order; a kernel listed for
/// several architectures is kept once, as first listed.
std::vector<SassKernel> readSass(const std::string &Text);

} // namespace sectorscope::model

#endif
