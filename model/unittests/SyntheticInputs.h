//===- SyntheticInputs.h - Rows and profiles of known truth -----*- C++ -*-===//
//
// Inputs whose true coefficients are known: benchmark rows timed by the
// model's own form on a 100-SM test GPU, and a small profile and
// calibration. A fit on them must give the coefficients back.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_UNITTESTS_SYNTHETICINPUTS_H
#define SECTORSCOPE_MODEL_UNITTESTS_SYNTHETICINPUTS_H

#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/Calibration.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Profile.h"

#include <string>

namespace sectorscope::model {

/// Deterministic noise in [-1, 1].
double wobble(int I);

/// A GPU of 100 SMs and 64 warps per SM.
GpuInfo testGpu();

/// A row of experiment Exp that moved Bytes in Ms at Warps warps per SM.
BenchRow volumeRow(const std::string &Exp, Op O, bool Camped, int Width,
                   double Warps, double Bytes, double Ms);

/// The bandwidth model's own form for a benchmark row of 32 lanes x Width
/// bytes per request, Mlp loads in flight (stores: every request a step).
double littleTime(double Launch, double P, double A, double L, double Bytes,
                  int Width, double Mlp, Op O, double W, int Sms);

/// Campprof read and write rows of 4-byte words (8 loads in flight) at
/// every occupancy, p = 2, no launch: they fix a and L (reads) or Ls.
void addPureStreams(BenchData &D, double A, double L, double Ls);

/// A benchmark file of the pure streams above on the 100-SM test GPU.
BenchData pureStreamBench(double A, double L, double Ls);

/// Block rows (the same copy in blocks of 32..1024 threads, 1..16 words
/// per thread, at 8 and 32 warps/SM) timed by the model's form (its last
/// partial wave included) with a cost per block of Blk (one more serial
/// step per warp), p = 2.
void addBlockRows(BenchData &D, double A, double L, double Ls, double Blk);

/// 200 blocks of 256 threads: a load misaligned by one word, a store, an
/// atomic and a shared-memory load, timed at 0.5 ms with 32 warps/SM.
Profile testProfile();

/// A heat-map launch report of Blocks blocks of 256 threads with one load
/// site of Width-byte words (Requests requests, Sectors sectors in the
/// sampled block) on one allocation of SizeBytes, ObjectSectors of which
/// the sampled block touched.
Json oneLoadLaunch(double Blocks, int Width, double Requests, double Sectors,
                   double SizeBytes, double ObjectSectors);

/// Bandwidth classes of 4-byte words for reads and writes, spread and
/// camped (4x slower), launch 0.01 ms, p = 1, on the test GPU.
Calibration testCalibration();

} // namespace sectorscope::model

#endif
