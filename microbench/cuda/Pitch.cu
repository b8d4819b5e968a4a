//===- Pitch.cu - Power-of-two pitch versus padded column reads -----------===//
//
// The classic partition-camping case: blocks that run at the same time read
// the same column chunk of different rows, so their addresses differ by
// multiples of the row pitch. With a power-of-two pitch and address-stripe
// partitions (GT200) they all land in one partition; padding the pitch by
// 512 bytes spreads them. A hashed mapping should make the two alike.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

namespace sectorscope::mb {

namespace {

constexpr int Threads = 128;    // Four warps.
constexpr int ChunkBytes = 512; // One warp of 16-byte loads.
constexpr int RowsPerBand = 16; // Four rows per warp.
constexpr int PadBytes = 512;

__global__ void pitchRead(const uint4 *__restrict__ M, size_t PitchWords,
                          int Bands, unsigned *Sink) {
  // Consecutive blocks (which run together) take the same chunk of
  // consecutive bands.
  const int Chunk = blockIdx.x / Bands;
  const int Band = blockIdx.x % Bands;
  const int Warp = threadIdx.x / 32, Lane = threadIdx.x % 32;
  const size_t Col = size_t(Chunk) * (ChunkBytes / 16) + Lane;
  uint4 V[RowsPerBand / 4];
#pragma unroll
  for (int K = 0; K < RowsPerBand / 4; ++K) {
    size_t Row = size_t(Band) * RowsPerBand + Warp + 4 * K;
    V[K] = __ldcg(M + Row * PitchWords + Col);
  }
  unsigned Acc = 0;
#pragma unroll
  for (int K = 0; K < RowsPerBand / 4; ++K)
    Acc ^= fold(V[K]);
  if (Acc == SinkMagic)
    *Sink = Acc;
}

} // namespace

void runPitch(Harness &H, const Buffers &Buf) {
  const size_t Span = size_t(H.Opts.FootprintMiB) << 20;
  std::vector<size_t> Pitches;
  for (size_t P = 512; P <= (size_t(2) << 20); P *= 2)
    if (!H.Opts.Quick || P == 512 || P == 4096 || P == (size_t(2) << 20))
      Pitches.push_back(P);
  H.begin("pitch", int(Pitches.size()) * 2);
  for (size_t P : Pitches)
    for (bool Padded : {false, true}) {
      const size_t Pitch = P + (Padded ? PadBytes : 0);
      size_t Rows = (Span < Buf.Bytes ? Span : Buf.Bytes) / Pitch;
      Rows -= Rows % RowsPerBand;
      const int Bands = int(Rows / RowsPerBand);
      const long long Grid = (long long)(P / ChunkBytes) * Bands;
      const uint4 *M = reinterpret_cast<const uint4 *>(Buf.A);
      Row R;
      R.Experiment = "pitch";
      R.Op = "read";
      R.WordBytes = 16;
      R.Camped = !Padded; // Power-of-two pitch: the camping candidate.
      R.Pitch = (long long)Pitch;
      R.Blocks = Grid;
      R.Threads = Threads;
      R.ActiveWarpsPerSm = H.Dev.MaxWarpsPerSm;
      R.BytesMoved = double(Rows) * P;
      R.FootprintBytes = double(Rows) * Pitch;
      R.Dram = true;
      R.Time = H.time([&](int) {
        pitchRead<<<unsigned(Grid), Threads>>>(M, Pitch / 16, Bands, H.Sink);
      });
      int Occ = 0;
      CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Occ, pitchRead, Threads,
                                                       0));
      R.BlocksPerSm = Occ;
      R.ActiveWarpsPerSm = Occ * Threads / 32;
      H.add(R);
      H.step();
    }
  H.end();
}

} // namespace sectorscope::mb
