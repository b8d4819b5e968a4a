//===- Polynomial.cpp - Integer polynomials over atoms --------------------===//
#include "analysis/Polynomial.h"

#include "llvm/ADT/STLExtras.h"

namespace sectorscope {

// Polynomials stay small on real kernels; past these limits the address is
// not something a warp-level rule can reason about anyway.
static constexpr size_t MaxTerms = 24;
static constexpr size_t MaxDegree = 6;

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

void addTerm(Poly &P, const Monomial &M, int64_t C) {
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

Poly substitute(const Poly &P,
                llvm::function_ref<std::optional<int64_t>(unsigned)> ValueOf) {
  if (P.Unknown)
    return P;
  Poly R;
  for (const auto &[M, C] : P.Terms) {
    Monomial Rest;
    int64_t K = C;
    for (unsigned Id : M) {
      std::optional<int64_t> V = ValueOf(Id);
      if (!V)
        Rest.push_back(Id);
      else if (__builtin_mul_overflow(K, *V, &K))
        return Poly::unknown();
    }
    addTerm(R, Rest, K);
    if (R.Unknown)
      return R;
  }
  return R;
}

} // namespace sectorscope
