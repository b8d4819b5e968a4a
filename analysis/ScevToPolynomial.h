//===- ScevToPolynomial.h - Values as polynomials ---------------*- C++ -*-===//
//
// Translates integer and pointer values of a kernel into polynomials over
// atoms (Polynomial.h, AtomTable.h): thread and block indices, launch sizes,
// allocation bases, loop iteration counts and opaque run-time values.
// ScalarEvolution does the heavy lifting (casts, shifts, loops); this file
// interprets its expressions and classifies the values SCEV leaves opaque
// as uniform across a warp or not.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_SCEVTOPOLYNOMIAL_H
#define SECTORSCOPE_ANALYSIS_SCEVTOPOLYNOMIAL_H

#include "analysis/AtomTable.h"
#include "analysis/Polynomial.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Argument;
class BinaryOperator;
class DominatorTree;
class Instruction;
class IntrinsicInst;
class LoadInst;
class PHINode;
class SCEV;
class SCEVAddRecExpr;
class SCEVNAryExpr;
class SCEVTruncateExpr;
class SCEVUDivExpr;
class ScalarEvolution;
class SelectInst;
class Value;
} // namespace llvm

namespace sectorscope {

/// Polynomials of one function's values, with their atoms in `Atoms`. One
/// value is one atom however often it is met; results are memoized.
class ScevToPolynomial {
public:
  /// `ParamNames` gives the kernel's parameter names from the source, for
  /// messages; it is called on first use only.
  ScevToPolynomial(llvm::ScalarEvolution &SE, llvm::DominatorTree &DT,
                   AtomTable &Atoms,
                   std::function<std::vector<std::string>()> ParamNames = {});

  /// V as a polynomial: through SCEV when V is an integer or pointer.
  Poly of(const llvm::Value *V);
  Poly ofSCEV(const llvm::SCEV *S);

private:
  Poly ofValue(const llvm::Value *V);
  Poly ofTruncate(const llvm::SCEVTruncateExpr &T);
  Poly ofUDiv(const llvm::SCEVUDivExpr &D);
  Poly ofAddRec(const llvm::SCEVAddRecExpr &AR);
  Poly ofMinMax(const llvm::SCEVNAryExpr &S);
  Poly ofArgument(const llvm::Argument &A);
  Poly ofInstruction(const llvm::Instruction &I);
  Poly ofIntrinsic(const llvm::IntrinsicInst &II);
  Poly ofLoad(const llvm::LoadInst &L);
  Poly ofSignedDivision(const llvm::BinaryOperator &BO);
  Poly ofPhi(const llvm::PHINode &Phi);
  Poly ofSelect(const llvm::SelectInst &Sel);
  Poly opaque(const void *Key, llvm::ArrayRef<const llvm::Value *> Ops,
              llvm::StringRef Name);
  /// For X = threadIdx.x + Rest, Rest the same in every lane and a known
  /// multiple of 32 (blockIdx.x * blockDim.x): Rest.
  std::optional<Poly> restBesideThreadX(const Poly &X);
  Poly warpDiv(const Poly &X, uint64_t Divisor, const void *Key);
  /// X / Divisor (or X mod Divisor with `Rem`) of a lane-variant X: per
  /// warp for multiples of 32 (warpDiv), per few lanes below 32 (a
  /// LaneQuot atom) where X is tid.x plus a multiple of 32 (for a power of
  /// two) or tid.x alone.
  Poly laneDiv(const Poly &X, uint64_t Divisor, const void *Key, bool Rem);
  /// The atom that stands for `Key`, made with these facts on first use.
  unsigned keyedAtom(const void *Key, AtomKind K, const llvm::Value *V,
                     llvm::StringRef Name, bool BlockDep, bool ThreadDep,
                     bool Loaded);
  bool phiControlLaneVariant(const llvm::PHINode &Phi);

  llvm::ScalarEvolution &SE;
  llvm::DominatorTree &DT;
  AtomTable &Atoms;
  std::function<std::vector<std::string>()> GetParamNames;
  std::optional<std::vector<std::string>> ParamNames;
  llvm::DenseMap<const llvm::SCEV *, Poly> SCEVMemo;
  llvm::DenseMap<const llvm::Value *, Poly> ValueMemo;
  /// Opaque atoms by what they stand for: a Value, a SCEV expression, or a
  /// loop header.
  llvm::DenseMap<const void *, unsigned> KeyedAtoms;
  llvm::SmallPtrSet<const llvm::Value *, 8> InProgress;
  unsigned CycleHits = 0;
  /// Results that saw a cycle cut short, by SCEV or Value: they hold until
  /// the outermost value in progress is done. Without them a web of phis
  /// (a state machine's nested loops) is walked once per path through it.
  llvm::DenseMap<const void *, Poly> Provisional;
  void keepProvisional(const void *Key, const Poly &R);
};

} // namespace sectorscope

#endif
