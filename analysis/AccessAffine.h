//===- AccessAffine.h - Global addresses as polynomials of thread ids -*- C++ -*-===//
//
// Expresses the address of each global load, store and atomic of a kernel
// as an integer polynomial over "atoms": the thread and block indices
// (tid.*, ctaid.*), the launch sizes (ntid.*, nctaid.*), allocation bases
// (kernel pointer arguments, global variables), loop iteration counts and
// opaque run-time values. ScalarEvolution does the heavy lifting (casts,
// shifts, loops); this file interprets its expressions and classifies the
// values SCEV leaves opaque as uniform across a warp or not.
//
// Everything here is about one warp: lanes are consecutive tid.x values and
// every other index (tid.y, tid.z, ctaid.*) is the same across the warp. That
// is exact when blockDim.x is a multiple of 32, the assumption the rules
// document.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_STATIC_ACCESSAFFINE_H
#define SECTORSCOPE_STATIC_ACCESSAFFINE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class DominatorTree;
class PostDominatorTree;
class ScalarEvolution;
class SCEV;
} // namespace llvm

namespace sectorscope {

/// What an atom of a polynomial stands for.
enum class AtomKind {
  TidX, TidY, TidZ,       ///< threadIdx.*
  CtaX, CtaY, CtaZ,       ///< blockIdx.*
  NtidX, NtidY, NtidZ,    ///< blockDim.*
  NctaX, NctaY, NctaZ,    ///< gridDim.*
  Base,                   ///< an allocation base (assumed 256-byte aligned)
  Symbol,                 ///< an opaque value, the same in every lane
  Iter,                   ///< how many times a loop has iterated so far
  Warp,                   ///< a per-warp value derived from tid.x (tid.x/32)
};

struct Atom {
  AtomKind Kind = AtomKind::Symbol;
  const llvm::Value *V = nullptr; ///< The value it stands for, if any.
  std::string Name;               ///< For messages ("nj", "blockDim.x").
  bool BlockDep = false;          ///< Opaque but may depend on blockIdx.
  bool ThreadDep = false;         ///< Opaque but may depend on threadIdx.
  bool Loaded = false;            ///< Read from memory written at run time.
  /// For a select or phi of different values: the values it chooses from
  /// (their alignment may agree even though the value is opaque).
  std::vector<unsigned> Arms; ///< Indices into AccessAnalyzer's arm table.
  /// For `x == c ? A : B`: the arm most lanes and blocks take (B), if any.
  int CommonArm = -1;
};

/// A sorted list of atom ids: the product of those atoms.
using Monomial = llvm::SmallVector<unsigned, 3>;

/// Sum of integer-weighted monomials, or Unknown (not expressible, or
/// different from lane to lane in a way the domain cannot follow).
struct Poly {
  std::map<Monomial, int64_t> Terms;
  bool Unknown = false;

  static Poly unknown() {
    Poly P;
    P.Unknown = true;
    return P;
  }
  static Poly constant(int64_t C);
  static Poly atom(unsigned Id);
  bool isConstant() const { return !Unknown && Terms.size() <= 1 && (Terms.empty() || Terms.begin()->first.empty()); }
  int64_t constantTerm() const;
  bool isZero() const { return !Unknown && Terms.empty(); }
};

Poly add(const Poly &A, const Poly &B);
Poly sub(const Poly &A, const Poly &B);
Poly mul(const Poly &A, const Poly &B);
Poly scale(const Poly &A, int64_t C);

enum class AccessOp { Load, Store, Atomic };

/// Who executes an access, as far as the dominating branches tell.
enum class Reach {
  SomeBlocks, ///< Only blocks the condition selects, or unknown.
  OneLane,    ///< Every block, but only selected lanes (tid == 0).
  AllWarps,   ///< Every block, whole warps (range checks aside).
};
const char *opName(AccessOp Op);

/// A global access, its address polynomial, and the numbers the rules need.
struct AccessFacts {
  const llvm::Instruction *I = nullptr;
  AccessOp Op = AccessOp::Load;
  uint64_t Width = 0; ///< Bytes per lane.
  Poly Addr;          ///< Byte address.

  /// Lane stride: bytes between lanes whose tid.x differs by one.
  enum class StrideKind { Constant, Symbolic, Unknown } Stride = StrideKind::Unknown;
  int64_t LaneStride = 0;    ///< When Constant.
  std::string StrideText;    ///< "128" or "4*nj".

  /// Byte offset of the warp's first lane from a 32-byte sector boundary,
  /// when every other term is a known multiple of 32 bytes.
  std::optional<int64_t> SectorOffset;

  /// Block strides: bytes between consecutive blockIdx.x (blockIdx.y).
  struct BlockStride {
    enum { Constant, Symbolic, NotAffine, None } Kind = None;
    int64_t Bytes = 0;
    Poly Coef;        ///< The coefficient polynomial (Symbolic or Constant).
    std::string Text; ///< "262144", "128*height", "not affine", "0".
  } BlockX, BlockY;

  /// Whether the kernel reads blockIdx.x anywhere. When it does not (a grid
  /// of one column), consecutively scheduled blocks differ in blockIdx.y.
  bool KernelUsesBlockIdxX = true;
  /// The address depends on no block index (and on nothing opaque).
  bool BlockInvariant = false;
  /// Coefficient of tid.y (for 2D tiles), when affine.
  std::optional<Poly> TidYCoef;
};

/// Builds AccessFacts for the global accesses of one function.
class AccessAnalyzer {
public:
  AccessAnalyzer(llvm::Function &F, llvm::ScalarEvolution &SE,
                 llvm::DominatorTree &DT,
                 std::function<std::vector<std::string>()> ParamNames = {});

  /// Is the pointer operand of this access global memory (addrspace(1), or a
  /// generic pointer based on a kernel argument or a global variable)?
  /// `FIsKernel` saves looking F up in nvvm.annotations when known.
  static bool isGlobalPointer(const llvm::Value *Ptr, const llvm::Function &F,
                              std::optional<bool> FIsKernel = std::nullopt);

  /// Facts for the global accesses of I: a load, store, atomicrmw,
  /// cmpxchg, ldg/ldu intrinsic, or small memcpy/memset (struct copies).
  void analyze(llvm::Instruction &I, llvm::SmallVectorImpl<AccessFacts> &Out);
  std::optional<AccessFacts> analyzeAccess(llvm::Instruction &I,
                                           llvm::Value *Ptr, uint64_t Width,
                                           AccessOp Op);

  /// Whether every block that runs the kernel reaches I with whole warps:
  /// no dominating branch selects blocks or lanes by index equality
  /// (blockIdx.x == 0, threadIdx.x == 0) or on data the domain cannot
  /// follow. Range checks (i < n) select neither.
  Reach reachedByEveryBlock(const llvm::Instruction &I,
                           llvm::PostDominatorTree &PDT);

  /// Whether only one lane of each warp runs I: a dominating branch taken
  /// on `x == c` with x affine in threadIdx.x (tid == 0, lane == 0).
  bool singleLane(const llvm::Instruction &I, llvm::PostDominatorTree &PDT);

  const Atom &atom(unsigned Id) const { return Atoms[Id]; }
  std::string text(const Poly &P) const;

private:
  Poly ofSCEV(const llvm::SCEV *S);
  Poly ofValue(const llvm::Value *V);
  Poly opaque(const void *Key, llvm::ArrayRef<const llvm::Value *> Ops,
              llvm::StringRef Name);
  Poly warpDiv(const Poly &X, uint64_t Divisor, const void *Key);
  unsigned newAtom(AtomKind K, const llvm::Value *V, std::string Name,
                   bool BlockDep = false, bool ThreadDep = false);
  unsigned fixedAtom(AtomKind K);
  bool laneVariant(const Poly &P) const;
  std::optional<int64_t>
  warpResidue32(const Poly &P, llvm::ArrayRef<unsigned> OuterPitches = {},
                unsigned Depth = 0) const;
  bool threadDep(const Poly &P) const;
  bool blockDep(const Poly &P) const;
  bool loaded(const Poly &P) const;
  bool phiControlLaneVariant(const llvm::PHINode &Phi);
  enum class Cond { Uniform, SelectsLanes, SelectsBlocks, Opaque };
  Cond classifyCondition(const llvm::Value *C, unsigned Depth = 0);

  llvm::Function &F;
  llvm::ScalarEvolution &SE;
  llvm::DominatorTree &DT;
  std::vector<Atom> Atoms;
  /// Parameter names from the source, for messages; fetched on first use.
  std::function<std::vector<std::string>()> GetParamNames;
  std::optional<std::vector<std::string>> ParamNames;
  bool IsKernel;
  std::vector<Poly> ArmPolys;
  llvm::DenseMap<unsigned, unsigned> Fixed; // AtomKind -> id
  llvm::DenseMap<const llvm::SCEV *, Poly> SCEVMemo;
  llvm::DenseMap<const llvm::Value *, Poly> ValueMemo;
  /// Opaque atoms by what they stand for: a Value, a SCEV expression, or a
  /// loop header, so that one value is one atom however often it is met.
  llvm::DenseMap<const void *, unsigned> KeyedAtoms;
  llvm::SmallPtrSet<const llvm::Value *, 8> InProgress;
  unsigned CycleHits = 0;
};

/// The kernels of a module (nvvm.annotations "kernel" or ptx_kernel CC).
bool isKernel(const llvm::Function &F);

} // namespace sectorscope

#endif
