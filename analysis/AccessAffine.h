//===- AccessAffine.h - Global accesses, their address facts ----*- C++ -*-===//
//
// Finds the global loads, stores and atomics of a kernel and expresses each
// address as an integer polynomial over "atoms" (ScevToPolynomial.h): the
// thread and block indices (tid.*, ctaid.*), the launch sizes (ntid.*,
// nctaid.*), allocation bases (kernel pointer arguments, global variables),
// loop iteration counts and opaque run-time values. From the polynomial come
// the numbers the rules need: the lane stride, the warp's offset within a
// sector, the block strides. Who runs an access is in
// DominatingConditions.cpp.
//
// Everything here is about one warp: lanes are consecutive tid.x values and
// every other index (tid.y, tid.z, ctaid.*) is the same across the warp. That
// is exact when blockDim.x is a multiple of 32, the assumption the rules
// document.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_ACCESSAFFINE_H
#define SECTORSCOPE_ANALYSIS_ACCESSAFFINE_H

#include "analysis/AtomTable.h"
#include "analysis/Polynomial.h"
#include "analysis/ScevToPolynomial.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class DominatorTree;
class ICmpInst;
class PostDominatorTree;
class ScalarEvolution;
} // namespace llvm

namespace sectorscope {

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
  enum class StrideKind {
    Constant,
    Symbolic,
    Unknown
  } Stride = StrideKind::Unknown;
  int64_t LaneStride = 0; ///< When Constant.
  std::string StrideText; ///< "128" or "4*nj".
  /// Set when this access is one of several in its block that together read
  /// or write each lane's whole LaneStride bytes piece by piece (an unrolled
  /// `x[4*i + k]`, k < 4) whose base is not known to be aligned to it, so
  /// the backend keeps them apart: strided per request, but the caches
  /// serve the repeated sectors.
  bool PieceOfLaneChunk = false;

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
  /// The access is in no loop while another global access of the kernel is:
  /// a thread runs it once beside a loop's worth of other requests.
  bool OnceBesideLoop = false;
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
  /// cmpxchg, ldg/ldu intrinsic, small memcpy/memset (struct copies), or
  /// inline PTX of one load or store (support/InlinePtx.h).
  void analyze(llvm::Instruction &I, llvm::SmallVectorImpl<AccessFacts> &Out);
  /// `Offset`: bytes the access adds to `Ptr`.
  std::optional<AccessFacts> analyzeAccess(llvm::Instruction &I,
                                           llvm::Value *Ptr, uint64_t Width,
                                           AccessOp Op, uint64_t Offset = 0);

  /// Whether every block that runs the kernel reaches I with whole warps:
  /// no dominating branch selects blocks or lanes by index equality
  /// (blockIdx.x == 0, threadIdx.x == 0) or on data the domain cannot
  /// follow. Range checks (i < n) select neither.
  Reach reachedByEveryBlock(const llvm::Instruction &I,
                            llvm::PostDominatorTree &PDT);

  /// Whether only one lane of each warp runs I: a dominating branch taken
  /// on `x == c` with x affine in threadIdx.x (tid == 0, lane == 0), or on
  /// a window narrower than the lanes' step (laneWindow).
  bool singleLane(const llvm::Instruction &I, llvm::PostDominatorTree &PDT);
  /// Whether the edge `Taken` of `Cmp` lets at most one lane of a warp
  /// through: an unsigned `k * threadIdx.x + u < w` (u the same in every
  /// lane) with |k| >= w.
  bool laneWindow(const llvm::ICmpInst &Cmp, bool Taken);

  /// The threadIdx.x of the one thread that runs I, where a dominating
  /// branch is taken on `threadIdx.x == c` (or an equality linear in
  /// threadIdx.x alone): there the optimizer folds threadIdx.x to c in I's
  /// address.
  std::optional<int64_t> pinnedThreadX(const llvm::Instruction &I,
                                       llvm::PostDominatorTree &PDT);

  /// The byte address Ptr points to, whatever its address space.
  Poly addressOf(const llvm::Value *Ptr) { return Translate.of(Ptr); }
  const Atom &atom(unsigned Id) const { return Atoms[Id]; }
  const AtomTable &atoms() const { return Atoms; }
  std::string text(const Poly &P) const { return Atoms.text(P); }

private:
  enum class Cond { Uniform, SelectsLanes, SelectsBlocks, Opaque };
  Cond classifyCondition(const llvm::Value *C, unsigned Depth = 0);

  llvm::Function &F;
  llvm::DominatorTree &DT;
  AtomTable Atoms;
  ScevToPolynomial Translate;
  bool IsKernel;
};

/// Bytes per access the back end emits for an access of Bytes at alignment
/// A (an under-aligned struct copy becomes several narrow accesses).
uint64_t backendPieceWidth(uint64_t Bytes, llvm::Align A);

/// The kernels of a module (nvvm.annotations "kernel" or ptx_kernel CC).
bool isKernel(const llvm::Function &F);

} // namespace sectorscope

#endif
