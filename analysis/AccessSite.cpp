//===- AccessSite.cpp - Where a global access is shown --------------------===//
#include "analysis/AccessSite.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace sectorscope {

// Toolkit and compiler headers (atomicAdd, __ldg wrappers): the access a
// user can fix is at the call site that inlined them.
static bool isSystemFile(const DILocation *L) {
  StringRef File = L->getFilename(), Dir = L->getDirectory();
  auto System = [](StringRef P) {
    return P.starts_with("/usr/") || P.starts_with("/opt/") ||
           P.contains("/cuda-compat/") || P.contains("/lib/clang/") ||
           P.starts_with("__clang_cuda");
  };
  return System(File) || (!File.starts_with("/") && System(Dir));
}

// The location an instruction kept; line 0 is a merged location (if/else
// bodies folded into one store), as good as none.
static const DILocation *kept(const Instruction *J) {
  const DILocation *L = J->getDebugLoc().get();
  return L && L->getLine() ? L : nullptr;
}

static const Value *addressOf(const Instruction *J) {
  if (const Value *P = getLoadStorePointerOperand(J))
    return P;
  if (auto *RMW = dyn_cast<AtomicRMWInst>(J))
    return RMW->getPointerOperand();
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(J))
    return CX->getPointerOperand();
  return nullptr;
}

// Another access to the same address: LICM promotes `out[i] += x` in a loop
// to a load before the loop, which has no location, and a store that keeps
// the statement's.
static const DILocation *sameAddress(const Instruction &I) {
  const Value *Ptr = addressOf(&I);
  if (!Ptr)
    return nullptr;
  for (const User *U : Ptr->users()) {
    auto *J = dyn_cast<Instruction>(U);
    if (J && J != &I && J->getFunction() == I.getFunction() &&
        addressOf(J) == Ptr)
      if (const DILocation *L = kept(J))
        return L;
  }
  return nullptr;
}

// The statement that uses a loaded value, looking through the phis of the
// loops it was hoisted out of.
static const DILocation *userOf(const Instruction &I) {
  SmallVector<const Instruction *, 8> Work{&I};
  SmallPtrSet<const Instruction *, 8> Seen{&I};
  while (!Work.empty()) {
    const Instruction *J = Work.pop_back_val();
    for (const User *U : J->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (!UI || !Seen.insert(UI).second)
        continue;
      if (isa<PHINode>(UI)) {
        if (Seen.size() < 16)
          Work.push_back(UI);
      } else if (const DILocation *L = kept(UI)) {
        return L;
      }
    }
  }
  return nullptr;
}

// The address computation (GEP, extension, select) usually keeps its line,
// unless it was hoisted too; its operands are the index, often computed on
// another line.
static const DILocation *addressComputation(const Instruction &I) {
  const Value *Ptr = addressOf(&I);
  for (unsigned Depth = 0; Depth < 4 && Ptr; ++Depth) {
    auto *PI = dyn_cast<Instruction>(Ptr);
    if (!PI)
      break;
    if (const DILocation *L = kept(PI))
      return L;
    const Value *Next = nullptr;
    for (const Value *Op : PI->operands())
      if (isa<Instruction>(Op) && !isa<PHINode>(Op)) {
        Next = Op;
        if (Op->getType()->isPointerTy() == PI->getType()->isPointerTy())
          break;
      }
    Ptr = Next;
  }
  return nullptr;
}

// Hoisted, promoted or merged instructions may lose their location: the
// nearest one that still belongs to the access. Branches and phis are not
// it: they carry the loop header's location (a caret on `for`).
static const DILocation *locationOf(const Instruction &I) {
  if (const DILocation *L = kept(&I))
    return L;
  if (const DILocation *L = sameAddress(I))
    return L;
  if (const DILocation *L = userOf(I))
    return L;
  if (const DILocation *L = addressComputation(I))
    return L;
  auto Body = [](const Instruction *J) -> const DILocation * {
    return J->isTerminator() || isa<PHINode>(J) ? nullptr : kept(J);
  };
  for (const Instruction *J = I.getNextNode(); J; J = J->getNextNode())
    if (const DILocation *L = Body(J))
      return L;
  for (const Instruction *J = I.getPrevNode(); J; J = J->getPrevNode())
    if (const DILocation *L = Body(J))
      return L;
  return I.getDebugLoc().get();
}

static SourcePos positionOf(const DILocation *L) {
  SourcePos P;
  P.File = L->getFilename().str();
  P.Dir = L->getDirectory().str();
  P.Line = L->getLine();
  P.Column = L->getColumn();
  return P;
}

static std::string functionOf(const DILocation *L) {
  const DISubprogram *SP = L->getScope()->getSubprogram();
  return SP ? SP->getName().str() : "";
}

AccessSite siteOf(const Instruction &I) {
  AccessSite Site;
  const DILocation *L = locationOf(I);
  if (!L)
    return Site;
  SmallVector<const DILocation *, 4> Frames; // Innermost first.
  for (; L; L = L->getInlinedAt())
    Frames.push_back(L);
  // The outermost frame in the user's code: the call in the kernel, or a
  // user's functor that a library kernel inlines.
  unsigned Shown = Frames.size() - 1;
  while (Shown > 0 && isSystemFile(Frames[Shown]))
    --Shown;
  if (isSystemFile(Frames[Shown]))
    Shown = Frames.size() - 1;
  Site.Pos = positionOf(Frames[Shown]);
  std::string Callee;
  for (unsigned K = 0; K < Shown; ++K) {
    if (isSystemFile(Frames[K]))
      continue;
    std::string Helper = functionOf(Frames[K]);
    Site.Inlined.push_back(
        {positionOf(Frames[K]),
         Callee.empty()
             ? "the access is in helper '" + Helper + "'"
             : "'" + Callee + "' is called from helper '" + Helper + "' here"});
    Callee = Helper;
  }
  return Site;
}

} // namespace sectorscope
