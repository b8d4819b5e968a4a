//===- InlinePtx.cpp - What an inline PTX statement does ------------------===//
#include "support/InlinePtx.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Operator.h"

#include <tuple>

using namespace llvm;

namespace sectorscope {

SmallVector<StringRef, 4> ptxInstructions(StringRef Asm) {
  SmallVector<StringRef, 4> Out;
  while (!Asm.empty()) {
    auto [Stmt, Tail] = Asm.split(';');
    Stmt = Stmt.trim(" \t\n\r{}");
    if (!Stmt.empty() && !Stmt.starts_with("."))
      Out.push_back(Stmt);
    Asm = Tail;
  }
  return Out;
}

namespace {
/// Bytes of a PTX load/store type suffix; 0 if it is not one.
unsigned typeBytes(StringRef T) {
  return StringSwitch<unsigned>(T)
      .Cases("b8", "u8", "s8", 1)
      .Cases("b16", "u16", "s16", "f16", "bf16", 2)
      .Cases("b32", "u32", "s32", "f32", 4)
      .Cases("b64", "u64", "s64", "f64", 8)
      .Case("b128", 16)
      .Default(0);
}

/// The call argument behind asm operand `N`: operands number the outputs
/// and then the inputs; only inputs and indirect outputs are arguments.
std::optional<unsigned> argOfOperand(StringRef Constraints, unsigned N) {
  unsigned Operand = 0, Arg = 0;
  for (const InlineAsm::ConstraintInfo &C :
       InlineAsm::ParseConstraints(Constraints)) {
    if (C.Type == InlineAsm::isClobber || C.Type == InlineAsm::isLabel)
      continue;
    bool IsArg = C.Type == InlineAsm::isInput || C.isIndirect;
    if (Operand == N) {
      if (C.Type != InlineAsm::isInput || C.isIndirect)
        return std::nullopt;
      return Arg;
    }
    ++Operand;
    Arg += IsArg;
  }
  return std::nullopt;
}
} // namespace

namespace {
/// A statement's mnemonic and its operands.
std::pair<StringRef, StringRef> splitStatement(StringRef Stmt) {
  size_t Space = Stmt.find_first_of(" \t\n");
  if (Space == StringRef::npos)
    return {Stmt, StringRef()};
  return {Stmt.take_front(Space), Stmt.drop_front(Space).trim()};
}

/// "$N" as N.
std::optional<unsigned> operandNumber(StringRef S) {
  unsigned N;
  S = S.trim();
  if (!S.consume_front("$") || S.getAsInteger(10, N))
    return std::nullopt;
  return N;
}

/// An address between brackets, "$N" or "$N+K": the call argument behind
/// operand N and the offset K.
bool readAddress(StringRef Inside, StringRef Constraints, PtxAccess &A) {
  auto [Reg, Off] = Inside.split('+');
  std::optional<unsigned> N = operandNumber(Reg);
  if (!N || (!Off.empty() && Off.trim().getAsInteger(0, A.Offset)))
    return false;
  std::optional<unsigned> Arg = argOfOperand(Constraints, *N);
  if (!Arg)
    return false;
  A.AddressArg = *Arg;
  return true;
}

/// `cp.async.{ca,cg}.shared.global [$dst], [$src], size[, src-size]`: a
/// load of `size` bytes at `$src` (CUDA's cuda_pipeline_helpers.h passes the
/// size as an "n" operand; hand-written code as a literal), none where
/// src-size is zero.
std::optional<PtxAccess> parseAsyncCopy(ArrayRef<StringRef> Parts,
                                        StringRef Operands,
                                        StringRef Constraints) {
  bool ToShared = false, FromGlobal = false;
  for (StringRef P : Parts.drop_front(2)) {
    if (P == "shared" || P == "shared::cta")
      ToShared = true;
    else if (P == "global")
      FromGlobal = true;
    else if (!(P == "ca" || P == "cg" || P.starts_with("L2::")))
      return std::nullopt; // bulk, tensor, mbarrier forms
  }
  SmallVector<StringRef, 4> Ops;
  Operands.split(Ops, ',');
  if (!ToShared || !FromGlobal || Ops.size() < 3)
    return std::nullopt;
  StringRef Src = Ops[1].trim();
  if (!Src.consume_front("[") || !Src.consume_back("]"))
    return std::nullopt;
  PtxAccess A;
  A.Global = A.AsyncCopy = true;
  A.SkipsL1 = Parts[2] == "cg";
  if (!readAddress(Src, Constraints, A))
    return std::nullopt;
  StringRef Size = Ops[2].trim();
  if (std::optional<unsigned> S = operandNumber(Size)) {
    A.WidthArg = argOfOperand(Constraints, *S);
    if (!A.WidthArg)
      return std::nullopt;
  } else if (Size.getAsInteger(10, A.Width)) {
    return std::nullopt;
  }
  if (Ops.size() > 3) {
    StringRef SrcSize = Ops[3].trim();
    unsigned Literal = 0;
    if (std::optional<unsigned> S = operandNumber(SrcSize)) {
      A.SourceSizeArg = argOfOperand(Constraints, *S);
      if (!A.SourceSizeArg)
        return std::nullopt;
    } else if (SrcSize.getAsInteger(10, Literal) || Literal == 0) {
      return std::nullopt; // a zero fill reads nothing
    }
  }
  return A;
}

/// One load or store statement (no guard), its address an asm operand.
std::optional<PtxAccess> parseMemoryStatement(StringRef Mnemonic,
                                              StringRef Operands,
                                              StringRef Constraints) {
  SmallVector<StringRef, 8> Parts;
  Mnemonic.split(Parts, '.');
  if (Parts.size() > 2 && Parts[0] == "cp" && Parts[1] == "async")
    return parseAsyncCopy(Parts, Operands, Constraints);
  PtxAccess A;
  if (Parts[0] == "st")
    A.IsStore = true;
  else if (Parts[0] != "ld" && Parts[0] != "ldu")
    return std::nullopt;
  unsigned Lanes = 1, Elem = 0;
  bool Ordered = false, WideScope = false;
  for (StringRef P : ArrayRef(Parts).drop_front()) {
    if (P == "global")
      A.Global = true;
    else if (P == "cg" || P == "cv" || P == "volatile")
      A.SkipsL1 = true;
    else if (P == "relaxed" || P == "acquire" || P == "release")
      Ordered = true;
    else if (P == "gpu" || P == "sys")
      WideScope = true;
    else if (P == "nc")
      A.ReadOnly = true;
    else if (P == "v2" || P == "v4" || P == "v8")
      Lanes = P[1] - '0';
    else if (unsigned B = typeBytes(P))
      Elem = B;
    else if (!(P == "ca" || P == "cs" || P == "lu" || P == "wb" || P == "wt" ||
               P == "weak" || P == "cta" || P == "cluster" ||
               P.starts_with("L1::") || P.starts_with("L2::")))
      return std::nullopt; // shared, local, const, param, or unknown
  }
  if (!Elem)
    return std::nullopt;
  A.Width = Lanes * Elem;
  // Every store goes to L2 anyway: skipping L1 is a property of loads.
  A.SkipsL1 = !A.IsStore && (A.SkipsL1 || (Ordered && WideScope));
  // The address: the one bracketed operand, "$N" or "$N+K".
  size_t Open = Operands.find('[');
  size_t Close = Operands.find(']');
  if (Open == StringRef::npos || Close == StringRef::npos || Close < Open ||
      Operands.find('[', Open + 1) != StringRef::npos)
    return std::nullopt;
  if (!readAddress(Operands.slice(Open + 1, Close), Constraints, A))
    return std::nullopt;
  return A;
}

/// A predicate set from an asm operand: `setp.ne.b32 p, $G, 0` or
/// `setp.eq...`.
struct PredicateOfOperand {
  StringRef Name;
  unsigned Operand = 0;
  bool TrueWhenZero = false; ///< setp.eq
};
std::optional<PredicateOfOperand> parseSetp(StringRef Mnemonic,
                                            StringRef Operands) {
  SmallVector<StringRef, 4> Parts, Ops;
  Mnemonic.split(Parts, '.');
  Operands.split(Ops, ',');
  if (Parts.size() != 3 || (Parts[1] != "ne" && Parts[1] != "eq") ||
      !typeBytes(Parts[2]) || Ops.size() != 3 || Ops[2].trim() != "0")
    return std::nullopt;
  std::optional<unsigned> G = operandNumber(Ops[1]);
  if (!G)
    return std::nullopt;
  return PredicateOfOperand{Ops[0].trim(), *G, Parts[1] == "eq"};
}
} // namespace

std::optional<PtxAccess> parsePtxAccess(StringRef Asm, StringRef Constraints) {
  std::optional<PtxAccess> Access;
  StringRef AccessGuard;
  bool AccessGuardNegated = false;
  SmallVector<PredicateOfOperand, 1> Predicates;
  for (StringRef Stmt : ptxInstructions(Asm)) {
    StringRef Guard;
    bool Negated = false;
    if (Stmt.consume_front("@")) {
      Negated = Stmt.consume_front("!");
      std::tie(Guard, Stmt) = splitStatement(Stmt);
      if (Guard.empty())
        return std::nullopt;
    }
    auto [Mnemonic, Operands] = splitStatement(Stmt);
    // Register moves (defaults for lanes the guard turns off) touch no
    // memory.
    if (Mnemonic.starts_with("mov."))
      continue;
    if (Mnemonic.starts_with("setp.") && Guard.empty()) {
      std::optional<PredicateOfOperand> P = parseSetp(Mnemonic, Operands);
      if (!P)
        return std::nullopt;
      Predicates.push_back(*P);
      continue;
    }
    if (Access) // a second memory statement
      return std::nullopt;
    Access = parseMemoryStatement(Mnemonic, Operands, Constraints);
    if (!Access)
      return std::nullopt;
    AccessGuard = Guard;
    AccessGuardNegated = Negated;
  }
  if (!Access || AccessGuard.empty())
    return Access;
  // The guard must be an asm operand compared with zero (CUTLASS's and
  // TVM's `setp.ne.b32 p, %2, 0; @p ld.global...`).
  for (const PredicateOfOperand &P : Predicates)
    if (P.Name == AccessGuard) {
      std::optional<unsigned> Arg = argOfOperand(Constraints, P.Operand);
      if (!Arg)
        return std::nullopt;
      Access->GuardArg = *Arg;
      Access->GuardWhenZero = P.TrueWhenZero != AccessGuardNegated;
      return Access;
    }
  return std::nullopt;
}

std::optional<PtxAccess> ptxAccess(const CallBase &Call) {
  const auto *IA = dyn_cast<InlineAsm>(Call.getCalledOperand());
  if (!IA)
    return std::nullopt;
  std::optional<PtxAccess> A =
      parsePtxAccess(IA->getAsmString(), IA->getConstraintString());
  if (!A || A->AddressArg >= Call.arg_size())
    return std::nullopt;
  A->Address = Call.getArgOperand(A->AddressArg);
  if (auto *P = dyn_cast<PtrToIntOperator>(A->Address))
    A->Address = P->getPointerOperand();
  if (!A->Address->getType()->isPointerTy())
    return std::nullopt;
  if (A->WidthArg) {
    const auto *W =
        *A->WidthArg < Call.arg_size()
            ? dyn_cast<ConstantInt>(Call.getArgOperand(*A->WidthArg))
            : nullptr;
    if (!W)
      return std::nullopt;
    A->Width = unsigned(W->getZExtValue());
  }
  // cp.async copies 4, 8 or 16 bytes; anything else is not PTX we know.
  if (A->AsyncCopy && A->Width != 4 && A->Width != 8 && A->Width != 16)
    return std::nullopt;
  // An unknown src-size guards the read, unless a predicate already does.
  if (A->SourceSizeArg && *A->SourceSizeArg < Call.arg_size()) {
    std::optional<Value *> Guard =
        asyncCopySourceGuard(Call.getArgOperand(*A->SourceSizeArg));
    if (!Guard)
      return std::nullopt;
    if (*Guard && !A->GuardArg) {
      A->GuardArg = A->SourceSizeArg;
      A->GuardWhenZero = false;
    }
  }
  return A;
}

std::optional<Value *> asyncCopySourceGuard(Value *SourceSize) {
  if (const auto *C = dyn_cast<ConstantInt>(SourceSize)) {
    if (C->isZero())
      return std::nullopt;
    return nullptr;
  }
  return SourceSize->getType()->isIntegerTy() ? SourceSize : nullptr;
}

} // namespace sectorscope
