//===- Rules.cpp - strided, misaligned and camped -------------------------===//
#include "analysis/Rules.h"

#include "common/PartitionModel.h"

#include "llvm/ADT/Statistic.h"

#include <algorithm>
#include <numeric>
#include <set>

#define DEBUG_TYPE "sectorscope-rules"

using namespace llvm;

STATISTIC(NumStrided, "Strided global accesses found");
STATISTIC(NumMisaligned, "Misaligned global accesses found");
STATISTIC(NumCamped, "Partition-camped global accesses found");

namespace sectorscope {

static int64_t floorDiv(int64_t A, int64_t B) {
  int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

unsigned sectorsPerRequest(int64_t Stride, uint64_t Width, int64_t Offset) {
  // Lanes a sector or more apart each need their own sectors; past 2^40
  // bytes the arithmetic below could overflow, and the answer is known.
  if (Stride > (int64_t(1) << 40) || Stride < -(int64_t(1) << 40))
    return 32 * unsigned((Width + 31) / 32);
  std::set<int64_t> Sectors;
  for (int64_t Lane = 0; Lane < 32; ++Lane) {
    int64_t First = Offset + Lane * Stride;
    int64_t Last = First + int64_t(Width) - 1;
    for (int64_t S = floorDiv(First, 32); S <= floorDiv(Last, 32); ++S)
      Sectors.insert(S);
  }
  return Sectors.size();
}

unsigned idealSectors(uint64_t Width) {
  return unsigned(std::max<uint64_t>(1, (32 * Width + 31) / 32));
}

static std::string plural(unsigned N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

// The run-time factor of a single-monomial polynomial c*S: c and S's text.
static bool splitMonomial(const Poly &P, const AccessAnalyzer &AA, int64_t &C,
                          Monomial &S) {
  if (P.Unknown || P.Terms.size() != 1)
    return false;
  C = P.Terms.begin()->second;
  S = P.Terms.begin()->first;
  if (S.empty())
    return false;
  for (unsigned Id : S) {
    AtomKind K = AA.atom(Id).Kind;
    if (K != AtomKind::Symbol && K != AtomKind::NtidY &&
        K != AtomKind::NtidZ && K != AtomKind::NctaX && K != AtomKind::NctaY)
      return false;
  }
  return true;
}

static bool blockSpreads(const AccessFacts &A, const AccessAnalyzer &AA,
                         const PartitionModel &Model) {
  uint64_t Base = uint64_t(1) << 30;
  for (const auto &[M, C] : A.Addr.Terms) {
    if (M.size() != 1)
      continue;
    AtomKind K = AA.atom(M[0]).Kind;
    if (K != AtomKind::TidY && K != AtomKind::TidZ && K != AtomKind::Warp &&
        K != AtomKind::Iter)
      continue;
    uint64_t Step = C < 0 ? uint64_t(-C) : uint64_t(C);
    if (Model.partitionOf(Base + Step) != Model.partitionOf(Base))
      return true;
  }
  return false;
}

static const char *CampedFix =
    "spread consecutive blocks over partitions: use a diagonal block order "
    "(bx = (blockIdx.x + blockIdx.y) % gridDim.x) or pad the row pitch by one "
    "partition width";

// The camped rule under a round-robin map. Consecutively scheduled blocks
// differ in blockIdx.x (blockIdx.y for a kernel that never reads blockIdx.x).
// A constant block stride camps when it is a non-zero multiple of the period.
// A run-time one (the transposes' writes: TILE*4*height) camps "likely" when
// it is a constant times a run-time row pitch, a value that also multiplies a
// thread index of the same access: pitches are powers of two often enough.
static void campedRoundRobin(const AccessFacts &A, const AccessAnalyzer &AA,
                             const PartitionModel &Model, const Finding &F,
                             const char *Op, SmallVectorImpl<Finding> &Out) {
  const AccessFacts::BlockStride &BX =
      !A.KernelUsesBlockIdxX && A.BlockX.Kind == AccessFacts::BlockStride::None
          ? A.BlockY
          : A.BlockX;
  uint64_t Period = Model.period();
  if (BX.Kind == AccessFacts::BlockStride::Constant && BX.Bytes) {
    int64_t Bx = BX.Bytes;
    uint64_t AbsB = Bx < 0 ? uint64_t(-Bx) : uint64_t(Bx);
    if (AbsB % Period)
      return;
    Finding G = F;
    G.R = Rule::Camped;
    G.Message = std::string("camped ") + Op + ": consecutive blocks are " +
                std::to_string(Bx) + " bytes apart, a multiple of the " +
                Model.name() + " partition period (" + std::to_string(Period) +
                " bytes); the warps of consecutive blocks queue on one of " +
                std::to_string(Model.count()) + " memory partitions";
    G.Note = CampedFix;
    Out.push_back(G);
    ++NumCamped;
    return;
  }
  int64_t CB;
  Monomial SB;
  if (BX.Kind != AccessFacts::BlockStride::Symbolic ||
      !splitMonomial(BX.Coef, AA, CB, SB) || SB.size() != 1 ||
      AA.atom(SB[0]).Kind != AtomKind::Symbol)
    return;
  // Is the symbol a pitch: does it multiply threadIdx.x or .y here?
  bool Pitch = false;
  for (const auto &[M, C] : A.Addr.Terms) {
    if (M.size() != 2 || !llvm::is_contained(M, SB[0]))
      continue;
    for (unsigned Id : M)
      Pitch |= AA.atom(Id).Kind == AtomKind::TidX ||
               AA.atom(Id).Kind == AtomKind::TidY;
  }
  if (!Pitch)
    return;
  uint64_t AbsC = CB < 0 ? uint64_t(-CB) : uint64_t(CB);
  uint64_t Need = Period / std::gcd(Period, AbsC);
  Finding G = F;
  G.R = Rule::Camped;
  G.Message = std::string("likely camped ") + Op + ": consecutive blocks are " +
              BX.Text + " bytes apart, a multiple of the " + Model.name() +
              " partition period (" + std::to_string(Period) + " bytes) when " +
              AA.atom(SB[0]).Name + " is a multiple of " +
              std::to_string(Need) +
              "; the warps of consecutive blocks queue on one memory "
              "partition";
  G.Note = CampedFix;
  Out.push_back(G);
  ++NumCamped;
}

void evaluateRules(const AccessFacts &A, const AccessAnalyzer &AA,
                   const PartitionModel &Model, Reach Who, bool MultiBlock,
                   SmallVectorImpl<Finding> &Out) {
  if (A.Addr.Unknown)
    return;
  const char *Op = opName(A.Op);
  Finding F;
  F.Op = A.Op;
  F.Width = A.Width;
  F.LaneStrideText = A.StrideText.empty() ? "unknown" : A.StrideText;
  if (A.Stride == AccessFacts::StrideKind::Constant)
    F.LaneStride = A.LaneStride;
  F.Offset = A.SectorOffset;
  F.BlockXText = A.BlockX.Text;
  F.BlockYText = A.BlockY.Text;
  if (A.BlockX.Kind == AccessFacts::BlockStride::Constant)
    F.BlockX = A.BlockX.Bytes;
  else if (A.BlockX.Kind == AccessFacts::BlockStride::None)
    F.BlockX = 0;
  if (A.BlockY.Kind == AccessFacts::BlockStride::Constant)
    F.BlockY = A.BlockY.Bytes;
  else if (A.BlockY.Kind == AccessFacts::BlockStride::None)
    F.BlockY = 0;
  F.IdealSectors = idealSectors(A.Width);
  int64_t Offset = A.SectorOffset.value_or(0);
  bool Constant = A.Stride == AccessFacts::StrideKind::Constant;
  int64_t S = A.LaneStride;
  uint64_t AbsS = S < 0 ? uint64_t(-S) : uint64_t(S);
  if (Constant)
    F.Sectors = sectorsPerRequest(S, A.Width, Offset);
  else if (A.Stride == AccessFacts::StrideKind::Symbolic)
    F.Sectors = 32 * unsigned((A.Width + 31) / 32);

  // strided: consecutive lanes neither share an element nor abut.
  if (Constant && S != 0 && AbsS != A.Width && F.Sectors > F.IdealSectors) {
    Finding G = F;
    G.R = Rule::Strided;
    G.Message = std::string("strided ") + Op + ": consecutive threads are " +
                std::to_string(S) + " bytes apart; a warp touches " +
                plural(G.Sectors, "sector") + " per request instead of " +
                std::to_string(G.IdealSectors);
    G.Note = "make consecutive threads access consecutive elements: swap the "
             "index roles, use a structure of arrays, or stage the data "
             "through shared memory";
    Out.push_back(G);
    ++NumStrided;
  } else if (A.Stride == AccessFacts::StrideKind::Symbolic) {
    Finding G = F;
    G.R = Rule::Strided;
    G.Message = std::string("likely strided ") + Op +
                ": consecutive threads are " + A.StrideText +
                " bytes apart (a run-time stride); a warp likely touches " +
                plural(G.Sectors, "sector") + " per request instead of " +
                std::to_string(G.IdealSectors);
    G.Note = "the thread index is multiplied by a run-time value; make "
             "threadIdx.x the fastest-varying index of the array";
    Out.push_back(G);
    ++NumStrided;
  }

  // misaligned: unit stride, but the warp does not start on a sector.
  if (Constant && AbsS == A.Width && A.SectorOffset) {
    int64_t Lowest = *A.SectorOffset + std::min<int64_t>(0, 31 * S);
    int64_t Mis = ((Lowest % 32) + 32) % 32;
    if (Mis != 0 && F.Sectors > F.IdealSectors) {
      Finding G = F;
      G.R = Rule::Misaligned;
      G.Message = std::string("misaligned ") + Op +
                  ": a warp's first access starts " + std::to_string(Mis) +
                  " bytes past a 32-byte sector boundary; a warp touches " +
                  plural(G.Sectors, "sector") + " per request instead of " +
                  std::to_string(G.IdealSectors);
      G.Note = "start each warp on a 32-byte boundary: align the base "
               "pointer or row pitch, or shift the index by a whole number "
               "of sectors";
      Out.push_back(G);
      ++NumMisaligned;
    }
  }

  // camped: all blocks on the same bytes (any model), or consecutive
  // blocks on the same partition(s) under a partition map.
  // Every block storing to or updating the same bytes camps under any
  // model, whole warps or one lane per block (a reduction's final
  // atomicAdd): all blocks queue on the partition that holds those bytes.
  bool RoundRobin = Model.kind() == PartitionModel::Kind::Linear;
  if (A.Op != AccessOp::Load && A.BlockInvariant && MultiBlock &&
      (Who == Reach::AllWarps || Who == Reach::OneLane)) {
    Finding G = F;
    G.R = Rule::Camped;
    G.Message = std::string("camped ") + Op + ": every block " +
                (A.Op == AccessOp::Atomic ? "updates" : "writes") +
                " the same bytes (the address does not depend on blockIdx" +
                (Who == Reach::OneLane ? ", one lane per block" : "") +
                "); all blocks queue on one memory partition";
    G.Note = "reduce within each block first (shared memory or warp "
             "shuffles) and give each block its own output, or combine the "
             "per-block results in a second pass";
    Out.push_back(G);
    ++NumCamped;
    return;
  }
  if (Model.kind() == PartitionModel::Kind::Uniform)
    return;
  // Round-robin maps (gt200, linear) follow the rule's definition exactly:
  // a block stride that is a non-zero multiple of the map's period puts
  // consecutively scheduled blocks on the same partition, whatever the
  // lanes and warps of one block do.
  if (RoundRobin) {
    campedRoundRobin(A, AA, Model, F, Op, Out);
    return;
  }
  if (!Constant || AbsS > A.Width)
    return;
  // A block laid out contiguously along x (a[bx*512 + tx] launched with 512
  // threads) covers its whole block stride, hence every partition.
  bool Contiguous = !A.TidYCoef && S != 0;
  // Warps of one block at different partitions (rows of a tile less than a
  // period apart, warps of a block on consecutive rows, a loop sweeping
  // along a row) spread the block's requests: not camped.
  if (blockSpreads(A, AA, Model))
    return;
  // Consecutively scheduled blocks differ in blockIdx.x, or in blockIdx.y
  // for a kernel that never reads blockIdx.x.
  const AccessFacts::BlockStride &BX =
      !A.KernelUsesBlockIdxX && A.BlockX.Kind == AccessFacts::BlockStride::None
          ? A.BlockY
          : A.BlockX;
  if (BX.Kind == AccessFacts::BlockStride::Constant && BX.Bytes) {
    int64_t Bx = BX.Bytes;
    uint64_t AbsB = Bx < 0 ? uint64_t(-Bx) : uint64_t(Bx);
    if (Contiguous && AbsB <= 1024 * AbsS)
      return;
    // Blocks closer than a partition's granularity share it trivially.
    if (AbsB < std::max<uint64_t>(256, Model.granularity()))
      return;
    // Warp-leading addresses of the first 16 blocks from a 256-byte-aligned
    // base (1 GiB keeps them non-negative).
    int64_t O = (A.Addr.constantTerm() % (int64_t(1) << 20)) + (int64_t(1) << 30);
    unsigned P0 = Model.partitionOf(uint64_t(O));
    // Hashed maps are known for the offset within a 2 MiB page only (the
    // higher, physical bits are invisible to programs): blocks in other
    // pages may land anywhere, so only blocks within the page count.
    int64_t Blocks = 0;
    while (Blocks < 16 && ((O + Blocks * Bx) >> 21) == (O >> 21))
      ++Blocks;
    if (Blocks < 4)
      return;
    for (int64_t B = 1; B < Blocks; ++B)
      if (Model.partitionOf(uint64_t(O + B * Bx)) != P0)
        return;
    Finding G = F;
    G.R = Rule::Camped;
    G.Message = std::string("camped ") + Op + ": consecutive blocks are " +
                  std::to_string(Bx) + " bytes apart and all map to memory "
                  "partition " + std::to_string(P0) + " of " +
                  std::to_string(Model.count()) + " under the " +
                  Model.name() + " map";
    G.Note = CampedFix;
    Out.push_back(G);
    ++NumCamped;
  }
}

} // namespace sectorscope
