//===- GF2.h - Fitting XOR address hashes over GF(2) ------------*- C++ -*-===//
//
// L2 slice selection on recent NVIDIA GPUs is a hash of physical address
// bits. If it is linear over GF(2), each slice-index bit is the parity of the
// address ANDed with a mask. Two fits are offered:
//
//  * solveAffine: the targets are known bits (e.g. one bit of a slice index);
//    find Mask and constant C with parity(x & Mask) ^ C == y.
//  * fitLinearHash: only slice *labels* are known, in an arbitrary numbering
//    (ncu's instance order need not be the hardware's index). Addresses in
//    one slice differ by vectors in the hash's kernel K; the masks are a
//    basis of K's annihilator, and a table maps hash values to labels.
//
// Addresses are uint64_t; VarMask selects the bits that take part.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MICROBENCH_GF2_H
#define SECTORSCOPE_MICROBENCH_GF2_H

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sectorscope::mb {

inline int parity64(uint64_t X) { return __builtin_parityll(X); }

struct AffineFit {
  uint64_t Mask = 0;
  int Constant = 0;
  int eval(uint64_t X) const { return parity64(X & Mask) ^ Constant; }
};

/// Solves parity(X[i] & Mask) ^ C == Y[i] for Mask within \p VarMask (and C
/// if \p WithConstant). Fails with a message naming the undetermined bits
/// when the samples are rank-deficient, or when no solution exists.
std::optional<AffineFit> solveAffine(const std::vector<uint64_t> &X,
                                     const std::vector<uint8_t> &Y,
                                     uint64_t VarMask, bool WithConstant,
                                     std::string &Error);

struct LinearHash {
  uint64_t VarMask = 0;
  /// Hash bit i is parity(x & Masks[i]); masks in reduced echelon form, so
  /// equal subspaces print equal masks.
  std::vector<uint64_t> Masks;
  /// Hash value -> labels seen with it in training.
  std::map<uint64_t, std::set<int>> Table;
  int KernelDim = 0;
  int Labels = 0;
  /// True when every hash value names one label: the labels are exactly a
  /// linear function of the address.
  bool Injective = false;

  uint64_t hash(uint64_t X) const;
  /// Predicted label, or -1 if the hash value is unseen or ambiguous.
  int predict(uint64_t X) const;
};

/// Fits a linear hash to (address, label) samples. Errors: no samples, or
/// rank deficiency (the same-label differences span too little of the
/// address space to separate the labels seen: more probes are needed).
std::optional<LinearHash> fitLinearHash(const std::vector<uint64_t> &X,
                                        const std::vector<int> &Labels,
                                        uint64_t VarMask, std::string &Error);

/// Fraction of samples whose label \p H predicts correctly.
double accuracy(const LinearHash &H, const std::vector<uint64_t> &X,
                const std::vector<int> &Labels);

/// Rank over GF(2) of a set of vectors.
int rankOf(const std::vector<uint64_t> &Vs);

/// Row-reduces \p Vs to the unique reduced echelon basis of their span.
std::vector<uint64_t> reducedBasis(const std::vector<uint64_t> &Vs);

} // namespace sectorscope::mb

#endif
