//===- AtomTable.cpp - Atoms of polynomials, lane facts -------------------===//
#include "analysis/AtomTable.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace sectorscope {

bool isThreadAtom(AtomKind K) {
  return K == AtomKind::TidX || K == AtomKind::TidY || K == AtomKind::TidZ ||
         K == AtomKind::Warp || K == AtomKind::LaneQuot;
}

int64_t threadAtomValue(const Atom &A, int64_t X, int64_t Y, int64_t Z,
                        int64_t W) {
  switch (A.Kind) {
  case AtomKind::TidX:
    return X;
  case AtomKind::TidY:
    return Y;
  case AtomKind::TidZ:
    return Z;
  case AtomKind::Warp:
    return W;
  case AtomKind::LaneQuot:
    return X / A.Divisor;
  default:
    return 0;
  }
}

bool isBlockAtom(AtomKind K) {
  return K == AtomKind::CtaX || K == AtomKind::CtaY || K == AtomKind::CtaZ;
}

unsigned AtomTable::add(AtomKind K, const Value *V, std::string Name,
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

unsigned AtomTable::fixed(AtomKind K) {
  auto It = Fixed.find(unsigned(K));
  if (It != Fixed.end())
    return It->second;
  static const char *Names[] = {"threadIdx.x", "threadIdx.y", "threadIdx.z",
                                "blockIdx.x",  "blockIdx.y",  "blockIdx.z",
                                "blockDim.x",  "blockDim.y",  "blockDim.z",
                                "gridDim.x",   "gridDim.y",   "gridDim.z"};
  unsigned Id = add(K, nullptr, Names[unsigned(K)]);
  Fixed[unsigned(K)] = Id;
  return Id;
}

unsigned AtomTable::addArm(Poly P) {
  ArmPolys.push_back(std::move(P));
  return ArmPolys.size() - 1;
}

static bool isLaneAtom(AtomKind K) {
  return K == AtomKind::TidX || K == AtomKind::LaneQuot;
}

bool AtomTable::laneVariant(const Poly &P) const {
  if (P.Unknown)
    return true;
  for (const auto &[M, C] : P.Terms)
    for (unsigned A : M)
      if (isLaneAtom(Atoms[A].Kind))
        return true;
  return false;
}

Poly AtomTable::atThreadX(const Poly &P, int64_t X) const {
  return substitute(P, [&](unsigned A) -> std::optional<int64_t> {
    if (Atoms[A].Kind == AtomKind::TidX)
      return X;
    return std::nullopt;
  });
}

bool AtomTable::hasLaneQuot(const Poly &P) const {
  for (const auto &[M, C] : P.Terms)
    for (unsigned A : M)
      if (Atoms[A].Kind == AtomKind::LaneQuot)
        return true;
  return false;
}

bool AtomTable::threadDep(const Poly &P) const {
  if (P.Unknown)
    return true;
  for (const auto &[M, C] : P.Terms)
    for (unsigned A : M)
      if (isThreadAtom(Atoms[A].Kind) || Atoms[A].ThreadDep)
        return true;
  return false;
}

bool AtomTable::blockDep(const Poly &P) const {
  if (P.Unknown)
    return true;
  for (const auto &[M, C] : P.Terms)
    for (unsigned A : M)
      if (isBlockAtom(Atoms[A].Kind) || Atoms[A].BlockDep)
        return true;
  return false;
}

bool AtomTable::loaded(const Poly &P) const {
  for (const auto &[M, C] : P.Terms)
    for (unsigned A : M)
      if (Atoms[A].Loaded)
        return true;
  return false;
}

std::optional<int64_t> AtomTable::quotientValue(
    unsigned Id, function_ref<std::optional<int64_t>(unsigned)> ValueOf) const {
  const Atom &A = Atoms[Id];
  if (A.Divisor <= 0)
    return std::nullopt;
  Poly N = substitute(A.Numerator, ValueOf);
  if (!N.isConstant() || N.constantTerm() < 0)
    return std::nullopt;
  return N.constantTerm() / A.Divisor;
}

std::string AtomTable::text(const Poly &P) const {
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

// The residue mod 32 of everything but the tid.x terms, for a warp whose
// first lane has tid.x a multiple of 32. Assumptions (documented in
// analysis/README.md): blockDim.x is a multiple of 32; allocation bases are
// 256-byte aligned; a run-time value that multiplies an index somewhere in
// the address is a row pitch, and pitches, and products of two or more
// run-time values (plane sizes), are multiples of 32 bytes. A lone run-time
// value that is no pitch (a[i + k]) is a run-time offset: nullopt.
std::optional<int64_t> AtomTable::warpResidue32(const Poly &P,
                                                ArrayRef<unsigned> OuterPitches,
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
      if (K == AtomKind::TidX || K == AtomKind::LaneQuot)
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
        Common =
            warpResidue32(scale(ArmPolys[Atoms[S].Arms[Atoms[S].CommonArm]], C),
                          PitchIds, Depth + 1);
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

} // namespace sectorscope
