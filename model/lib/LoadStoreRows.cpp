//===- LoadStoreRows.cpp - loadstore benchmark rows as kernels ------------===//
#include "sectorscope/model/LoadStoreRows.h"
#include "sectorscope/model/L1Figures.h"

#include <cmath>

namespace sectorscope::model {

bool usableLoadStoreRow(const BenchRow &R) {
  return R.Experiment == "loadstore" && R.N && *R.N >= 1 && R.Stores &&
         *R.Stores >= 1 && R.BytesMoved && *R.BytesMoved > 0 &&
         R.WordBytes > 0 && R.Warps > 0 && R.Blocks && R.Threads;
}

Traffic loadStoreTraffic(const BenchRow &R) {
  Traffic T = benchRowGrid(R);
  const double Loads = *R.N, Stores = *R.Stores, Word = R.WordBytes;
  // One node per thread and trip: a word of each of the N + S arrays.
  const double Nodes = *R.BytesMoved / (Word * (Loads + Stores));
  // 32 lanes of `Word` bytes, coalesced: Word sectors per request.
  const double Spr = Word;
  for (Op O : {Op::Read, Op::Write}) {
    MemItem I;
    I.TheOp = O;
    I.Waits = O == Op::Read;
    I.SectorsPerRequest = Spr;
    I.Requests = Nodes / 32 * (O == Op::Read ? Loads : Stores);
    I.Bytes = I.Requests * Spr * 32;
    // The loads of a trip are independent and the next trip's come after
    // the stores that need them: all N, and only N, in flight.
    I.Mlp = O == Op::Read ? R.Mlp.value_or(Loads) : 1;
    I.LinesPerRequest = linesPerRequest(Spr);
    T.Items.push_back(I);
  }
  return T;
}

} // namespace sectorscope::model
