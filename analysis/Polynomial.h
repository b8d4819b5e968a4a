//===- Polynomial.h - Integer polynomials over atoms ------------*- C++ -*-===//
//
// The domain of the address analysis: sums of integer-weighted products of
// atoms, each atom an id into an AtomTable (AtomTable.h). Arithmetic that
// overflows, or grows a polynomial past a small size, gives Unknown.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_POLYNOMIAL_H
#define SECTORSCOPE_ANALYSIS_POLYNOMIAL_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <map>
#include <optional>

namespace sectorscope {

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
  bool isConstant() const {
    return !Unknown && Terms.size() <= 1 &&
           (Terms.empty() || Terms.begin()->first.empty());
  }
  int64_t constantTerm() const;
  bool isZero() const { return !Unknown && Terms.empty(); }
};

Poly add(const Poly &A, const Poly &B);
Poly sub(const Poly &A, const Poly &B);
Poly mul(const Poly &A, const Poly &B);
Poly scale(const Poly &A, int64_t C);
/// P += C * M, in place.
void addTerm(Poly &P, const Monomial &M, int64_t C);
/// P with the atoms ValueOf gives a value for replaced by that value.
Poly substitute(const Poly &P,
                llvm::function_ref<std::optional<int64_t>(unsigned)> ValueOf);

} // namespace sectorscope

#endif
