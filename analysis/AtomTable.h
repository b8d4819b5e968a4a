//===- AtomTable.h - Atoms of polynomials, lane facts -----------*- C++ -*-===//
//
// What the atoms of a function's address polynomials (Polynomial.h) stand
// for, and what they tell about one warp: whether a polynomial differs
// across its lanes, depends on the block or thread, was read from memory,
// and where the warp's first lane falls within a 32-byte sector.
//
// Everything here is about one warp: lanes are consecutive tid.x values and
// every other index (tid.y, tid.z, ctaid.*) is the same across the warp. That
// is exact when blockDim.x is a multiple of 32, the assumption the rules
// document.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_ATOMTABLE_H
#define SECTORSCOPE_ANALYSIS_ATOMTABLE_H

#include "analysis/Polynomial.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Value;
} // namespace llvm

namespace sectorscope {

/// What an atom of a polynomial stands for.
enum class AtomKind {
  TidX,
  TidY,
  TidZ, ///< threadIdx.*
  CtaX,
  CtaY,
  CtaZ, ///< blockIdx.*
  NtidX,
  NtidY,
  NtidZ, ///< blockDim.*
  NctaX,
  NctaY,
  NctaZ,  ///< gridDim.*
  Base,   ///< an allocation base (assumed 256-byte aligned)
  Symbol, ///< an opaque value, the same in every lane
  Iter,   ///< how many times a loop has iterated so far
  Warp,   ///< a per-warp value derived from tid.x (tid.x/32)
  /// tid.x / Divisor for a divisor below 32 (`tid >> 4`, `tid / 3`): a few
  /// lanes share each value; its remainder is tid.x - Divisor * it.
  LaneQuot,
};

/// threadIdx.* and per-warp values.
bool isThreadAtom(AtomKind K);
/// blockIdx.*.
bool isBlockAtom(AtomKind K);

struct Atom {
  AtomKind Kind = AtomKind::Symbol;
  const llvm::Value *V = nullptr; ///< The value it stands for, if any.
  std::string Name;               ///< For messages ("nj", "blockDim.x").
  bool BlockDep = false;          ///< Opaque but may depend on blockIdx.
  bool ThreadDep = false;         ///< Opaque but may depend on threadIdx.
  bool Loaded = false;            ///< Read from memory written at run time.
  /// For a select or phi of different values: the values it chooses from
  /// (their alignment may agree even though the value is opaque).
  std::vector<unsigned> Arms; ///< Indices from AtomTable::addArm.
  /// For `x == c ? A : B`: the arm most lanes and blocks take (B), if any.
  int CommonArm = -1;
  /// For a quotient `Numerator / Divisor` of warp-uniform values
  /// (blockDim.x / 32): known once the numerator is. A LaneQuot atom's
  /// Divisor is the one it divides threadIdx.x by.
  Poly Numerator;
  int64_t Divisor = 0;
};

/// A thread atom's value for the thread at (X, Y, Z) in warp W of its
/// block: the index, W, or X / Divisor.
int64_t threadAtomValue(const Atom &A, int64_t X, int64_t Y, int64_t Z,
                        int64_t W);

/// The atoms of one function's polynomials, by id.
class AtomTable {
public:
  unsigned add(AtomKind K, const llvm::Value *V, std::string Name,
               bool BlockDep = false, bool ThreadDep = false);
  /// The one atom of a thread or launch index (threadIdx.x .. gridDim.z).
  unsigned fixed(AtomKind K);
  /// Keeps one choice of a select or phi; returns its index for Atom::Arms.
  unsigned addArm(Poly P);

  Atom &operator[](unsigned Id) { return Atoms[Id]; }
  const Atom &operator[](unsigned Id) const { return Atoms[Id]; }

  /// Whether P may differ between the lanes of a warp (Unknown does).
  bool laneVariant(const Poly &P) const;
  /// P with threadIdx.x set to X (other atoms kept).
  Poly atThreadX(const Poly &P, int64_t X) const;
  /// Whether P holds a sub-warp quotient (tid.x / 16): lanes differ in it
  /// but not one by one, so an equality on it selects several lanes.
  bool hasLaneQuot(const Poly &P) const;
  /// Whether P may depend on the thread (Unknown does).
  bool threadDep(const Poly &P) const;
  /// Whether P may depend on the block (Unknown does).
  bool blockDep(const Poly &P) const;
  /// Whether P involves a value read from memory written at run time.
  bool loaded(const Poly &P) const;
  /// The residue mod 32 of everything but P's tid.x terms, for a warp whose
  /// first lane has tid.x a multiple of 32, or nullopt when unknown.
  std::optional<int64_t>
  warpResidue32(const Poly &P, llvm::ArrayRef<unsigned> OuterPitches = {},
                unsigned Depth = 0) const;
  /// The value of a quotient atom when ValueOf fixes its numerator.
  std::optional<int64_t> quotientValue(
      unsigned Id,
      llvm::function_ref<std::optional<int64_t>(unsigned)> ValueOf) const;
  /// P for messages: "4*threadIdx.x + 128*nj".
  std::string text(const Poly &P) const;

private:
  std::vector<Atom> Atoms;
  std::vector<Poly> ArmPolys;
  llvm::DenseMap<unsigned, unsigned> Fixed; // AtomKind -> id
};

} // namespace sectorscope

#endif
