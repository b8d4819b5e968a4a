//===- DominatingConditions.cpp - Who runs an access ----------------------===//
//
// The branches that dominate an access decide who runs it: every block or
// only some, whole warps or one lane. Their conditions are classified by the
// polynomials of what they compare (ScevToPolynomial.h).
//
//===----------------------------------------------------------------------===//
#include "analysis/AccessAffine.h"
#include "support/InlinePtx.h"

#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace sectorscope {

AccessAnalyzer::Cond AccessAnalyzer::classifyCondition(const Value *C,
                                                       unsigned Depth) {
  if (isa<Constant>(C))
    return Cond::Uniform;
  if (Depth > 8)
    return Cond::Opaque;
  if (auto *Cmp = dyn_cast<CmpInst>(C)) {
    // (a | b) == 0, instcombine's form of a == 0 && b == 0: the worse of
    // the two equalities.
    if (auto *Or = dyn_cast<BinaryOperator>(Cmp->getOperand(0)))
      if (Cmp->isEquality() && Or->getOpcode() == Instruction::Or &&
          isa<ConstantInt>(Cmp->getOperand(1)) &&
          cast<ConstantInt>(Cmp->getOperand(1))->isZero()) {
        Cond Worst = Cond::Uniform;
        for (const Value *Op : Or->operands()) {
          Poly P = Translate.of(Op);
          Cond K = P.Unknown || Atoms.loaded(P) || Atoms.hasLaneQuot(P)
                       ? Cond::Opaque
                   : Atoms.blockDep(P)    ? Cond::SelectsBlocks
                   : Atoms.laneVariant(P) ? Cond::SelectsLanes
                                          : Cond::Uniform;
          Worst = std::max(Worst, K);
        }
        return Worst;
      }
    Poly A = Translate.of(Cmp->getOperand(0)),
         B = Translate.of(Cmp->getOperand(1));
    if (A.Unknown || B.Unknown || Atoms.loaded(A) || Atoms.loaded(B))
      return Cond::Opaque; // Data decides who passes.
    // tid / 16 == c: a group of lanes, neither one lane nor whole warps.
    if (Atoms.hasLaneQuot(A) || Atoms.hasLaneQuot(B))
      return Cond::Opaque;
    if ((Atoms.blockDep(A) || Atoms.blockDep(B)) && Cmp->isEquality())
      return Cond::SelectsBlocks;
    // One lane per warp or block (tid == 0): a hot spot, not whole warps
    // of every block queueing on the bytes. (warp == 0, threadIdx.y == 0
    // select whole warps.)
    if ((Atoms.laneVariant(A) || Atoms.laneVariant(B)) && Cmp->isEquality())
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
  Poly P = Translate.of(C);
  if (P.Unknown || Atoms.loaded(P))
    return Cond::Opaque;
  return Atoms.blockDep(P) ? Cond::SelectsBlocks : Cond::Uniform;
}

Reach AccessAnalyzer::reachedByEveryBlock(const Instruction &I,
                                          PostDominatorTree &PDT) {
  const BasicBlock *BB = I.getParent();
  auto *Node = DT.getNode(BB);
  if (!Node)
    return Reach::SomeBlocks;
  Reach R = Reach::AllWarps;
  // Narrows R by a condition on the way to I; false: only some blocks.
  auto Narrow = [&R](Cond K) {
    if (K == Cond::SelectsLanes)
      R = Reach::OneLane;
    return K == Cond::Uniform || K == Cond::SelectsLanes;
  };
  // Inline PTX whose guard operand (`@p ld`, p = guard != 0) says which
  // lanes access: the condition `(int)cond` carries, else data decides.
  if (auto *Call = dyn_cast<CallBase>(&I))
    if (std::optional<PtxAccess> P = ptxAccess(*Call); P && P->GuardArg) {
      const Value *G = Call->getArgOperand(*P->GuardArg);
      if (auto *Z = dyn_cast<ZExtInst>(G))
        G = Z->getOperand(0);
      if (!Narrow(isa<Constant>(G) || G->getType()->isIntegerTy(1)
                      ? classifyCondition(G)
                      : Cond::Opaque))
        return Reach::SomeBlocks;
    }
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
    if (!Narrow(classifyCondition(C)))
      return Reach::SomeBlocks;
  }
  return R;
}

/// Calls Visit(condition, taken) for each conditional branch whose taken
/// edge every path to BB passes, innermost first, until Visit says true.
static bool anyGuard(const BasicBlock *BB, const DominatorTree &DT,
                     PostDominatorTree &PDT,
                     function_ref<bool(const Value *, bool)> Visit) {
  auto *Node = DT.getNode(BB);
  if (!Node)
    return false;
  for (auto *D = Node->getIDom(); D; D = D->getIDom()) {
    const BasicBlock *DB = D->getBlock();
    if (PDT.dominates(BB, DB))
      continue;
    auto *Br = dyn_cast<BranchInst>(DB->getTerminator());
    if (!Br || !Br->isConditional())
      continue;
    for (unsigned S = 0; S < 2; ++S)
      if (DT.dominates(BasicBlockEdge(DB, Br->getSuccessor(S)), BB) &&
          Visit(Br->getCondition(), S == 0))
        return true;
  }
  return false;
}

bool AccessAnalyzer::laneWindow(const ICmpInst &Cmp, bool Taken) {
  // As `x <u w` on the edge taken, x the lane-variant side.
  ICmpInst::Predicate Pred =
      Taken ? Cmp.getPredicate() : Cmp.getInversePredicate();
  Poly A = Translate.of(Cmp.getOperand(0)), B = Translate.of(Cmp.getOperand(1));
  if (Pred == ICmpInst::ICMP_UGT || Pred == ICmpInst::ICMP_UGE) {
    std::swap(A, B);
    Pred = ICmpInst::getSwappedPredicate(Pred);
  }
  if ((Pred != ICmpInst::ICMP_ULT && Pred != ICmpInst::ICMP_ULE) || A.Unknown ||
      !B.isConstant() || Atoms.loaded(A))
    return false;
  int64_t Width = B.constantTerm() + (Pred == ICmpInst::ICMP_ULE ? 1 : 0);
  // x = k * threadIdx.x + (the same in every lane), |k| >= w: the lanes'
  // values are k apart, so at most one of them falls in [0, w). The scalar
  // tail of a vectorized copy, `if (n - 4 * i < 4) for (...) out[j] = ...`.
  unsigned TidX = Atoms.fixed(AtomKind::TidX);
  int64_t Step = 0;
  Poly Rest;
  for (const auto &[M, C] : A.Terms) {
    if (M.size() == 1 && M.front() == TidX)
      Step = C;
    else
      addTerm(Rest, M, C);
  }
  // 32 lanes' values must not wrap round the type onto one another.
  unsigned Bits = Cmp.getOperand(0)->getType()->getScalarSizeInBits();
  return Width > 0 && Step != 0 && std::abs(Step) >= Width && Bits > 6 &&
         std::abs(Step) < (int64_t(1) << std::min(Bits - 6, 62u)) &&
         !Atoms.laneVariant(Rest);
}

bool AccessAnalyzer::singleLane(const Instruction &I, PostDominatorTree &PDT) {
  const BasicBlock *BB = I.getParent();
  // `lane == c` (affine in threadIdx.x, so one lane matches) on the path.
  auto OneLane = [&](const Value *C, bool Taken, auto &Self,
                     unsigned Depth) -> bool {
    if (Depth > 4)
      return false;
    if (auto *Cmp = dyn_cast<ICmpInst>(C)) {
      if (Cmp->isUnsigned())
        return laneWindow(*Cmp, Taken);
      if (!Cmp->isEquality() ||
          Taken != (Cmp->getPredicate() == ICmpInst::ICMP_EQ))
        return false;
      // (a | b) == 0, instcombine's form of a == 0 && b == 0.
      if (auto *Or = dyn_cast<BinaryOperator>(Cmp->getOperand(0)))
        if (Or->getOpcode() == Instruction::Or &&
            match(Cmp->getOperand(1), m_Zero()))
          for (const Value *Op : Or->operands()) {
            Poly P = Translate.of(Op);
            if (!P.Unknown && Atoms.laneVariant(P) && !Atoms.hasLaneQuot(P))
              return true;
          }
      Poly A = Translate.of(Cmp->getOperand(0)),
           B = Translate.of(Cmp->getOperand(1));
      return !A.Unknown && !B.Unknown && !Atoms.hasLaneQuot(A) &&
             !Atoms.hasLaneQuot(B) &&
             (Atoms.laneVariant(A) || Atoms.laneVariant(B));
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
  return anyGuard(BB, DT, PDT, [&](const Value *C, bool Taken) {
    return OneLane(C, Taken, OneLane, 0);
  });
}

std::optional<int64_t> AccessAnalyzer::pinnedThreadX(const Instruction &I,
                                                     PostDominatorTree &PDT) {
  const BasicBlock *BB = I.getParent();
  // k * threadIdx.x + m == 0 with nothing else in it: threadIdx.x = -m / k.
  auto Solve = [&](const ICmpInst &Cmp) -> std::optional<int64_t> {
    Poly D =
        sub(Translate.of(Cmp.getOperand(0)), Translate.of(Cmp.getOperand(1)));
    if (D.Unknown)
      return std::nullopt;
    Poly D0 = Atoms.atThreadX(D, 0), D1 = Atoms.atThreadX(D, 1);
    if (!D0.isConstant() || !D1.isConstant())
      return std::nullopt;
    int64_t M = D0.constantTerm(), K = D1.constantTerm() - M;
    if (K == 0 || M % K)
      return std::nullopt;
    return -M / K;
  };
  std::optional<int64_t> Pinned;
  anyGuard(BB, DT, PDT, [&](const Value *C, bool Taken) {
    auto *Cmp = dyn_cast<ICmpInst>(C);
    if (!Cmp || !Cmp->isEquality() ||
        Taken != (Cmp->getPredicate() == ICmpInst::ICMP_EQ))
      return false;
    Pinned = Solve(*Cmp);
    return Pinned.has_value();
  });
  return Pinned;
}

} // namespace sectorscope
