//===- Rules.cpp - strided, misaligned and camped -------------------------===//
#include "analysis/Rules.h"

#include "analysis/WarpRequest.h"
#include "analysis/WaveCoverage.h"
#include "common/PartitionModel.h"

#include "llvm/ADT/Statistic.h"

#include <cmath>
#include <numeric>

#define DEBUG_TYPE "sectorscope-rules"

using namespace llvm;

STATISTIC(NumStrided, "Strided global accesses found");
STATISTIC(NumMisaligned, "Misaligned global accesses found");
STATISTIC(NumCamped, "Partition-camped global accesses found");
STATISTIC(
    NumOnceBesideLoop,
    "Same-bytes updates by selected lanes once beside a loop, not camped");

namespace sectorscope {

static std::string plural(unsigned N, const char *Word) {
  return std::to_string(N) + " " + Word + (N == 1 ? "" : "s");
}

static const char *CampedFix =
    "spread consecutive blocks over partitions: use a diagonal block order "
    "(bx = (blockIdx.x + blockIdx.y) % gridDim.x) or pad the row pitch by one "
    "partition width";

// " (2 rows of 16 threads)": a warp split over rows of a run-time pitch.
static std::string rowsText(const WarpRequest &R) {
  if (R.Rows <= 1 || R.Rows >= R.Lanes)
    return "";
  return " (" + plural(R.Rows, "row") + " of " +
         std::to_string(R.Lanes / R.Rows) + " threads)";
}

static void stridedAndMisaligned(const AccessFacts &A, const AccessAnalyzer &AA,
                                 const BlockShape *Shape, const Finding &F,
                                 SmallVectorImpl<Finding> &Out) {
  std::optional<WarpRequest> R = warpRequest(A, AA, Shape);
  if (!R)
    return;
  const char *Op = opName(A.Op);
  Finding G = F;
  G.Sectors = R->Sectors;
  G.IdealSectors = R->Ideal;
  G.LaneStrideText = R->StrideText.empty() ? "unknown" : R->StrideText;
  G.LaneStride.reset();
  if (R->Stride == WarpRequest::StrideKind::Constant)
    G.LaneStride = R->LaneStride;
  G.Offset = R->Misalignment;
  // "<what>; a warp touches N sectors per request instead of M (rows),
  // <shape>": the numbers and what they rest on.
  std::string Layout = ", " + layoutText(Shape);
  auto Emit = [&](Rule Ru, const std::string &What, const char *Touches,
                  unsigned Instead, const char *Note) {
    G.R = Ru;
    G.IdealSectors = Instead;
    G.Message = What + "; a warp " + Touches + " " +
                plural(R->Sectors, "sector") + " per request instead of " +
                std::to_string(Instead) + rowsText(*R) + Layout;
    G.Note = Note;
    Out.push_back(G);
  };
  int64_t S = R->LaneStride;
  uint64_t AbsS = S < 0 ? uint64_t(-S) : uint64_t(S);

  // strided: consecutive lanes neither share an element nor abut.
  if (R->Stride == WarpRequest::StrideKind::Constant && S != 0 &&
      AbsS != A.Width && R->Sectors > R->Ideal) {
    Emit(Rule::Strided,
         std::string("strided ") + Op + ": consecutive threads are " +
             plural(unsigned(AbsS), "byte") + " apart" +
             (S < 0 ? " in descending order" : ""),
         "touches", R->Ideal,
         A.PieceOfLaneChunk
             ? "each thread accesses its own contiguous bytes piece by piece "
               "here: the caches serve the repeated sectors, but every piece "
               "is a request; access the chunk as aligned vectors of up to "
               "16 bytes (float4, int4, double2) or let consecutive threads "
               "take consecutive elements"
             : "make consecutive threads access consecutive elements: swap "
               "the index roles, use a structure of arrays, or stage the "
               "data through shared memory");
    ++NumStrided;
  } else if (R->Stride == WarpRequest::StrideKind::Symbolic &&
             R->Sectors > R->Ideal) {
    Emit(Rule::Strided,
         std::string("likely strided ") + Op + ": consecutive threads are " +
             R->StrideText + " bytes apart (a run-time stride)",
         "likely touches", R->Ideal,
         "the thread index is multiplied by a run-time value; make "
         "threadIdx.x the fastest-varying index of the array");
    ++NumStrided;
  }

  // misaligned: unit stride, but the warp does not start on a sector, and
  // that costs sectors.
  if (R->Stride == WarpRequest::StrideKind::Constant && AbsS == A.Width &&
      R->Misalignment && *R->Misalignment != 0 &&
      R->Sectors > R->AlignedSectors) {
    Emit(Rule::Misaligned,
         std::string("misaligned ") + Op + ": a warp's first access starts " +
             plural(unsigned(*R->Misalignment), "byte") +
             " past a 32-byte sector boundary",
         "touches", R->AlignedSectors,
         "start each warp on a 32-byte boundary: align the base pointer or "
         "row pitch, or shift the index by a whole number of sectors");
    ++NumMisaligned;
  }
}

// Every block storing to or updating the same bytes camps under any model,
// whole warps or one lane per block (a reduction's final atomicAdd): all
// blocks queue on the partition that holds those bytes.
//
// Not where selected lanes do it once beside a loop over global memory (a
// grid-stride sum's one atomicAdd per block or warp, a last-block ticket):
// one address takes an update about every 0.7 ns (an H100's `atomic`
// micro-benchmark rows), little beside what a loop of requests costs each
// block. Grid mode's per-partition counts of the site still show it.
static bool campedSameBytes(const AccessFacts &A, Reach Who, bool MultiBlock,
                            const Finding &F, SmallVectorImpl<Finding> &Out) {
  if (A.Op == AccessOp::Load || !A.BlockInvariant || !MultiBlock ||
      (Who != Reach::AllWarps && Who != Reach::OneLane))
    return false;
  if (Who == Reach::OneLane && A.OnceBesideLoop) {
    ++NumOnceBesideLoop;
    return true;
  }
  Finding G = F;
  G.R = Rule::Camped;
  G.Message = std::string("camped ") + opName(A.Op) + ": every block " +
              (A.Op == AccessOp::Atomic ? "updates" : "writes") +
              " the same bytes (the address does not depend on blockIdx" +
              (Who == Reach::OneLane ? ", one lane per block" : "") +
              "); all blocks queue on one memory partition";
  G.Note = "reduce within each block first (shared memory or warp "
           "shuffles) and give each block its own output, or combine the "
           "per-block results in a second pass";
  Out.push_back(G);
  ++NumCamped;
  return true;
}

// Consecutive blocks under a partition map: the partitions a wave of
// concurrently running blocks touches (WaveCoverage.h). A block stride that
// is a run-time pitch (the transposes' writes: TILE*4*height) camps "likely"
// when it does so for power-of-two pitches from 1024 to 4096, sizes such
// pitches commonly have.
static void campedWave(const AccessFacts &A, const AccessAnalyzer &AA,
                       const PartitionModel &Model, const BlockShape *Shape,
                       const Finding &F, SmallVectorImpl<Finding> &Out) {
  bool UsesCtaX =
      A.KernelUsesBlockIdxX || A.BlockX.Kind != AccessFacts::BlockStride::None;
  const AccessFacts::BlockStride &BS = UsesCtaX ? A.BlockX : A.BlockY;
  if (BS.Kind == AccessFacts::BlockStride::None ||
      BS.Kind == AccessFacts::BlockStride::NotAffine ||
      (BS.Kind == AccessFacts::BlockStride::Constant && BS.Bytes == 0))
    return;
  // The run-time values of the block stride: block sizes the wave fixes,
  // and pitches.
  const Atom *Pitch = nullptr;
  int64_t PitchCoef = 1;
  for (const auto &[M, C] : BS.Coef.Terms) {
    PitchCoef = C;
    for (unsigned Id : M) {
      const Atom &At = AA.atom(Id);
      if (At.Kind == AtomKind::Symbol && At.Divisor > 0)
        continue; // blockDim.x / 32: the wave's block fixes it.
      if (At.Kind == AtomKind::Symbol && !At.BlockDep && !At.ThreadDep) {
        if (Pitch && Pitch != &At)
          return;
        Pitch = &At;
      } else if (At.Kind != AtomKind::NtidX && At.Kind != AtomKind::NtidY &&
                 At.Kind != AtomKind::NtidZ) {
        return;
      }
    }
  }
  // A 1D column walk (q[i*nj + k], i = blockIdx.x * blockDim.x + tid) is
  // reported as strided: whether its warps camp depends on the pitch as much
  // as on the blocks. A tiled walk (the naive transpose's writes, blocks a
  // constant number of rows apart) camps for power-of-two pitches.
  bool BlockDimRows = any_of(BS.Coef.Terms, [&](const auto &T) {
    return any_of(T.first, [&](unsigned Id) {
      return AA.atom(Id).Kind == AtomKind::NtidX;
    });
  });
  if (Pitch &&
      (BS.Coef.Terms.size() != 1 ||
       (A.Stride == AccessFacts::StrideKind::Symbolic && BlockDimRows)))
    return;
  std::optional<WaveCoverage> W;
  for (int64_t Value : {1024, 2048, 4096}) {
    std::optional<WaveCoverage> V =
        waveCoverage(A, AA, Model, Shape, UsesCtaX, Value);
    if (!V || !V->camped())
      return;
    if (!W)
      W = V;
    if (!Pitch)
      break;
  }
  bool RoundRobin = Model.kind() == PartitionModel::Kind::Linear;
  uint64_t Period = Model.period();
  std::string Stride = "consecutive blocks are " + BS.Text + " bytes apart";
  if (!Pitch && RoundRobin && BS.Kind == AccessFacts::BlockStride::Constant &&
      uint64_t(std::abs(BS.Bytes)) % Period == 0)
    Stride += ", a multiple of the " + Model.name() + " partition period (" +
              std::to_string(Period) + " bytes)";
  if (Pitch && RoundRobin) {
    // c * pitch * (block sizes) is a multiple of the period when the pitch
    // is a multiple of Need.
    uint64_t C = uint64_t(std::abs(PitchCoef));
    for (const auto &[M, K] : BS.Coef.Terms)
      for (unsigned Id : M)
        if (AA.atom(Id).Kind >= AtomKind::NtidX &&
            AA.atom(Id).Kind <= AtomKind::NtidZ)
          C *= *W->Block.Block[unsigned(AA.atom(Id).Kind) -
                               unsigned(AtomKind::NtidX)];
    uint64_t Need = Period / std::gcd(Period, C);
    Stride += ", a multiple of the " + Model.name() + " partition period (" +
              std::to_string(Period) + " bytes) when " + Pitch->Name +
              " is a multiple of " + std::to_string(Need);
  } else if (Pitch) {
    Stride += " (when " + Pitch->Name + " is a power of two)";
  }
  Finding G = F;
  G.R = Rule::Camped;
  G.CampedShare = W->Share;
  std::string Under = RoundRobin ? "" : " under the " + Model.name() + " map";
  std::string Origin =
      W->BlockAssumed
          ? (Shape && Shape->knowsLanes()
                 ? ", with blockDim " + W->Block.blockText() + " (sizes from " +
                       Shape->Origin + ", the rest assumed)"
                 : ", assuming blockDim " + W->Block.blockText())
          : ", with blockDim " + W->Block.blockText() + " from " +
                Shape->Origin;
  G.Message = std::string(Pitch ? "likely camped " : "camped ") + opName(A.Op) +
              ": " + Stride + "; " + W->text() + Under + ", " +
              std::to_string(int(std::lround(100 * W->Share))) +
              "% of its sectors on partition " + std::to_string(W->Busiest) +
              Origin;
  G.Note = CampedFix;
  Out.push_back(G);
  ++NumCamped;
}

void evaluateRules(const AccessFacts &A, const AccessAnalyzer &AA,
                   const PartitionModel &Model, const BlockShape *Shape,
                   Reach Who, bool MultiBlock, SmallVectorImpl<Finding> &Out) {
  if (A.Addr.Unknown)
    return;
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
  stridedAndMisaligned(A, AA, Shape, F, Out);
  // A launch of one block has no other block to queue behind.
  if (Shape && Shape->oneBlock())
    return;
  if (campedSameBytes(A, Who, MultiBlock, F, Out))
    return;
  if (Model.kind() != PartitionModel::Kind::Uniform)
    campedWave(A, AA, Model, Shape, F, Out);
}

} // namespace sectorscope
