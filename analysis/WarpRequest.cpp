//===- WarpRequest.cpp - The sectors of one warp's request ----------------===//
#include "analysis/WarpRequest.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <functional>
#include <map>
#include <vector>

using namespace llvm;

namespace sectorscope {

std::string layoutText(const BlockShape *Shape) {
  if (!Shape || !Shape->knowsLanes())
    return "assuming blockDim.x is a multiple of 32";
  return "with blockDim " + Shape->blockText() + " from " + Shape->Origin;
}

namespace {

/// A term of the address that differs between lanes: C * (thread indices)
/// * Rest, Rest empty (a constant step) or a run-time pitch.
struct LaneTerm {
  int64_t C = 0;
  SmallVector<unsigned, 2> Thread; ///< atom ids
  Monomial Rest;
};

/// Thread indices of one lane, and its warp in the block.
struct LaneIds {
  int64_t X = 0, Y = 0, Z = 0, W = 0;
};

int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

int64_t mod32(int64_t A) { return ((A % 32) + 32) % 32; }

/// One lane's place: its row (the run-time pitch terms) and its byte offset
/// within the row.
struct LanePlace {
  std::vector<std::pair<Monomial, int64_t>> Row;
  int64_t Offset = 0;
};

LanePlace place(ArrayRef<LaneTerm> Terms, const LaneIds &L,
                const AtomTable &Atoms) {
  std::map<Monomial, int64_t> Row;
  LanePlace P;
  for (const LaneTerm &T : Terms) {
    int64_t V = T.C;
    for (unsigned Id : T.Thread)
      V *= threadAtomValue(Atoms[Id], L.X, L.Y, L.Z, L.W);
    if (V == 0)
      continue;
    if (T.Rest.empty())
      P.Offset += V;
    else
      Row[T.Rest] += V;
  }
  for (auto &[M, V] : Row)
    if (V)
      P.Row.emplace_back(M, V);
  return P;
}

/// Distinct sectors the lanes of one row touch, lane bytes at Shift + offset.
unsigned rowSectors(ArrayRef<int64_t> Offsets, uint64_t Width, int64_t Shift) {
  SmallVector<int64_t, 64> Sectors;
  for (int64_t O : Offsets) {
    int64_t First = Shift + O;
    for (int64_t S = floorDiv(First, 32);
         S <= floorDiv(First + int64_t(Width) - 1, 32); ++S)
      Sectors.push_back(S);
  }
  llvm::sort(Sectors);
  return unsigned(std::unique(Sectors.begin(), Sectors.end()) -
                  Sectors.begin());
}

} // namespace

std::optional<WarpRequest> warpRequest(const AccessFacts &A,
                                       const AccessAnalyzer &AA,
                                       const BlockShape *Shape) {
  const AtomTable &Atoms = AA.atoms();
  bool KnowX = Shape && Shape->knowsLanes();
  auto Dim = [&](unsigned D) -> std::optional<unsigned> {
    return Shape ? Shape->Block[D] : std::nullopt;
  };
  // Block sizes, and quotients of them (blockDim.x / 32), the shape fixes.
  std::function<std::optional<int64_t>(unsigned)> ValueOf =
      [&](unsigned Id) -> std::optional<int64_t> {
    switch (Atoms[Id].Kind) {
    case AtomKind::NtidX:
      return Dim(0);
    case AtomKind::NtidY:
      return Dim(1);
    case AtomKind::NtidZ:
      return Dim(2);
    case AtomKind::Symbol:
      return Atoms.quotientValue(Id, ValueOf);
    default:
      return std::nullopt;
    }
  };
  Poly P = substitute(A.Addr, ValueOf);
  if (P.Unknown)
    return std::nullopt;

  // Without blockDim.x, only threadIdx.x differs across a warp.
  auto LaneAtom = [&](AtomKind K) {
    return K == AtomKind::TidX || K == AtomKind::LaneQuot ||
           (KnowX && (K == AtomKind::TidY || K == AtomKind::TidZ));
  };
  auto IsIndex = [](AtomKind K) {
    return isThreadAtom(K) || isBlockAtom(K) || K == AtomKind::Iter;
  };
  Poly Uniform;
  SmallVector<LaneTerm, 4> Terms;
  SmallVector<unsigned, 4> Pitches;
  for (const auto &[M, C] : P.Terms) {
    LaneTerm T;
    T.C = C;
    bool Index = false;
    for (unsigned Id : M) {
      AtomKind K = Atoms[Id].Kind;
      Index |= IsIndex(K);
      if (LaneAtom(K))
        T.Thread.push_back(Id);
      else
        T.Rest.push_back(Id);
    }
    if (Index)
      for (unsigned Id : M)
        if (!IsIndex(Atoms[Id].Kind))
          Pitches.push_back(Id);
    if (T.Thread.empty()) {
      addTerm(Uniform, M, C);
      continue;
    }
    // A step that changes with another index, an allocation or opaque
    // thread-dependent value is not a lane layout.
    for (unsigned Id : T.Rest) {
      AtomKind K = Atoms[Id].Kind;
      if (IsIndex(K) || K == AtomKind::Base || Atoms[Id].ThreadDep)
        return std::nullopt;
    }
    Terms.push_back(std::move(T));
  }
  std::optional<int64_t> Residue = Atoms.warpResidue32(Uniform, Pitches);

  // The warps to look at: the first one, or with a known shape the first
  // few (their rows may start at other offsets).
  unsigned X = KnowX ? *Dim(0) : 32;
  std::optional<unsigned> Threads = Shape ? Shape->threads() : std::nullopt;
  if (KnowX && Dim(1) && !Dim(2))
    Threads.reset();
  unsigned Warps = !KnowX    ? 1
                   : Threads ? std::min(8u, (*Threads + 31) / 32)
                             : 8;
  std::optional<WarpRequest> Worst;
  for (unsigned W = 0; W < Warps; ++W) {
    std::map<std::vector<std::pair<Monomial, int64_t>>, std::vector<int64_t>>
        Rows;
    std::vector<LanePlace> Places;
    for (unsigned L = 0; L < 32; ++L) {
      unsigned T = 32 * W + L;
      if (Threads && T >= *Threads)
        break;
      LaneIds Ids;
      Ids.X = KnowX ? T % X : L;
      unsigned R = T / X;
      Ids.Y = Dim(1) ? R % *Dim(1) : R;
      Ids.Z = Dim(1) ? R / *Dim(1) : 0;
      Ids.W = W;
      Places.push_back(place(Terms, Ids, Atoms));
      Rows[Places.back().Row].push_back(Places.back().Offset);
    }
    if (Places.empty())
      break;
    WarpRequest Req;
    Req.Lanes = Places.size();
    Req.Ideal =
        unsigned(std::max<uint64_t>(1, (Req.Lanes * A.Width + 31) / 32));
    Req.Rows = Rows.size();
    // Rows a run-time pitch apart start on the same residue: the pitch is
    // a multiple of 32 bytes.
    int64_t Res = Residue.value_or(0);
    for (auto &[Key, Offsets] : Rows) {
      int64_t Low = *std::min_element(Offsets.begin(), Offsets.end());
      Req.Sectors += rowSectors(Offsets, A.Width, Res);
      Req.AlignedSectors += rowSectors(Offsets, A.Width, -Low);
    }
    const std::vector<int64_t> &First = Rows[Places[0].Row];
    int64_t FirstLow = *std::min_element(First.begin(), First.end());
    if (Residue)
      Req.Misalignment = mod32(Res + FirstLow);
    if (Places.size() >= 2) {
      const LanePlace &P0 = Places[0], &P1 = Places[1];
      if (P0.Row == P1.Row) {
        Req.Stride = WarpRequest::StrideKind::Constant;
        Req.LaneStride = P1.Offset - P0.Offset;
        Req.StrideText = std::to_string(Req.LaneStride);
      } else {
        Poly D = Poly::constant(P1.Offset - P0.Offset);
        for (const auto &[M, V] : P1.Row)
          addTerm(D, M, V);
        for (const auto &[M, V] : P0.Row)
          addTerm(D, M, -V);
        Req.Stride = WarpRequest::StrideKind::Symbolic;
        Req.StrideText = Atoms.text(D);
      }
    }
    if (!Worst || Req.Sectors > Worst->Sectors)
      Worst = std::move(Req);
  }
  return Worst;
}

} // namespace sectorscope
