//===- GF2.cpp - Fitting XOR address hashes over GF(2) --------------------===//
#include "microbench/host/GF2.h"

#include <algorithm>

namespace sectorscope::mb {

namespace {

std::string bitList(uint64_t Bits) {
  std::string S;
  for (int B = 0; B < 64; ++B)
    if (Bits >> B & 1)
      S += (S.empty() ? "" : ",") + std::to_string(B);
  return S;
}

int highestBit(uint64_t V) { return 63 - __builtin_clzll(V); }

} // namespace

std::vector<uint64_t> reducedBasis(const std::vector<uint64_t> &Vs) {
  // Gauss-Jordan on the highest set bit: each basis vector owns one pivot
  // bit that no other basis vector has.
  std::vector<uint64_t> B;
  for (uint64_t V : Vs) {
    for (uint64_t R : B)
      if (V >> highestBit(R) & 1)
        V ^= R;
    if (!V)
      continue;
    int P = highestBit(V);
    for (uint64_t &R : B)
      if (R >> P & 1)
        R ^= V;
    B.push_back(V);
  }
  std::sort(B.begin(), B.end(), std::greater<uint64_t>());
  return B;
}

int rankOf(const std::vector<uint64_t> &Vs) {
  return int(reducedBasis(Vs).size());
}

std::optional<AffineFit> solveAffine(const std::vector<uint64_t> &X,
                                     const std::vector<uint8_t> &Y,
                                     uint64_t VarMask, bool WithConstant,
                                     std::string &Error) {
  if (X.empty() || X.size() != Y.size()) {
    Error = "no samples (or address and target counts differ)";
    return std::nullopt;
  }
  // Unknowns: the bits of VarMask, then the constant. One equation per
  // sample: bits 0..63 hold the coefficients (address bits in place), bit 64
  // the constant, bit 65 the right-hand side.
  using Eq = unsigned __int128;
  const int ConstBit = 64, RhsBit = 65;
  std::vector<Eq> Rows;
  Rows.reserve(X.size());
  for (size_t I = 0; I < X.size(); ++I) {
    Eq E = X[I] & VarMask;
    if (WithConstant)
      E |= Eq(1) << ConstBit;
    if (Y[I] & 1)
      E |= Eq(1) << RhsBit;
    Rows.push_back(E);
  }
  std::vector<int> Vars;
  for (int B = 0; B < 64; ++B)
    if (VarMask >> B & 1)
      Vars.push_back(B);
  if (WithConstant)
    Vars.push_back(ConstBit);

  size_t Rank = 0;
  std::vector<std::pair<int, size_t>> Pivots; // (variable bit, row)
  uint64_t Free = 0;
  bool FreeConst = false;
  for (int V : Vars) {
    size_t P = Rank;
    while (P < Rows.size() && !(Rows[P] >> V & 1))
      ++P;
    if (P == Rows.size()) {
      if (V == ConstBit)
        FreeConst = true;
      else
        Free |= uint64_t(1) << V;
      continue;
    }
    std::swap(Rows[P], Rows[Rank]);
    for (size_t R = 0; R < Rows.size(); ++R)
      if (R != Rank && (Rows[R] >> V & 1))
        Rows[R] ^= Rows[Rank];
    Pivots.push_back({V, Rank});
    ++Rank;
  }
  size_t Bad = 0;
  for (size_t R = Rank; R < Rows.size(); ++R)
    if (Rows[R] >> RhsBit & 1)
      ++Bad;
  if (Bad) {
    Error = "inconsistent: no XOR of address bits {" + bitList(VarMask) + "}" +
            (WithConstant ? " plus a constant" : "") +
            " reproduces the targets (" + std::to_string(Bad) + " of " +
            std::to_string(Rows.size()) + " equations left unsatisfied)";
    return std::nullopt;
  }
  if (Free || FreeConst) {
    Error = "rank deficient: " + std::to_string(Rank) +
            " independent samples for " + std::to_string(Vars.size()) +
            " unknowns; address bits {" + bitList(Free) + "}" +
            (FreeConst ? " and the constant" : "") +
            " are not determined (probe addresses that vary them)";
    return std::nullopt;
  }
  AffineFit F;
  for (auto [V, R] : Pivots) {
    int Val = int(Rows[R] >> RhsBit & 1);
    if (V == ConstBit)
      F.Constant = Val;
    else if (Val)
      F.Mask |= uint64_t(1) << V;
  }
  return F;
}

uint64_t LinearHash::hash(uint64_t X) const {
  uint64_t H = 0;
  for (size_t I = 0; I < Masks.size(); ++I)
    H |= uint64_t(parity64(X & Masks[I])) << I;
  return H;
}

int LinearHash::predict(uint64_t X) const {
  auto It = Table.find(hash(X));
  if (It == Table.end() || It->second.size() != 1)
    return -1;
  return *It->second.begin();
}

std::optional<LinearHash> fitLinearHash(const std::vector<uint64_t> &X,
                                        const std::vector<int> &Labels,
                                        uint64_t VarMask, std::string &Error) {
  if (X.empty() || X.size() != Labels.size()) {
    Error = "no samples (or address and label counts differ)";
    return std::nullopt;
  }
  // A bit that never varies cannot be told apart from the constant.
  uint64_t Varies = 0;
  for (uint64_t V : X)
    Varies |= (V ^ X[0]) & VarMask;
  if (Varies != VarMask) {
    Error = "rank deficient: address bits {" + bitList(VarMask & ~Varies) +
            "} never vary in the samples (probe addresses that vary them, "
            "or leave them out of the fit)";
    return std::nullopt;
  }
  std::map<int, uint64_t> Rep;
  std::vector<uint64_t> Diffs;
  for (size_t I = 0; I < X.size(); ++I) {
    uint64_t V = X[I] & VarMask;
    auto [It, New] = Rep.emplace(Labels[I], V);
    if (!New)
      Diffs.push_back(V ^ It->second);
  }
  std::vector<uint64_t> K = reducedBasis(Diffs);
  LinearHash H;
  H.VarMask = VarMask;
  H.KernelDim = int(K.size());
  H.Labels = int(Rep.size());
  // Annihilator of K inside VarMask: one mask per non-pivot bit f, namely
  // e_f plus the pivots of the kernel vectors that contain f.
  uint64_t PivotBits = 0;
  for (uint64_t R : K)
    PivotBits |= uint64_t(1) << highestBit(R);
  for (int F = 0; F < 64; ++F) {
    if (!(VarMask >> F & 1) || (PivotBits >> F & 1))
      continue;
    uint64_t M = uint64_t(1) << F;
    for (uint64_t R : K)
      if (R >> F & 1)
        M |= uint64_t(1) << highestBit(R);
    H.Masks.push_back(M);
  }
  H.Masks = reducedBasis(H.Masks);
  std::reverse(H.Masks.begin(), H.Masks.end()); // Low bits first.
  // A complete kernel leaves R hash bits for at most 2^R labels, and the
  // samples may miss some. Twice as many hash values as labels seen means
  // the kernel is incomplete: too few same-slice pairs to pin it down.
  int R = int(H.Masks.size());
  if (R >= 63 || (R > 0 && (uint64_t(1) << (R - 1)) >= uint64_t(H.Labels))) {
    Error = "rank deficient: same-label differences span " +
            std::to_string(H.KernelDim) + " of " +
            std::to_string(__builtin_popcountll(VarMask)) +
            " address-bit dimensions, leaving " + std::to_string(R) +
            " hash bits for only " + std::to_string(H.Labels) +
            " labels (probe more addresses per slice)";
    return std::nullopt;
  }
  for (size_t I = 0; I < X.size(); ++I)
    H.Table[H.hash(X[I])].insert(Labels[I]);
  H.Injective = std::all_of(H.Table.begin(), H.Table.end(), [](const auto &KV) {
    return KV.second.size() == 1;
  });
  return H;
}

double accuracy(const LinearHash &H, const std::vector<uint64_t> &X,
                const std::vector<int> &Labels) {
  if (X.empty())
    return 0.0;
  size_t Ok = 0;
  for (size_t I = 0; I < X.size(); ++I)
    Ok += H.predict(X[I]) == Labels[I];
  return double(Ok) / double(X.size());
}

} // namespace sectorscope::mb
