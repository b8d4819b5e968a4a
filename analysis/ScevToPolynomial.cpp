//===- ScevToPolynomial.cpp - Values as polynomials -----------------------===//
#include "analysis/ScevToPolynomial.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace sectorscope {

ScevToPolynomial::ScevToPolynomial(
    ScalarEvolution &SE, DominatorTree &DT, AtomTable &Atoms,
    std::function<std::vector<std::string>()> ParamNames)
    : SE(SE), DT(DT), Atoms(Atoms), GetParamNames(std::move(ParamNames)) {}

Poly ScevToPolynomial::of(const Value *V) {
  if (SE.isSCEVable(V->getType()))
    return ofSCEV(SE.getSCEV(const_cast<Value *>(V)));
  return ofValue(V);
}

unsigned ScevToPolynomial::keyedAtom(const void *Key, AtomKind K,
                                     const Value *V, StringRef Name,
                                     bool BlockDep, bool ThreadDep,
                                     bool Loaded) {
  auto It = KeyedAtoms.find(Key);
  if (It != KeyedAtoms.end())
    return It->second;
  unsigned Id = Atoms.add(K, V, Name.str(), BlockDep, ThreadDep);
  Atoms[Id].Loaded = Loaded;
  KeyedAtoms[Key] = Id;
  return Id;
}

// A value with no structure the domain follows: one atom, the same in every
// lane when its inputs are, else Unknown.
Poly ScevToPolynomial::opaque(const void *Key, ArrayRef<const Value *> Ops,
                              StringRef Name) {
  bool Block = false, Thread = false, Loaded = false;
  for (const Value *Op : Ops) {
    Poly P = of(Op);
    if (Atoms.laneVariant(P))
      return Poly::unknown();
    Block |= Atoms.blockDep(P);
    Thread |= Atoms.threadDep(P);
    Loaded |= Atoms.loaded(P);
  }
  return Poly::atom(
      keyedAtom(Key, AtomKind::Symbol, nullptr, Name, Block, Thread, Loaded));
}

// X / Divisor for X = tid.x + (multiples of 32 at warp-leading lanes): the
// same for all lanes of a warp when Divisor is a multiple of 32.
std::optional<Poly> ScevToPolynomial::restBesideThreadX(const Poly &X) {
  if (X.Unknown)
    return std::nullopt;
  unsigned TidX = Atoms.fixed(AtomKind::TidX);
  auto It = X.Terms.find(Monomial{TidX});
  if (It == X.Terms.end() || It->second != 1)
    return std::nullopt;
  Poly Rest = X;
  Rest.Terms.erase(Monomial{TidX});
  if (Atoms.laneVariant(Rest) || Atoms.warpResidue32(Rest).value_or(1) != 0)
    return std::nullopt;
  // Products with run-time values passed warpResidue32 as "pitches"; for a
  // division the lanes could still straddle a boundary, so refuse those.
  for (const auto &[M, C] : Rest.Terms)
    for (unsigned A : M)
      if (Atoms[A].Kind == AtomKind::Symbol)
        return std::nullopt;
  return Rest;
}

Poly ScevToPolynomial::warpDiv(const Poly &X, uint64_t Divisor,
                               const void *Key) {
  if (Divisor == 0 || Divisor % 32 != 0 || !restBesideThreadX(X))
    return Poly::unknown();
  return Poly::atom(keyedAtom(Key, AtomKind::Warp, nullptr, "warp",
                              Atoms.blockDep(X), true, Atoms.loaded(X)));
}

Poly ScevToPolynomial::laneDiv(const Poly &X, uint64_t Divisor, const void *Key,
                               bool Rem) {
  if (Divisor % 32 == 0) {
    Poly Q = warpDiv(X, Divisor, Key);
    return Q.Unknown || !Rem ? Q : sub(X, scale(Q, int64_t(Divisor)));
  }
  if (Divisor < 2 || Divisor > 31)
    return Poly::unknown();
  // The rest must be a multiple of the divisor, so that it leaves the
  // lanes' shares alone: a multiple of 32 is one of a power of two;
  // nothing else is known to be a multiple of 3.
  std::optional<Poly> Rest = restBesideThreadX(X);
  bool Pow2 = (Divisor & (Divisor - 1)) == 0;
  if (!Rest || (!Pow2 && !Rest->Terms.empty()))
    return Poly::unknown();
  unsigned TidX = Atoms.fixed(AtomKind::TidX);
  // One atom per divisor, whichever expression made it, so that tid.x / 16
  // and tid.x mod 16 of one address share it.
  static const char QuotKeys[31] = {};
  unsigned Q = keyedAtom(&QuotKeys[Divisor - 1], AtomKind::LaneQuot, nullptr,
                         "threadIdx.x/" + std::to_string(Divisor),
                         /*BlockDep=*/false, /*ThreadDep=*/true,
                         /*Loaded=*/false);
  Atoms[Q].Divisor = int64_t(Divisor);
  if (Rem)
    return sub(Poly::atom(TidX), scale(Poly::atom(Q), int64_t(Divisor)));
  if (Rest->Terms.empty())
    return Poly::atom(Q);
  unsigned R =
      keyedAtom(Key, AtomKind::Symbol, nullptr, "div", Atoms.blockDep(*Rest),
                Atoms.threadDep(*Rest), Atoms.loaded(*Rest));
  Atoms[R].Numerator = *Rest;
  Atoms[R].Divisor = int64_t(Divisor);
  return add(Poly::atom(Q), Poly::atom(R));
}

void ScevToPolynomial::keepProvisional(const void *Key, const Poly &R) {
  if (InProgress.empty())
    Provisional.clear();
  else
    Provisional[Key] = R;
}

Poly ScevToPolynomial::ofSCEV(const SCEV *S) {
  auto It = SCEVMemo.find(S);
  if (It != SCEVMemo.end())
    return It->second;
  if (auto P = Provisional.find(S); P != Provisional.end())
    return P->second;
  // Results that saw a cycle cut short are not final: they are kept only
  // while the outermost value in progress is (keepProvisional).
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
  case scTruncate:
    R = ofTruncate(*cast<SCEVTruncateExpr>(S));
    break;
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
  case scUDivExpr:
    R = ofUDiv(*cast<SCEVUDivExpr>(S));
    break;
  case scAddRecExpr:
    R = ofAddRec(*cast<SCEVAddRecExpr>(S));
    break;
  case scUMaxExpr:
  case scSMaxExpr:
  case scUMinExpr:
  case scSMinExpr:
  case scSequentialUMinExpr:
    R = ofMinMax(*cast<SCEVNAryExpr>(S));
    break;
  case scUnknown:
    // Memoized per Value in ofValue, which knows about cycles.
    return ofValue(cast<SCEVUnknown>(S)->getValue());
  default:
    R = Poly::unknown();
    break;
  }
  if (CycleHits == CyclesBefore)
    SCEVMemo[S] = R;
  else
    keepProvisional(S, R);
  return R;
}

Poly ScevToPolynomial::ofTruncate(const SCEVTruncateExpr &T) {
  Poly X = ofSCEV(T.getOperand());
  unsigned Bits = T.getType()->getScalarSizeInBits();
  // Narrowing a value that fits (tid.x to i16 for a division by 3) keeps it.
  if (Bits >= 32 ||
      SE.getUnsignedRange(T.getOperand()).getUnsignedMax().getActiveBits() <
          Bits)
    return X;
  const void *Key = static_cast<const void *>(&T);
  if (!Atoms.laneVariant(X)) {
    Poly R = opaque(Key, {}, "trunc");
    if (!R.Unknown) {
      Atom &A = Atoms[R.Terms.begin()->first[0]];
      A.BlockDep |= Atoms.blockDep(X);
      A.ThreadDep |= Atoms.threadDep(X);
      A.Loaded |= Atoms.loaded(X);
    }
    return R;
  }
  // X mod 2^Bits = X - 2^Bits * (X / 2^Bits).
  return laneDiv(X, uint64_t(1) << Bits, Key, true);
}

Poly ScevToPolynomial::ofUDiv(const SCEVUDivExpr &D) {
  Poly L = ofSCEV(D.getLHS()), Rt = ofSCEV(D.getRHS());
  const void *Key = static_cast<const void *>(&D);
  if (L.isConstant() && Rt.isConstant() && Rt.constantTerm() > 0 &&
      L.constantTerm() >= 0)
    return Poly::constant(L.constantTerm() / Rt.constantTerm());
  if (!Atoms.laneVariant(L) && !Atoms.laneVariant(Rt)) {
    unsigned Id = keyedAtom(Key, AtomKind::Symbol, nullptr, "div",
                            Atoms.blockDep(L) || Atoms.blockDep(Rt),
                            Atoms.threadDep(L) || Atoms.threadDep(Rt),
                            Atoms.loaded(L) || Atoms.loaded(Rt));
    if (Rt.isConstant() && Rt.constantTerm() > 0) {
      Atoms[Id].Numerator = L;
      Atoms[Id].Divisor = Rt.constantTerm();
      if (L.Terms.size() == 1 && L.Terms.begin()->second == 1)
        Atoms[Id].Name =
            Atoms.text(L) + "/" + std::to_string(Atoms[Id].Divisor);
    }
    return Poly::atom(Id);
  }
  if (Rt.isConstant() && Rt.constantTerm() > 0)
    return laneDiv(L, uint64_t(Rt.constantTerm()), Key, false);
  return Poly::unknown();
}

Poly ScevToPolynomial::ofAddRec(const SCEVAddRecExpr &AR) {
  if (!AR.isAffine())
    return Poly::unknown();
  Poly Start = ofSCEV(AR.getStart());
  Poly Step = ofSCEV(AR.getStepRecurrence(SE));
  if (Atoms.laneVariant(Step))
    return Poly::unknown();
  // The loop's iteration count, the same across the warp's active lanes.
  const Value *Header = AR.getLoop()->getHeader();
  unsigned Id = keyedAtom(Header, AtomKind::Iter, Header, "iter",
                          /*BlockDep=*/false, /*ThreadDep=*/false,
                          /*Loaded=*/false);
  return add(Start, mul(Poly::atom(Id), Step));
}

Poly ScevToPolynomial::ofMinMax(const SCEVNAryExpr &S) {
  bool Block = false, Thread = false, Lane = false, Ld = false;
  for (const SCEV *Op : S.operands()) {
    Poly P = ofSCEV(Op);
    Ld |= Atoms.loaded(P);
    Lane |= Atoms.laneVariant(P);
    Block |= Atoms.blockDep(P);
    Thread |= Atoms.threadDep(P);
  }
  if (Lane)
    return Poly::unknown();
  return Poly::atom(keyedAtom(static_cast<const void *>(&S), AtomKind::Symbol,
                              nullptr, "minmax", Block, Thread, Ld));
}

static std::string argName(const Argument &A) {
  if (A.hasName())
    return A.getName().str();
  return "arg" + std::to_string(A.getArgNo());
}

Poly ScevToPolynomial::ofValue(const Value *V) {
  auto It = ValueMemo.find(V);
  if (It != ValueMemo.end())
    return It->second;

  Poly R;
  if (auto *CI = dyn_cast<ConstantInt>(V)) {
    R = CI->getValue().getSignificantBits() <= 63
            ? Poly::constant(CI->getSExtValue())
            : Poly::unknown();
  } else if (isa<ConstantPointerNull>(V)) {
    R = Poly::constant(0);
  } else if (auto *A = dyn_cast<Argument>(V)) {
    R = ofArgument(*A);
  } else if (auto *GV = dyn_cast<GlobalVariable>(V)) {
    R = Poly::atom(Atoms.add(AtomKind::Base, GV, GV->getName().str()));
  } else if (isa<ConstantExpr>(V) && !isa<Instruction>(V)) {
    auto *CE = cast<ConstantExpr>(V);
    switch (CE->getOpcode()) {
    case Instruction::AddrSpaceCast:
    case Instruction::BitCast:
    case Instruction::PtrToInt:
    case Instruction::IntToPtr:
      R = of(CE->getOperand(0));
      break;
    default:
      R = Poly::atom(Atoms.add(AtomKind::Symbol, V, "const"));
      break;
    }
  } else if (isa<Constant>(V) || isa<BasicBlock>(V) ||
             isa<MetadataAsValue>(V)) {
    R = Poly::atom(Atoms.add(AtomKind::Symbol, V, "const"));
  } else if (auto *I = dyn_cast<Instruction>(V)) {
    if (auto P = Provisional.find(V); P != Provisional.end())
      return P->second;
    if (!InProgress.insert(V).second) {
      ++CycleHits; // A cycle through a phi SCEV could not model.
      return Poly::unknown();
    }
    unsigned CyclesBefore = CycleHits;
    R = ofInstruction(*I);
    InProgress.erase(V);
    if (CycleHits != CyclesBefore) {
      keepProvisional(V, R);
      return R;
    }
  } else {
    R = Poly::unknown();
  }
  ValueMemo[V] = R;
  return R;
}

Poly ScevToPolynomial::ofArgument(const Argument &A) {
  std::string Name = argName(A);
  if (!A.hasName() && GetParamNames) {
    if (!ParamNames)
      ParamNames = GetParamNames();
    if (A.getArgNo() < ParamNames->size() &&
        !(*ParamNames)[A.getArgNo()].empty())
      Name = (*ParamNames)[A.getArgNo()];
  }
  return Poly::atom(
      Atoms.add(A.getType()->isPointerTy() ? AtomKind::Base : AtomKind::Symbol,
                &A, Name));
}

// SCEV leaves signed division alone. Thread indices are not negative, so
// `gid >> 5`, `gid / 32`, `gid % 32` on an int mean what their unsigned forms
// do.
static bool isSignedDivisionByConstant(const Instruction &I) {
  auto *BO = dyn_cast<BinaryOperator>(&I);
  return BO &&
         (BO->getOpcode() == Instruction::AShr ||
          BO->getOpcode() == Instruction::SDiv ||
          BO->getOpcode() == Instruction::SRem) &&
         isa<ConstantInt>(BO->getOperand(1));
}

Poly ScevToPolynomial::ofInstruction(const Instruction &I) {
  if (auto *II = dyn_cast<IntrinsicInst>(&I))
    return ofIntrinsic(*II);
  if (auto *L = dyn_cast<LoadInst>(&I))
    return ofLoad(*L);
  if (isSignedDivisionByConstant(I) && Atoms.laneVariant(of(I.getOperand(0))))
    return ofSignedDivision(cast<BinaryOperator>(I));
  if (isa<CastInst>(I))
    return of(I.getOperand(0));
  if (isa<GetElementPtrInst>(I))
    return Poly::unknown(); // SCEV models GEPs; only odd types get here.
  if (auto *Phi = dyn_cast<PHINode>(&I))
    return ofPhi(*Phi);
  if (auto *Sel = dyn_cast<SelectInst>(&I))
    return ofSelect(*Sel);
  if (isa<CallBase>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I) ||
      I.mayReadOrWriteMemory() || isa<ExtractValueInst>(I) ||
      isa<ExtractElementInst>(I))
    // Calls, atomics (each lane gets its own result), inline asm, ...
    return Poly::unknown();
  SmallVector<const Value *, 4> Ops(I.operands());
  return opaque(&I, Ops, I.getOpcodeName());
}

Poly ScevToPolynomial::ofIntrinsic(const IntrinsicInst &II) {
  switch (II.getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
    return Poly::atom(Atoms.fixed(AtomKind::TidX));
  case Intrinsic::nvvm_read_ptx_sreg_tid_y:
    return Poly::atom(Atoms.fixed(AtomKind::TidY));
  case Intrinsic::nvvm_read_ptx_sreg_tid_z:
    return Poly::atom(Atoms.fixed(AtomKind::TidZ));
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    return Poly::atom(Atoms.fixed(AtomKind::CtaX));
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
    return Poly::atom(Atoms.fixed(AtomKind::CtaY));
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
    return Poly::atom(Atoms.fixed(AtomKind::CtaZ));
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
    return Poly::atom(Atoms.fixed(AtomKind::NtidX));
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    return Poly::atom(Atoms.fixed(AtomKind::NtidY));
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    return Poly::atom(Atoms.fixed(AtomKind::NtidZ));
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    return Poly::atom(Atoms.fixed(AtomKind::NctaX));
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    return Poly::atom(Atoms.fixed(AtomKind::NctaY));
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    return Poly::atom(Atoms.fixed(AtomKind::NctaZ));
  case Intrinsic::nvvm_read_ptx_sreg_warpsize:
    return Poly::constant(32);
  default:
    if (II.doesNotAccessMemory() && !II.isConvergent()) {
      SmallVector<const Value *, 4> Ops(II.args());
      return opaque(&II, Ops, "call");
    }
    return Poly::unknown();
  }
}

Poly ScevToPolynomial::ofLoad(const LoadInst &L) {
  // A load from the same address in every lane reads the same value.
  Poly Addr = of(L.getPointerOperand());
  if (Atoms.laneVariant(Addr))
    return Poly::unknown();
  if (auto K = KeyedAtoms.find(&L); K != KeyedAtoms.end())
    return Poly::atom(K->second);
  // A pointer read from kernel parameters or global memory is taken to be
  // an allocation base, like a pointer argument.
  bool IsPtr = L.getType()->isPointerTy();
  unsigned Id = Atoms.add(IsPtr ? AtomKind::Base : AtomKind::Symbol, &L,
                          IsPtr ? "ptr" : "load", Atoms.blockDep(Addr),
                          Atoms.threadDep(Addr));
  // Kernel parameters and __constant__ data are fixed for the launch;
  // anything else was written at run time.
  const Value *Obj = getUnderlyingObject(L.getPointerOperand(), 12);
  bool Param = false;
  if (auto *A = dyn_cast<Argument>(Obj))
    Param = A->hasByValAttr();
  else if (auto *GV = dyn_cast<GlobalVariable>(Obj))
    Param = GV->getAddressSpace() == 4 || GV->isConstant();
  Atoms[Id].Loaded = !Param;
  KeyedAtoms[&L] = Id;
  return Poly::atom(Id);
}

Poly ScevToPolynomial::ofSignedDivision(const BinaryOperator &BO) {
  Poly X = of(BO.getOperand(0));
  const APInt &C = cast<ConstantInt>(BO.getOperand(1))->getValue();
  uint64_t D = 0;
  if (BO.getOpcode() == Instruction::AShr)
    D = C.ult(62) ? uint64_t(1) << C.getZExtValue() : 0;
  else
    D = C.isStrictlyPositive() && C.ult(uint64_t(1) << 40) ? C.getZExtValue()
                                                           : 0;
  return D ? laneDiv(X, D, &BO, BO.getOpcode() == Instruction::SRem)
           : Poly::unknown();
}

// A phi SCEV could not model: one value if all incomings agree, else an
// opaque value, uniform only if the branches that choose between them are.
Poly ScevToPolynomial::ofPhi(const PHINode &Phi) {
  std::optional<Poly> Same;
  bool Agree = true, Lane = false, Block = false, Thread = false, Ld = false;
  std::vector<Poly> In;
  for (const Value *V : Phi.incoming_values()) {
    if (V == &Phi)
      continue;
    Poly P = of(V);
    In.push_back(P);
    Ld |= Atoms.loaded(P);
    Lane |= Atoms.laneVariant(P);
    Block |= Atoms.blockDep(P);
    Thread |= Atoms.threadDep(P);
    if (!Same)
      Same = P;
    else if (Same->Unknown || P.Unknown || Same->Terms != P.Terms)
      Agree = false;
  }
  if (Lane)
    return Poly::unknown();
  if (Agree && Same)
    return *Same;
  if (phiControlLaneVariant(Phi))
    return Poly::unknown();
  unsigned Id = Atoms.add(AtomKind::Symbol, &Phi, "phi", Block, Thread);
  Atoms[Id].Loaded = Ld;
  for (Poly &P : In)
    Atoms[Id].Arms.push_back(Atoms.addArm(std::move(P)));
  KeyedAtoms[&Phi] = Id;
  return Poly::atom(Id);
}

Poly ScevToPolynomial::ofSelect(const SelectInst &Sel) {
  Poly C = of(Sel.getCondition());
  Poly T = of(Sel.getTrueValue()), E = of(Sel.getFalseValue());
  const auto *Cmp = dyn_cast<ICmpInst>(Sel.getCondition());
  bool OneLaneCond = false;
  if (Cmp && Cmp->isEquality()) {
    Poly A = of(Cmp->getOperand(0)), B = of(Cmp->getOperand(1));
    OneLaneCond = !A.Unknown && !B.Unknown &&
                  (Atoms.laneVariant(A) || Atoms.laneVariant(B));
  }
  if (!T.Unknown && !E.Unknown && T.Terms == E.Terms)
    return T;
  if (OneLaneCond)
    // `tid == 0 ? A : B` (if/else merged by SimplifyCFG): one lane takes A,
    // the other 31 take B, which describes the warp's request.
    return Cmp->getPredicate() == ICmpInst::ICMP_EQ ? E : T;
  if (Atoms.laneVariant(C) || Atoms.laneVariant(T) || Atoms.laneVariant(E))
    return Poly::unknown();
  unsigned Id =
      Atoms.add(AtomKind::Symbol, &Sel, "select",
                Atoms.blockDep(C) || Atoms.blockDep(T) || Atoms.blockDep(E),
                Atoms.threadDep(C) || Atoms.threadDep(T) || Atoms.threadDep(E));
  Atoms[Id].Loaded = Atoms.loaded(C) || Atoms.loaded(T) || Atoms.loaded(E);
  for (Poly *P : {&T, &E})
    Atoms[Id].Arms.push_back(Atoms.addArm(std::move(*P)));
  // `z == 0 ? wall : interior`: an equality holds for few indices, so the
  // other arm is what most blocks do.
  if (Cmp && Cmp->isEquality())
    Atoms[Id].CommonArm = Cmp->getPredicate() == ICmpInst::ICMP_EQ ? 1 : 0;
  KeyedAtoms[&Sel] = Id;
  return Poly::atom(Id);
}

bool ScevToPolynomial::phiControlLaneVariant(const PHINode &Phi) {
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
      for (const Value *Op : Cmp->operands())
        if (Atoms.laneVariant(of(Op)))
          return true;
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

} // namespace sectorscope
