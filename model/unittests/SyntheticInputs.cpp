//===- SyntheticInputs.cpp - Rows and profiles of known truth -------------===//
#include "model/unittests/SyntheticInputs.h"
#include "sectorscope/model/BandwidthModel.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace sectorscope::model {

double wobble(int I) { return std::sin(12.9898 * I + 78.233); }

GpuInfo testGpu() {
  GpuInfo G;
  G.Name = "test";
  G.SmCount = 100;
  G.MaxWarpsPerSm = 64;
  return G;
}

BenchRow volumeRow(const std::string &Exp, Op O, bool Camped, int Width,
                   double Warps, double Bytes, double Ms) {
  BenchRow R;
  R.Experiment = Exp;
  R.OpText = opName(O);
  R.TheOp = O;
  R.Camped = Camped;
  R.WordBytes = Width;
  R.Warps = Warps;
  R.BytesMoved = Bytes;
  R.TimeMs = Ms;
  return R;
}

double littleTime(double Launch, double P, double A, double L, double Bytes,
                  int Width, double Mlp, Op O, double W, int Sms) {
  double Steps = Bytes / (32.0 * Width) / (O == Op::Read ? Mlp : 1);
  return Launch + smoothMax(Bytes * A, Steps / Sms * L / W, P);
}

void addPureStreams(BenchData &D, double A, double L, double Ls) {
  for (Op O : {Op::Read, Op::Write})
    for (int W : {1, 2, 4, 8, 16, 32, 64})
      D.Rows.push_back(volumeRow("campprof", O, false, 4, W, 1 << 28,
                                 littleTime(0, 2, A, O == Op::Read ? L : Ls,
                                            1 << 28, 4, 8, O, W, 100)));
}

BenchData pureStreamBench(double A, double L, double Ls) {
  BenchData D;
  D.File = "mem";
  D.Gpu = testGpu();
  addPureStreams(D, A, L, Ls);
  return D;
}

void addBlockRows(BenchData &D, double A, double L, double Ls, double Blk) {
  const std::pair<int, int> Shapes[] = {
      {32, 1}, {256, 1}, {1024, 1}, {256, 16}};
  for (auto [Threads, N] : Shapes)
    for (int W : {8, 32}) {
      BenchRow R = volumeRow("block", Op::Read, false, 4, W, 0, 0);
      R.TheOp.reset();
      R.OpText = "copy";
      R.N = N;
      R.Threads = Threads;
      double Words = 1 << 24, Warps = Words / N / 32;
      R.Blocks = Words / N / Threads;
      R.BytesMoved = Words * 8;
      // The model's own curve, its grid's last partial wave included.
      KernelCurve K;
      K.P = 2;
      K.BwMs = Words * 8 * A;
      K.LatMsWarps = (Warps * N * (L + Ls) + Warps * Blk) / 100;
      K.GridWarpsPerSm = Warps / 100;
      K.Blocks = *R.Blocks;
      K.WarpsPerBlock = Threads / 32.0;
      K.Sms = 100;
      R.TimeMs = K.at(W);
      D.Rows.push_back(R);
    }
}

Json oneLoadLaunch(double Blocks, int Width, double Requests, double Sectors,
                   double SizeBytes, double ObjectSectors) {
  return Json{{"schema", "sectorscope-launch/1"},
              {"kernel", "k"},
              {"mode", "heatmap"},
              {"grid", {{"x", Blocks}}},
              {"block", {{"x", 256}}},
              {"sites", Json::array({{{"op", "load"},
                                      {"width", Width},
                                      {"requests", Requests},
                                      {"sectors", Sectors},
                                      {"mlp", 1},
                                      {"object", {{"id", 0}}}}})},
              {"objects", Json::array({{{"id", 0},
                                        {"kind", "cudaMalloc"},
                                        {"size", SizeBytes},
                                        {"sectors", ObjectSectors}}})}};
}

Profile testProfile() {
  Profile P;
  P.File = "mem.json";
  P.Kernel = "k";
  P.Grid = {200, 1, 1};
  P.Block = {256, 1, 1};
  Site L;
  L.TheOp = SiteOp::Load;
  L.Width = 4;
  L.Requests = 8;
  L.Sectors = 40; // 5 per request vs ideal 4: misaligned by one word
  L.SectorsPerRequest = 5;
  L.IdealSectorsPerRequest = 4;
  Site S = L;
  S.TheOp = SiteOp::Store;
  S.Sectors = 32;
  S.SectorsPerRequest = 4;
  Site A = L;
  A.TheOp = SiteOp::Atomic;
  A.Sectors = 8;
  A.SectorsPerRequest = 1;
  A.IdealSectorsPerRequest = 1;
  Site Sh = L;
  Sh.TheSpace = Space::Shared;
  P.Sites = {L, S, A, Sh};
  P.TimeMs = 0.5;
  P.ActiveWarps = 32;
  return P;
}

Calibration testCalibration() {
  Calibration C;
  C.File = "calib.json";
  C.Gpu = testGpu();
  BandwidthModel B;
  B.LaunchMs = 0.01;
  B.P = 1;
  B.SmCount = C.Gpu.SmCount;
  for (bool Camped : {false, true})
    for (Op O : {Op::Read, Op::Write}) {
      BandwidthClass K;
      K.TheOp = O;
      K.Camped = Camped;
      K.Width = 4;
      K.MsPerByte = (Camped ? 4 : 1) * 1e-9;
      K.MsPerStep = 8e-9 * 128; // 8e-9 ms per byte-warp at 128 B/request
      B.Classes.push_back(K);
    }
  C.Bandwidth = B;
  return C;
}

} // namespace sectorscope::model
