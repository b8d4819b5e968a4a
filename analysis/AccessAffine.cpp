//===- AccessAffine.cpp - Global addresses as polynomials of thread ids ---===//
#include "analysis/AccessAffine.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;

namespace sectorscope {

// Polynomials stay small on real kernels; past these limits the address is
// not something a warp-level rule can reason about anyway.
static constexpr size_t MaxTerms = 24;
static constexpr size_t MaxDegree = 4;

Poly Poly::constant(int64_t C) {
  Poly P;
  if (C != 0)
    P.Terms[Monomial()] = C;
  return P;
}

Poly Poly::atom(unsigned Id) {
  Poly P;
  P.Terms[Monomial{Id}] = 1;
  return P;
}

int64_t Poly::constantTerm() const {
  auto It = Terms.find(Monomial());
  return It == Terms.end() ? 0 : It->second;
}

static void addTerm(Poly &P, const Monomial &M, int64_t C) {
  if (P.Unknown || C == 0)
    return;
  int64_t &Slot = P.Terms[M];
  if (__builtin_add_overflow(Slot, C, &Slot)) {
    P = Poly::unknown();
    return;
  }
  if (Slot == 0)
    P.Terms.erase(M);
  if (P.Terms.size() > MaxTerms)
    P = Poly::unknown();
}

Poly add(const Poly &A, const Poly &B) {
  if (A.Unknown || B.Unknown)
    return Poly::unknown();
  Poly R = A;
  for (const auto &[M, C] : B.Terms)
    addTerm(R, M, C);
  return R;
}

Poly scale(const Poly &A, int64_t K) {
  if (A.Unknown)
    return A;
  Poly R;
  for (const auto &[M, C] : A.Terms) {
    int64_t V;
    if (__builtin_mul_overflow(C, K, &V))
      return Poly::unknown();
    addTerm(R, M, V);
  }
  return R;
}

Poly sub(const Poly &A, const Poly &B) { return add(A, scale(B, -1)); }

Poly mul(const Poly &A, const Poly &B) {
  if (A.Unknown || B.Unknown)
    return Poly::unknown();
  if (A.Terms.size() * B.Terms.size() > MaxTerms * 2)
    return Poly::unknown();
  Poly R;
  for (const auto &[MA, CA] : A.Terms)
    for (const auto &[MB, CB] : B.Terms) {
      if (MA.size() + MB.size() > MaxDegree)
        return Poly::unknown();
      Monomial M(MA);
      M.append(MB.begin(), MB.end());
      llvm::sort(M);
      int64_t V;
      if (__builtin_mul_overflow(CA, CB, &V))
        return Poly::unknown();
      addTerm(R, M, V);
      if (R.Unknown)
        return R;
    }
  return R;
}

const char *opName(AccessOp Op) {
  switch (Op) {
  case AccessOp::Load:
    return "load";
  case AccessOp::Store:
    return "store";
  case AccessOp::Atomic:
    return "atomic";
  }
  return "?";
}

bool isKernel(const Function &F) {
  if (F.getCallingConv() == CallingConv::PTX_Kernel)
    return true;
  const NamedMDNode *MD = F.getParent()->getNamedMetadata("nvvm.annotations");
  if (!MD)
    return false;
  for (const MDNode *Op : MD->operands()) {
    if (Op->getNumOperands() < 3)
      continue;
    auto *V = dyn_cast_or_null<ValueAsMetadata>(Op->getOperand(0).get());
    auto *Key = dyn_cast_or_null<MDString>(Op->getOperand(1).get());
    if (V && Key && V->getValue() == &F && Key->getString() == "kernel")
      return true;
  }
  return false;
}

AccessAnalyzer::AccessAnalyzer(Function &F, ScalarEvolution &SE,
                               DominatorTree &DT,
                               std::function<std::vector<std::string>()> Names)
    : F(F), SE(SE), DT(DT), GetParamNames(std::move(Names)),
      IsKernel(isKernel(F)) {}

unsigned AccessAnalyzer::newAtom(AtomKind K, const Value *V, std::string Name,
                                 bool BlockDep, bool ThreadDep) {
  Atom A;
  A.Kind = K;
  A.V = V;
  A.Name = std::move(Name);
  A.BlockDep = BlockDep;
  A.ThreadDep = ThreadDep;
  Atoms.push_back(std::move(A));
  return Atoms.size() - 1;
}

unsigned AccessAnalyzer::fixedAtom(AtomKind K) {
  auto It = Fixed.find(unsigned(K));
  if (It != Fixed.end())
    return It->second;
  static const char *Names[] = {"threadIdx.x", "threadIdx.y", "threadIdx.z",
                                "blockIdx.x",  "blockIdx.y",  "blockIdx.z",
                                "blockDim.x",  "blockDim.y",  "blockDim.z",
                                "gridDim.x",   "gridDim.y",   "gridDim.z"};
  unsigned Id = newAtom(K, nullptr, Names[unsigned(K)]);
  Fixed[unsigned(K)] = Id;
  return Id;
}

static bool isLaneAtom(AtomKind K) { return K == AtomKind::TidX; }
static bool isThreadAtom(AtomKind K) {
  return K == AtomKind::TidX || K == AtomKind::TidY || K == AtomKind::TidZ ||
         K == AtomKind::Warp;
}
static bool isBlockAtom(AtomKind K) {
  return K == AtomKind::CtaX || K == AtomKind::CtaY || K == AtomKind::CtaZ;
}

bool AccessAnalyzer::laneVariant(const Poly &P) const {
  if (P.Unknown)
    return true;
  for (const auto &[M, C] : P.Terms)
    for (unsigned A : M)
      if (isLaneAtom(Atoms[A].Kind))
        return true;
  return false;
}

bool AccessAnalyzer::threadDep(const Poly &P) const {
  if (P.Unknown)
    return true;
  for (const auto &[M, C] : P.Terms)
    for (unsigned A : M)
      if (isThreadAtom(Atoms[A].Kind) || Atoms[A].ThreadDep)
        return true;
  return false;
}

bool AccessAnalyzer::blockDep(const Poly &P) const {
  if (P.Unknown)
    return true;
  for (const auto &[M, C] : P.Terms)
    for (unsigned A : M)
      if (isBlockAtom(Atoms[A].Kind) || Atoms[A].BlockDep)
        return true;
  return false;
}

bool AccessAnalyzer::loaded(const Poly &P) const {
  for (const auto &[M, C] : P.Terms)
    for (unsigned A : M)
      if (Atoms[A].Loaded)
        return true;
  return false;
}

std::string AccessAnalyzer::text(const Poly &P) const {
  if (P.Unknown)
    return "unknown";
  if (P.Terms.empty())
    return "0";
  std::string S;
  for (auto It = P.Terms.rbegin(); It != P.Terms.rend(); ++It) {
    int64_t C = It->second;
    const Monomial &M = It->first;
    if (!S.empty())
      S += C < 0 ? " - " : " + ";
    else if (C < 0)
      S += "-";
    uint64_t Abs = C < 0 ? uint64_t(0) - uint64_t(C) : uint64_t(C);
    bool First = true;
    if (Abs != 1 || M.empty()) {
      S += std::to_string(Abs);
      First = false;
    }
    for (unsigned A : M) {
      if (!First)
        S += "*";
      S += Atoms[A].Name;
      First = false;
    }
  }
  return S;
}

// A value with no structure the domain follows: one atom, the same in every
// lane when its inputs are, else Unknown.
Poly AccessAnalyzer::opaque(const void *Key, ArrayRef<const Value *> Ops,
                            StringRef Name) {
  bool Block = false, Thread = false, Loaded = false;
  for (const Value *Op : Ops) {
    Poly P = SE.isSCEVable(Op->getType()) ? ofSCEV(SE.getSCEV(const_cast<Value *>(Op)))
                                          : ofValue(Op);
    if (laneVariant(P))
      return Poly::unknown();
    Block |= blockDep(P);
    Thread |= threadDep(P);
    Loaded |= loaded(P);
  }
  auto It = KeyedAtoms.find(Key);
  if (It != KeyedAtoms.end())
    return Poly::atom(It->second);
  unsigned Id = newAtom(AtomKind::Symbol, nullptr, Name.str(), Block, Thread);
  Atoms[Id].Loaded = Loaded;
  KeyedAtoms[Key] = Id;
  return Poly::atom(Id);
}

// The residue mod 32 of everything but the tid.x terms, for a warp whose
// first lane has tid.x a multiple of 32. Assumptions (documented in
// analysis/README.md): blockDim.x is a multiple of 32; allocation bases are
// 256-byte aligned; a run-time value that multiplies an index somewhere in
// the address is a row pitch, and pitches, and products of two or more
// run-time values (plane sizes), are multiples of 32 bytes. A lone run-time
// value that is no pitch (a[i + k]) is a run-time offset: nullopt.
std::optional<int64_t>
AccessAnalyzer::warpResidue32(const Poly &P, ArrayRef<unsigned> OuterPitches,
                              unsigned Depth) const {
  if (P.Unknown || Depth > 4)
    return std::nullopt;
  auto IsIndex = [](AtomKind K) {
    switch (K) {
    case AtomKind::TidX:
    case AtomKind::TidY:
    case AtomKind::TidZ:
    case AtomKind::CtaX:
    case AtomKind::CtaY:
    case AtomKind::CtaZ:
    case AtomKind::Warp:
    case AtomKind::Iter:
      return true;
    default:
      return false;
    }
  };
  SmallVector<unsigned, 4> PitchIds(OuterPitches.begin(), OuterPitches.end());
  for (const auto &[M, C] : P.Terms)
    if (any_of(M, [&](unsigned A) { return IsIndex(Atoms[A].Kind); }))
      for (unsigned A : M)
        if (!IsIndex(Atoms[A].Kind))
          PitchIds.push_back(A);
  int64_t R = 0;
  for (const auto &[M, C] : P.Terms) {
    if (M.empty()) {
      R += C % 32;
      continue;
    }
    bool HasTidX = false, HasNtidX = false, HasIndex = false, HasBase = false;
    unsigned Syms = 0;
    for (unsigned A : M) {
      AtomKind K = Atoms[A].Kind;
      if (K == AtomKind::TidX)
        HasTidX = true;
      else if (K == AtomKind::NtidX)
        HasNtidX = true;
      else if (K == AtomKind::Base)
        HasBase = true;
      else if (IsIndex(K))
        HasIndex = true;
      else
        ++Syms;
    }
    if (HasTidX || HasNtidX)
      continue;
    if (HasBase) {
      if (M.size() == 1 && C == 1)
        continue;
      return std::nullopt;
    }
    if (Syms == 0) { // indices only: exact
      if (C % 32 == 0)
        continue;
      return std::nullopt;
    }
    if (HasIndex || Syms >= 2 || C % 32 == 0)
      continue;
    unsigned S = M[0];
    if (is_contained(PitchIds, S))
      continue;
    // A select or phi whose choices all have the same alignment.
    if (!Atoms[S].Arms.empty()) {
      std::optional<int64_t> Common;
      bool Agree = true;
      for (unsigned Arm : Atoms[S].Arms) {
        // The arms are judged with this address's pitches.
        std::optional<int64_t> AR =
            warpResidue32(scale(ArmPolys[Arm], C), PitchIds, Depth + 1);
        if (!AR || (Common && *Common != *AR))
          Agree = false;
        Common = AR;
      }
      if (!Agree && Atoms[S].CommonArm >= 0)
        Common = warpResidue32(
            scale(ArmPolys[Atoms[S].Arms[Atoms[S].CommonArm]], C), PitchIds,
            Depth + 1);
      else if (!Agree)
        return std::nullopt;
      if (!Common)
        return std::nullopt;
      R += *Common;
      continue;
    }
    return std::nullopt;
  }
  return ((R % 32) + 32) % 32;
}

// X / Divisor for X = tid.x + (multiples of 32 at warp-leading lanes): the
// same for all lanes of a warp when Divisor is a multiple of 32.
Poly AccessAnalyzer::warpDiv(const Poly &X, uint64_t Divisor,
                             const void *Key) {
  if (X.Unknown || Divisor == 0 || Divisor % 32 != 0)
    return Poly::unknown();
  unsigned TidX = fixedAtom(AtomKind::TidX);
  auto It = X.Terms.find(Monomial{TidX});
  if (It == X.Terms.end() || It->second != 1)
    return Poly::unknown();
  for (const auto &[M, C] : X.Terms)
    if (M != Monomial{TidX} && is_contained(M, TidX))
      return Poly::unknown();
  Poly Rest = X;
  Rest.Terms.erase(Monomial{TidX});
  std::optional<int64_t> R = warpResidue32(Rest);
  if (!R || *R != 0)
    return Poly::unknown();
  // Products with run-time values passed warpResidue32 as "pitches"; for a
  // division the lanes could still straddle a boundary, so refuse those.
  for (const auto &[M, C] : Rest.Terms)
    for (unsigned A : M)
      if (Atoms[A].Kind == AtomKind::Symbol)
        return Poly::unknown();
  auto K = KeyedAtoms.find(Key);
  if (K != KeyedAtoms.end())
    return Poly::atom(K->second);
  unsigned Id = newAtom(AtomKind::Warp, nullptr, "warp", blockDep(X), true);
  Atoms[Id].Loaded = loaded(X);
  KeyedAtoms[Key] = Id;
  return Poly::atom(Id);
}

Poly AccessAnalyzer::ofSCEV(const SCEV *S) {
  auto It = SCEVMemo.find(S);
  if (It != SCEVMemo.end())
    return It->second;
  // Results that saw a cycle cut short are not final: do not keep them.
  unsigned CyclesBefore = CycleHits;
  Poly R;
  switch (S->getSCEVType()) {
  case scConstant: {
    const APInt &V = cast<SCEVConstant>(S)->getAPInt();
    R = V.getSignificantBits() <= 63 ? Poly::constant(V.getSExtValue())
                                     : Poly::unknown();
    break;
  }
  case scPtrToInt:
  case scSignExtend:
  case scZeroExtend:
    // Index arithmetic is assumed not to wrap (C++ signed overflow is UB;
    // unsigned wrap of an index would be a bug in the kernel).
    R = ofSCEV(cast<SCEVCastExpr>(S)->getOperand());
    break;
  case scTruncate: {
    auto *T = cast<SCEVTruncateExpr>(S);
    Poly X = ofSCEV(T->getOperand());
    unsigned Bits = T->getType()->getScalarSizeInBits();
    if (Bits >= 32) {
      R = X;
    } else if (!laneVariant(X)) {
      R = opaque(static_cast<const void *>(S), {}, "trunc");
      if (!R.Unknown) {
        Atom &A = Atoms[R.Terms.begin()->first[0]];
        A.BlockDep |= blockDep(X);
        A.ThreadDep |= threadDep(X);
        A.Loaded |= loaded(X);
      }
    } else if (Bits >= 5) {
      // X mod 2^Bits = X - 2^Bits * (X / 2^Bits), the quotient per warp.
      Poly Q = warpDiv(X, uint64_t(1) << Bits, static_cast<const void *>(S));
      R = Q.Unknown ? Q : sub(X, scale(Q, int64_t(1) << Bits));
    } else {
      R = Poly::unknown();
    }
    break;
  }
  case scAddExpr: {
    R = Poly::constant(0);
    for (const SCEV *Op : cast<SCEVAddExpr>(S)->operands())
      R = add(R, ofSCEV(Op));
    break;
  }
  case scMulExpr: {
    R = Poly::constant(1);
    for (const SCEV *Op : cast<SCEVMulExpr>(S)->operands())
      R = mul(R, ofSCEV(Op));
    break;
  }
  case scUDivExpr: {
    auto *D = cast<SCEVUDivExpr>(S);
    Poly L = ofSCEV(D->getLHS()), Rt = ofSCEV(D->getRHS());
    if (L.isConstant() && Rt.isConstant() && Rt.constantTerm() > 0 &&
        L.constantTerm() >= 0) {
      R = Poly::constant(L.constantTerm() / Rt.constantTerm());
    } else if (!laneVariant(L) && !laneVariant(Rt)) {
      auto K = KeyedAtoms.find(static_cast<const void *>(S));
      if (K != KeyedAtoms.end()) {
        R = Poly::atom(K->second);
      } else {
        unsigned Id = newAtom(AtomKind::Symbol, nullptr, "div",
                              blockDep(L) || blockDep(Rt),
                              threadDep(L) || threadDep(Rt));
        Atoms[Id].Loaded = loaded(L) || loaded(Rt);
        KeyedAtoms[static_cast<const void *>(S)] = Id;
        R = Poly::atom(Id);
      }
    } else if (Rt.isConstant() && Rt.constantTerm() > 0) {
      R = warpDiv(L, uint64_t(Rt.constantTerm()),
                  static_cast<const void *>(S));
    } else {
      R = Poly::unknown();
    }
    break;
  }
  case scAddRecExpr: {
    auto *AR = cast<SCEVAddRecExpr>(S);
    if (!AR->isAffine()) {
      R = Poly::unknown();
      break;
    }
    Poly Start = ofSCEV(AR->getStart());
    Poly Step = ofSCEV(AR->getStepRecurrence(SE));
    if (laneVariant(Step)) {
      R = Poly::unknown();
      break;
    }
    // The loop's iteration count, the same across the warp's active lanes.
    const Value *Key = AR->getLoop()->getHeader();
    unsigned Id;
    auto K = KeyedAtoms.find(Key);
    if (K != KeyedAtoms.end()) {
      Id = K->second;
    } else {
      Id = newAtom(AtomKind::Iter, Key, "iter");
      KeyedAtoms[Key] = Id;
    }
    R = add(Start, mul(Poly::atom(Id), Step));
    break;
  }
  case scUMaxExpr:
  case scSMaxExpr:
  case scUMinExpr:
  case scSMinExpr:
  case scSequentialUMinExpr: {
    bool Block = false, Thread = false, Lane = false, Ld = false;
    for (const SCEV *Op : cast<SCEVNAryExpr>(S)->operands()) {
      Poly P = ofSCEV(Op);
      Ld |= loaded(P);
      Lane |= laneVariant(P);
      Block |= blockDep(P);
      Thread |= threadDep(P);
    }
    if (Lane) {
      R = Poly::unknown();
      break;
    }
    auto K = KeyedAtoms.find(static_cast<const void *>(S));
    if (K != KeyedAtoms.end()) {
      R = Poly::atom(K->second);
    } else {
      unsigned Id = newAtom(AtomKind::Symbol, nullptr, "minmax", Block, Thread);
      Atoms[Id].Loaded = Ld;
      KeyedAtoms[static_cast<const void *>(S)] = Id;
      R = Poly::atom(Id);
    }
    break;
  }
  case scUnknown:
    // Memoized per Value in ofValue, which knows about cycles.
    return ofValue(cast<SCEVUnknown>(S)->getValue());
  default:
    R = Poly::unknown();
    break;
  }
  if (CycleHits == CyclesBefore)
    SCEVMemo[S] = R;
  return R;
}

static std::string argName(const Argument &A) {
  if (A.hasName())
    return A.getName().str();
  return "arg" + std::to_string(A.getArgNo());
}

Poly AccessAnalyzer::ofValue(const Value *V) {
  auto It = ValueMemo.find(V);
  if (It != ValueMemo.end())
    return It->second;

  auto Operand = [&](const Value *Op) -> Poly {
    if (SE.isSCEVable(Op->getType()))
      return ofSCEV(SE.getSCEV(const_cast<Value *>(Op)));
    return ofValue(Op);
  };

  Poly R;
  if (auto *CI = dyn_cast<ConstantInt>(V)) {
    R = CI->getValue().getSignificantBits() <= 63
            ? Poly::constant(CI->getSExtValue())
            : Poly::unknown();
  } else if (isa<ConstantPointerNull>(V)) {
    R = Poly::constant(0);
  } else if (auto *A = dyn_cast<Argument>(V)) {
    std::string Name = argName(*A);
    if (!A->hasName() && GetParamNames) {
      if (!ParamNames)
        ParamNames = GetParamNames();
      if (A->getArgNo() < ParamNames->size() &&
          !(*ParamNames)[A->getArgNo()].empty())
        Name = (*ParamNames)[A->getArgNo()];
    }
    R = Poly::atom(newAtom(A->getType()->isPointerTy() ? AtomKind::Base
                                                       : AtomKind::Symbol,
                           A, Name));
  } else if (auto *GV = dyn_cast<GlobalVariable>(V)) {
    R = Poly::atom(newAtom(AtomKind::Base, GV, GV->getName().str()));
  } else if (isa<ConstantExpr>(V) && !isa<Instruction>(V)) {
    auto *CE = cast<ConstantExpr>(V);
    switch (CE->getOpcode()) {
    case Instruction::AddrSpaceCast:
    case Instruction::BitCast:
    case Instruction::PtrToInt:
    case Instruction::IntToPtr:
      R = Operand(CE->getOperand(0));
      break;
    default:
      R = Poly::atom(newAtom(AtomKind::Symbol, V, "const"));
      break;
    }
  } else if (isa<Constant>(V) || isa<BasicBlock>(V) || isa<MetadataAsValue>(V)) {
    R = Poly::atom(newAtom(AtomKind::Symbol, V, "const"));
  } else if (auto *I = dyn_cast<Instruction>(V)) {
    if (!InProgress.insert(V).second) {
      ++CycleHits; // A cycle through a phi SCEV could not model.
      return Poly::unknown();
    }
    unsigned CyclesBefore = CycleHits;
    if (auto *II = dyn_cast<IntrinsicInst>(I)) {
      switch (II->getIntrinsicID()) {
      case Intrinsic::nvvm_read_ptx_sreg_tid_x:
        R = Poly::atom(fixedAtom(AtomKind::TidX));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_tid_y:
        R = Poly::atom(fixedAtom(AtomKind::TidY));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_tid_z:
        R = Poly::atom(fixedAtom(AtomKind::TidZ));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
        R = Poly::atom(fixedAtom(AtomKind::CtaX));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
        R = Poly::atom(fixedAtom(AtomKind::CtaY));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
        R = Poly::atom(fixedAtom(AtomKind::CtaZ));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
        R = Poly::atom(fixedAtom(AtomKind::NtidX));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
        R = Poly::atom(fixedAtom(AtomKind::NtidY));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
        R = Poly::atom(fixedAtom(AtomKind::NtidZ));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
        R = Poly::atom(fixedAtom(AtomKind::NctaX));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
        R = Poly::atom(fixedAtom(AtomKind::NctaY));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
        R = Poly::atom(fixedAtom(AtomKind::NctaZ));
        break;
      case Intrinsic::nvvm_read_ptx_sreg_warpsize:
        R = Poly::constant(32);
        break;
      default:
        if (II->doesNotAccessMemory() && !II->isConvergent()) {
          SmallVector<const Value *, 4> Ops(II->args());
          R = opaque(V, Ops, "call");
        } else {
          R = Poly::unknown();
        }
        break;
      }
    } else if (auto *L = dyn_cast<LoadInst>(I)) {
      // A load from the same address in every lane reads the same value.
      Poly Addr = Operand(L->getPointerOperand());
      if (laneVariant(Addr)) {
        R = Poly::unknown();
      } else if (auto K = KeyedAtoms.find(V); K != KeyedAtoms.end()) {
        R = Poly::atom(K->second);
      } else {
        // A pointer read from kernel parameters or global memory is taken
        // to be an allocation base, like a pointer argument.
        bool IsPtr = L->getType()->isPointerTy();
        unsigned Id = newAtom(IsPtr ? AtomKind::Base : AtomKind::Symbol, V,
                              IsPtr ? "ptr" : "load", blockDep(Addr),
                              threadDep(Addr));
        // Kernel parameters and __constant__ data are fixed for the launch;
        // anything else was written at run time.
        const Value *Obj = getUnderlyingObject(L->getPointerOperand(), 12);
        bool Param = false;
        if (auto *A = dyn_cast<Argument>(Obj))
          Param = A->hasByValAttr();
        else if (auto *GV = dyn_cast<GlobalVariable>(Obj))
          Param = GV->getAddressSpace() == 4 || GV->isConstant();
        Atoms[Id].Loaded = !Param;
        KeyedAtoms[V] = Id;
        R = Poly::atom(Id);
      }
    } else if (auto *BO = dyn_cast<BinaryOperator>(I);
               BO && (BO->getOpcode() == Instruction::AShr ||
                      BO->getOpcode() == Instruction::SDiv ||
                      BO->getOpcode() == Instruction::SRem) &&
               isa<ConstantInt>(BO->getOperand(1)) &&
               laneVariant(Operand(BO->getOperand(0)))) {
      // SCEV leaves signed division alone. Thread indices are not negative,
      // so `gid >> 5`, `gid / 32`, `gid % 32` on an int mean what their
      // unsigned forms do.
      Poly X = Operand(BO->getOperand(0));
      const APInt &C = cast<ConstantInt>(BO->getOperand(1))->getValue();
      uint64_t D = 0;
      if (BO->getOpcode() == Instruction::AShr)
        D = C.ult(62) ? uint64_t(1) << C.getZExtValue() : 0;
      else
        D = C.isStrictlyPositive() && C.ult(uint64_t(1) << 40) ? C.getZExtValue() : 0;
      Poly Q = D ? warpDiv(X, D, V) : Poly::unknown();
      if (BO->getOpcode() == Instruction::SRem && !Q.Unknown)
        R = sub(X, scale(Q, int64_t(D)));
      else
        R = Q;
    } else if (isa<CastInst>(I)) {
      R = Operand(I->getOperand(0));
    } else if (isa<GetElementPtrInst>(I)) {
      R = Poly::unknown(); // SCEV models GEPs; only odd types get here.
    } else if (auto *Phi = dyn_cast<PHINode>(I)) {
      // A phi SCEV could not model: one value if all incomings agree,
      // else an opaque value, uniform only if the branches that choose
      // between them are.
      std::optional<Poly> Same;
      bool Agree = true, Lane = false, Block = false, Thread = false,
           Ld = false;
      std::vector<Poly> In;
      for (const Value *V : Phi->incoming_values()) {
        if (V == Phi)
          continue;
        Poly P = Operand(V);
        In.push_back(P);
        Ld |= loaded(P);
        Lane |= laneVariant(P);
        Block |= blockDep(P);
        Thread |= threadDep(P);
        if (!Same)
          Same = P;
        else if (Same->Unknown || P.Unknown || Same->Terms != P.Terms)
          Agree = false;
      }
      if (Lane) {
        R = Poly::unknown();
      } else if (Agree && Same) {
        R = *Same;
      } else if (phiControlLaneVariant(*Phi)) {
        R = Poly::unknown();
      } else {
        unsigned Id = newAtom(AtomKind::Symbol, V, "phi", Block, Thread);
        Atoms[Id].Loaded = Ld;
        for (Poly &P : In) {
          Atoms[Id].Arms.push_back(ArmPolys.size());
          ArmPolys.push_back(std::move(P));
        }
        KeyedAtoms[V] = Id;
        R = Poly::atom(Id);
      }
    } else if (auto *Sel = dyn_cast<SelectInst>(I)) {
      Poly C = Operand(Sel->getCondition());
      Poly T = Operand(Sel->getTrueValue()), E = Operand(Sel->getFalseValue());
      const auto *Cmp = dyn_cast<ICmpInst>(Sel->getCondition());
      bool OneLaneCond = false;
      if (Cmp && Cmp->isEquality()) {
        Poly A = Operand(Cmp->getOperand(0)), B = Operand(Cmp->getOperand(1));
        OneLaneCond = !A.Unknown && !B.Unknown &&
                      (laneVariant(A) || laneVariant(B));
      }
      if (!T.Unknown && !E.Unknown && T.Terms == E.Terms)
        R = T;
      else if (OneLaneCond)
        // `tid == 0 ? A : B` (if/else merged by SimplifyCFG): one lane takes
        // A, the other 31 take B, which describes the warp's request.
        R = Cmp->getPredicate() == ICmpInst::ICMP_EQ ? E : T;
      else if (laneVariant(C) || laneVariant(T) || laneVariant(E))
        R = Poly::unknown();
      else {
        unsigned Id = newAtom(AtomKind::Symbol, V, "select",
                              blockDep(C) || blockDep(T) || blockDep(E),
                              threadDep(C) || threadDep(T) || threadDep(E));
        Atoms[Id].Loaded = loaded(C) || loaded(T) || loaded(E);
        for (Poly *P : {&T, &E}) {
          Atoms[Id].Arms.push_back(ArmPolys.size());
          ArmPolys.push_back(std::move(*P));
        }
        // `z == 0 ? wall : interior`: an equality holds for few indices, so
        // the other arm is what most blocks do.
        if (auto *Cmp = dyn_cast<ICmpInst>(Sel->getCondition()))
          if (Cmp->isEquality())
            Atoms[Id].CommonArm =
                Cmp->getPredicate() == ICmpInst::ICMP_EQ ? 1 : 0;
        KeyedAtoms[V] = Id;
        R = Poly::atom(Id);
      }
    } else if (isa<CallBase>(I) || isa<AtomicRMWInst>(I) ||
               isa<AtomicCmpXchgInst>(I) || I->mayReadOrWriteMemory() ||
               isa<ExtractValueInst>(I) || isa<ExtractElementInst>(I)) {
      // Calls, atomics (each lane gets its own result), inline asm, ...
      R = Poly::unknown();
    } else {
      SmallVector<const Value *, 4> Ops(I->operands());
      R = opaque(V, Ops, I->getOpcodeName());
    }
    InProgress.erase(V);
    if (CycleHits != CyclesBefore)
      return R;
  } else {
    R = Poly::unknown();
  }
  ValueMemo[V] = R;
  return R;
}

bool AccessAnalyzer::phiControlLaneVariant(const PHINode &Phi) {
  auto CondVariant = [&](const BasicBlock *BB) {
    const Instruction *T = BB->getTerminator();
    const Value *C = nullptr;
    if (auto *Br = dyn_cast<BranchInst>(T)) {
      if (Br->isConditional())
        C = Br->getCondition();
    } else if (auto *Sw = dyn_cast<SwitchInst>(T)) {
      C = Sw->getCondition();
    } else if (!isa<ReturnInst>(T) && !isa<UnreachableInst>(T)) {
      return true;
    }
    if (!C)
      return false;
    if (auto *Cmp = dyn_cast<CmpInst>(C)) {
      for (const Value *Op : Cmp->operands()) {
        Poly P = SE.isSCEVable(Op->getType())
                     ? ofSCEV(SE.getSCEV(const_cast<Value *>(Op)))
                     : ofValue(Op);
        if (laneVariant(P))
          return true;
      }
      return false;
    }
    if (isa<Constant>(C))
      return false;
    return true;
  };
  const BasicBlock *BB = Phi.getParent();
  for (const BasicBlock *Pred : Phi.blocks())
    if (CondVariant(Pred))
      return true;
  if (auto *Node = DT.getNode(BB))
    if (auto *IDom = Node->getIDom())
      if (CondVariant(IDom->getBlock()))
        return true;
  return false;
}

bool AccessAnalyzer::isGlobalPointer(const Value *Ptr, const Function &F,
                                     std::optional<bool> FIsKernel) {
  bool Kernel = FIsKernel ? *FIsKernel : isKernel(F);
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS == 1)
    return true;
  if (AS != 0)
    return false; // shared (3), constant (4), local (5), param (101)
  SmallVector<const Value *, 4> Objs;
  getUnderlyingObjects(Ptr, Objs, nullptr, 12);
  if (Objs.empty())
    return false;
  auto BaseIsGlobalOrParam = [&](const Value *O) {
    if (auto *A = dyn_cast<Argument>(O))
      return A->getParent() == &F && Kernel;
    if (auto *GV = dyn_cast<GlobalVariable>(O)) {
      unsigned GAS = GV->getAddressSpace();
      return GAS == 1 || GAS == 4;
    }
    return false;
  };
  for (const Value *O : Objs) {
    if (auto *GV = dyn_cast<GlobalVariable>(O)) {
      if (GV->getAddressSpace() != 1)
        return false;
      continue;
    }
    if (auto *A = dyn_cast<Argument>(O)) {
      // A byval struct parameter is kernel-parameter memory, not global.
      if (A->hasByValAttr() || A->getParent() != &F || !Kernel)
        return false;
      continue;
    }
    if (auto *L = dyn_cast<LoadInst>(O)) {
      // A pointer read from kernel parameters or from global memory (a
      // field of a struct argument, a table of pointers) points to global
      // memory in CUDA programs.
      if (!L->getType()->isPointerTy())
        return false;
      if (!BaseIsGlobalOrParam(getUnderlyingObject(L->getPointerOperand(), 12)))
        return false;
      continue;
    }
    return false;
  }
  return true;
}

void AccessAnalyzer::analyze(Instruction &I,
                             SmallVectorImpl<AccessFacts> &Out) {
  const DataLayout &DL = I.getModule()->getDataLayout();
  auto One = [&](Value *Ptr, Type *Ty, AccessOp Op) {
    if (!Ty->isSized())
      return;
    uint64_t W = DL.getTypeStoreSize(Ty).getKnownMinValue();
    if (auto F = analyzeAccess(I, Ptr, W, Op))
      Out.push_back(std::move(*F));
  };
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    One(L->getPointerOperand(), L->getType(), AccessOp::Load);
  } else if (auto *S = dyn_cast<StoreInst>(&I)) {
    One(S->getPointerOperand(), S->getValueOperand()->getType(),
        AccessOp::Store);
  } else if (auto *A = dyn_cast<AtomicRMWInst>(&I)) {
    One(A->getPointerOperand(), A->getValOperand()->getType(),
        AccessOp::Atomic);
  } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I)) {
    One(X->getPointerOperand(), X->getNewValOperand()->getType(),
        AccessOp::Atomic);
  } else if (auto *MT = dyn_cast<MemTransferInst>(&I)) {
    // Struct and vector copies (float4 a = b) become small memcpys.
    auto *Len = dyn_cast<ConstantInt>(MT->getLength());
    if (!Len || Len->getZExtValue() == 0 || Len->getZExtValue() > 64)
      return;
    uint64_t W = Len->getZExtValue();
    if (auto F = analyzeAccess(I, MT->getSource(), W, AccessOp::Load))
      Out.push_back(std::move(*F));
    if (auto F = analyzeAccess(I, MT->getDest(), W, AccessOp::Store))
      Out.push_back(std::move(*F));
  } else if (auto *MS = dyn_cast<MemSetInst>(&I)) {
    auto *Len = dyn_cast<ConstantInt>(MS->getLength());
    if (!Len || Len->getZExtValue() == 0 || Len->getZExtValue() > 64)
      return;
    if (auto F = analyzeAccess(I, MS->getDest(), Len->getZExtValue(),
                               AccessOp::Store))
      Out.push_back(std::move(*F));
  } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::nvvm_ldg_global_f:
    case Intrinsic::nvvm_ldg_global_i:
    case Intrinsic::nvvm_ldg_global_p:
    case Intrinsic::nvvm_ldu_global_f:
    case Intrinsic::nvvm_ldu_global_i:
    case Intrinsic::nvvm_ldu_global_p:
      One(II->getArgOperand(0), II->getType(), AccessOp::Load);
      break;
    default:
      // llvm.nvvm.atomic.* (atomicInc/Dec, scoped atomics): pointer first.
      if (II->getCalledFunction()->getName().starts_with("llvm.nvvm.atomic.") &&
          II->arg_size() >= 1 && II->getArgOperand(0)->getType()->isPointerTy())
        One(II->getArgOperand(0), II->getType(), AccessOp::Atomic);
      break;
    }
  }
}

std::optional<AccessFacts> AccessAnalyzer::analyzeAccess(Instruction &I,
                                                         Value *Ptr,
                                                         uint64_t Width,
                                                         AccessOp Op) {
  AccessFacts Facts;
  Facts.I = &I;
  Facts.Op = Op;
  if (Width == 0 || !isGlobalPointer(Ptr, F, IsKernel))
    return std::nullopt;
  Facts.Width = Width;
  Facts.Addr = ofSCEV(SE.getSCEV(Ptr));
  const Poly &A = Facts.Addr;
  if (A.Unknown)
    return Facts;

  // Lane stride: the coefficient of tid.x, which must be linear in it.
  unsigned TidX = fixedAtom(AtomKind::TidX);
  Poly Stride;
  bool StrideOk = true;
  for (const auto &[M, C] : A.Terms) {
    unsigned N = llvm::count(M, TidX);
    if (N == 0)
      continue;
    if (N > 1) {
      StrideOk = false;
      break;
    }
    Monomial Rest;
    for (unsigned Id : M) {
      if (Id == TidX)
        continue;
      AtomKind K = Atoms[Id].Kind;
      // A stride that changes with another index is not something one
      // number describes.
      if (isThreadAtom(K) || isBlockAtom(K) || K == AtomKind::Base ||
          Atoms[Id].ThreadDep)
        StrideOk = false;
      Rest.push_back(Id);
    }
    addTerm(Stride, Rest, C);
  }
  if (StrideOk && !Stride.Unknown) {
    if (Stride.isConstant()) {
      Facts.Stride = AccessFacts::StrideKind::Constant;
      Facts.LaneStride = Stride.constantTerm();
    } else {
      Facts.Stride = AccessFacts::StrideKind::Symbolic;
    }
    Facts.StrideText = text(Stride);
  }

  Facts.SectorOffset = warpResidue32(A);

  // Block strides: coefficients of blockIdx.x / .y.
  bool OpaqueBlock = false;
  for (const auto &[M, C] : A.Terms)
    for (unsigned Id : M)
      if (Atoms[Id].BlockDep)
        OpaqueBlock = true;
  auto BlockStride = [&](AtomKind K, AccessFacts::BlockStride &Out) {
    unsigned Cta = fixedAtom(K);
    Poly Coef;
    bool Seen = false, Affine = !OpaqueBlock;
    for (const auto &[M, C] : A.Terms) {
      unsigned N = llvm::count(M, Cta);
      if (N == 0)
        continue;
      Seen = true;
      if (N > 1)
        Affine = false;
      Monomial Rest;
      for (unsigned Id : M) {
        if (Id == Cta)
          continue;
        AtomKind AK = Atoms[Id].Kind;
        if (isThreadAtom(AK) || isBlockAtom(AK) || AK == AtomKind::Base ||
            AK == AtomKind::Iter || Atoms[Id].ThreadDep)
          Affine = false;
        Rest.push_back(Id);
      }
      addTerm(Coef, Rest, C);
    }
    if (!Affine) {
      Out.Kind = AccessFacts::BlockStride::NotAffine;
      Out.Text = "not affine";
      return;
    }
    Out.Coef = Coef;
    if (!Seen) {
      Out.Kind = AccessFacts::BlockStride::None;
      Out.Text = "0";
    } else if (Coef.isConstant()) {
      Out.Kind = AccessFacts::BlockStride::Constant;
      Out.Bytes = Coef.constantTerm();
      Out.Text = std::to_string(Out.Bytes);
    } else {
      Out.Kind = AccessFacts::BlockStride::Symbolic;
      Out.Text = text(Coef);
    }
  };
  BlockStride(AtomKind::CtaX, Facts.BlockX);
  BlockStride(AtomKind::CtaY, Facts.BlockY);
  Facts.BlockInvariant = !blockDep(A);

  unsigned TidY = fixedAtom(AtomKind::TidY);
  Poly YCoef;
  bool YSeen = false;
  for (const auto &[M, C] : A.Terms) {
    if (llvm::count(M, TidY) != 1)
      continue;
    YSeen = true;
    Monomial Rest;
    for (unsigned Id : M)
      if (Id != TidY)
        Rest.push_back(Id);
    addTerm(YCoef, Rest, C);
  }
  if (YSeen)
    Facts.TidYCoef = YCoef;
  return Facts;
}

AccessAnalyzer::Cond AccessAnalyzer::classifyCondition(const Value *C,
                                                       unsigned Depth) {
  if (isa<Constant>(C))
    return Cond::Uniform;
  if (Depth > 8)
    return Cond::Opaque;
  auto Operand = [&](const Value *Op) -> Poly {
    if (SE.isSCEVable(Op->getType()))
      return ofSCEV(SE.getSCEV(const_cast<Value *>(Op)));
    return ofValue(Op);
  };
  if (auto *Cmp = dyn_cast<CmpInst>(C)) {
    // (a | b) == 0, instcombine's form of a == 0 && b == 0: the worse of
    // the two equalities.
    if (auto *Or = dyn_cast<BinaryOperator>(Cmp->getOperand(0)))
      if (Cmp->isEquality() && Or->getOpcode() == Instruction::Or &&
          isa<ConstantInt>(Cmp->getOperand(1)) &&
          cast<ConstantInt>(Cmp->getOperand(1))->isZero()) {
        Cond Worst = Cond::Uniform;
        for (const Value *Op : Or->operands()) {
          Poly P = Operand(Op);
          Cond K = P.Unknown || loaded(P) ? Cond::Opaque
                   : blockDep(P)          ? Cond::SelectsBlocks
                   : laneVariant(P)       ? Cond::SelectsLanes
                                          : Cond::Uniform;
          Worst = std::max(Worst, K);
        }
        return Worst;
      }
    Poly A = Operand(Cmp->getOperand(0)), B = Operand(Cmp->getOperand(1));
    if (A.Unknown || B.Unknown || loaded(A) || loaded(B))
      return Cond::Opaque; // Data decides who passes.
    if ((blockDep(A) || blockDep(B)) && Cmp->isEquality())
      return Cond::SelectsBlocks;
    // One lane per warp or block (tid == 0): a hot spot, not whole warps
    // of every block queueing on the bytes. (warp == 0, threadIdx.y == 0
    // select whole warps.)
    if ((laneVariant(A) || laneVariant(B)) && Cmp->isEquality())
      return Cond::SelectsLanes;
    return Cond::Uniform;
  }
  if (auto *BO = dyn_cast<BinaryOperator>(C)) {
    if (BO->getOpcode() == Instruction::And ||
        BO->getOpcode() == Instruction::Or ||
        BO->getOpcode() == Instruction::Xor) {
      Cond X = classifyCondition(BO->getOperand(0), Depth + 1);
      Cond Y = classifyCondition(BO->getOperand(1), Depth + 1);
      return std::max(X, Y);
    }
  }
  if (auto *Sel = dyn_cast<SelectInst>(C)) {
    // Short-circuit && / || become selects of i1.
    Cond X = classifyCondition(Sel->getCondition(), Depth + 1);
    Cond Y = classifyCondition(Sel->getTrueValue(), Depth + 1);
    Cond Z = classifyCondition(Sel->getFalseValue(), Depth + 1);
    return std::max(X, std::max(Y, Z));
  }
  Poly P = Operand(C);
  if (P.Unknown || loaded(P))
    return Cond::Opaque;
  return blockDep(P) ? Cond::SelectsBlocks : Cond::Uniform;
}

Reach AccessAnalyzer::reachedByEveryBlock(const Instruction &I,
                                         PostDominatorTree &PDT) {
  const BasicBlock *BB = I.getParent();
  auto *Node = DT.getNode(BB);
  if (!Node)
    return Reach::SomeBlocks;
  Reach R = Reach::AllWarps;
  for (auto *D = Node->getIDom(); D; D = D->getIDom()) {
    const BasicBlock *DB = D->getBlock();
    if (PDT.dominates(BB, DB))
      continue; // I runs whenever DB does.
    const Instruction *T = DB->getTerminator();
    const Value *C = nullptr;
    if (auto *Br = dyn_cast<BranchInst>(T))
      C = Br->isConditional() ? Br->getCondition() : nullptr;
    else if (auto *Sw = dyn_cast<SwitchInst>(T))
      C = Sw->getCondition();
    else
      return Reach::SomeBlocks;
    if (!C)
      continue;
    Cond K = classifyCondition(C);
    if (K == Cond::SelectsLanes)
      R = Reach::OneLane;
    else if (K != Cond::Uniform)
      return Reach::SomeBlocks;
  }
  return R;
}

} // namespace sectorscope

namespace sectorscope {
using namespace llvm::PatternMatch;

bool AccessAnalyzer::singleLane(const Instruction &I, PostDominatorTree &PDT) {
  const BasicBlock *BB = I.getParent();
  auto *Node = DT.getNode(BB);
  if (!Node)
    return false;
  auto Operand = [&](const Value *Op) -> Poly {
    if (SE.isSCEVable(Op->getType()))
      return ofSCEV(SE.getSCEV(const_cast<Value *>(Op)));
    return ofValue(Op);
  };
  // `lane == c` (affine in threadIdx.x, so one lane matches) on the path.
  auto OneLane = [&](const Value *C, bool Taken, auto &Self,
                     unsigned Depth) -> bool {
    if (Depth > 4)
      return false;
    if (auto *Cmp = dyn_cast<ICmpInst>(C)) {
      if (!Cmp->isEquality() ||
          Taken != (Cmp->getPredicate() == ICmpInst::ICMP_EQ))
        return false;
      // (a | b) == 0, instcombine's form of a == 0 && b == 0.
      if (auto *Or = dyn_cast<BinaryOperator>(Cmp->getOperand(0)))
        if (Or->getOpcode() == Instruction::Or &&
            match(Cmp->getOperand(1), m_Zero()))
          for (const Value *Op : Or->operands()) {
            Poly P = Operand(Op);
            if (!P.Unknown && laneVariant(P))
              return true;
          }
      Poly A = Operand(Cmp->getOperand(0)), B = Operand(Cmp->getOperand(1));
      return !A.Unknown && !B.Unknown && (laneVariant(A) || laneVariant(B));
    }
    // a && b taken: either one pins the lane.
    if (auto *BO = dyn_cast<BinaryOperator>(C))
      if (Taken && BO->getOpcode() == Instruction::And)
        return Self(BO->getOperand(0), true, Self, Depth + 1) ||
               Self(BO->getOperand(1), true, Self, Depth + 1);
    if (auto *Sel = dyn_cast<SelectInst>(C))
      if (Taken && isa<ConstantInt>(Sel->getFalseValue()) &&
          cast<ConstantInt>(Sel->getFalseValue())->isZero())
        return Self(Sel->getCondition(), true, Self, Depth + 1) ||
               Self(Sel->getTrueValue(), true, Self, Depth + 1);
    return false;
  };
  for (auto *D = Node->getIDom(); D; D = D->getIDom()) {
    const BasicBlock *DB = D->getBlock();
    if (PDT.dominates(BB, DB))
      continue;
    auto *Br = dyn_cast<BranchInst>(DB->getTerminator());
    if (!Br || !Br->isConditional())
      continue;
    for (unsigned S = 0; S < 2; ++S)
      if (DT.dominates(BasicBlockEdge(DB, Br->getSuccessor(S)), BB) &&
          OneLane(Br->getCondition(), S == 0, OneLane, 0))
        return true;
  }
  return false;
}

} // namespace sectorscope
