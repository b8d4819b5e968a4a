//===- ModelUnitTests.cpp - Unit tests for sectorscope_model --------------===//
//
// A tiny framework (no extra dependency): each TEST registers a function;
// CHECK records failures with file:line and keeps going; main prints one line
// per test and exits non-zero if any check failed.
//
//===----------------------------------------------------------------------===//
#include "sectorscope/model/Band.h"
#include "sectorscope/model/Calibration.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/Regression.h"
#include "sectorscope/model/SvgChart.h"
#include "sectorscope/model/Traffic.h"
#include "sectorscope/model/Validate.h"

#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace sectorscope::model;

namespace {

struct TestCase {
  const char *Name;
  std::function<void()> Fn;
};
std::vector<TestCase> &registry() {
  static std::vector<TestCase> R;
  return R;
}
int Failures = 0, Checks = 0;

struct Registrar {
  Registrar(const char *N, std::function<void()> F) {
    registry().push_back({N, std::move(F)});
  }
};

#define TEST(Name)                                                             \
  static void Name();                                                          \
  static Registrar Reg_##Name(#Name, Name);                                    \
  static void Name()

#define CHECK(Cond)                                                            \
  do {                                                                         \
    ++Checks;                                                                  \
    if (!(Cond)) {                                                             \
      ++Failures;                                                              \
      std::printf("  FAILED %s:%d: %s\n", __FILE__, __LINE__, #Cond);          \
    }                                                                          \
  } while (0)

#define CHECK_NEAR(A, B, RelTol)                                               \
  do {                                                                         \
    ++Checks;                                                                  \
    double A_ = (A), B_ = (B);                                                 \
    if (!(std::abs(A_ - B_) <= (RelTol)*std::max(std::abs(B_), 1e-300))) {     \
      ++Failures;                                                              \
      std::printf("  FAILED %s:%d: %s = %.9g, expected %.9g\n", __FILE__,      \
                  __LINE__, #A, A_, B_);                                       \
    }                                                                          \
  } while (0)

/// Runs F, expecting a ModelError whose message contains Needle.
#define CHECK_THROWS(Stmt, Needle)                                             \
  do {                                                                         \
    ++Checks;                                                                  \
    std::string Msg_;                                                          \
    try {                                                                      \
      Stmt;                                                                    \
    } catch (const ModelError &E) {                                            \
      Msg_ = E.what();                                                         \
    }                                                                          \
    if (Msg_.find(Needle) == std::string::npos) {                              \
      ++Failures;                                                              \
      std::printf(                                                             \
          "  FAILED %s:%d: expected error containing '%s', got '%s'\n",        \
          __FILE__, __LINE__, Needle, Msg_.c_str());                           \
    }                                                                          \
  } while (0)

/// Deterministic noise in [-1, 1].
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

} // namespace

TEST(regressionRecoversExactCoefficients) {
  // y = 3 + 2*x1 - 0.5*x2 on a grid: OLS must return them exactly.
  Eigen::MatrixXd X(12, 3);
  Eigen::VectorXd Y(12);
  for (int I = 0; I < 12; ++I) {
    double X1 = I, X2 = (I * 7) % 5;
    X.row(I) << 1, X1, X2;
    Y[I] = 3 + 2 * X1 - 0.5 * X2;
  }
  FitResult F = fitLeastSquares(X, Y, {"c", "x1", "x2"});
  CHECK_NEAR(F.coef("c"), 3, 1e-9);
  CHECK_NEAR(F.coef("x1"), 2, 1e-9);
  CHECK_NEAR(F.coef("x2"), -0.5, 1e-9);
  CHECK_NEAR(F.R2, 1, 1e-12);
  CHECK(F.Rmse < 1e-9);
  CHECK(F.Identified[0] && F.Identified[1] && F.Identified[2]);
}

TEST(regressionWithNoiseIsClose) {
  Eigen::MatrixXd X(200, 2);
  Eigen::VectorXd Y(200);
  for (int I = 0; I < 200; ++I) {
    X.row(I) << 1, I;
    Y[I] = (10 + 0.25 * I) * (1 + 0.01 * wobble(I));
  }
  FitResult F = fitLeastSquares(X, Y, {"c", "x"});
  CHECK_NEAR(F.coef("x"), 0.25, 0.01);
  CHECK_NEAR(F.coef("c"), 10, 0.05);
  CHECK(F.R2 > 0.99 && F.R2 < 1);
  CHECK(F.Rmse > 0);
}

TEST(regressionReportsUnidentifiablePredictors) {
  // x2 is all zero and x3 = 2*x1: neither carries information of its own.
  Eigen::MatrixXd X(6, 4);
  Eigen::VectorXd Y(6);
  for (int I = 0; I < 6; ++I) {
    X.row(I) << 1, I, 0, 2 * I;
    Y[I] = 1 + 4 * I;
  }
  FitResult F = fitLeastSquares(X, Y, {"c", "x1", "x2", "x3"});
  CHECK(!F.Identified[2]);
  CHECK(F.Identified[1] != F.Identified[3]);
  CHECK_NEAR(F.coef("x1") + 2 * F.coef("x3"), 4, 1e-9);
  CHECK_NEAR(F.R2, 1, 1e-12);
}

TEST(regressionNonNegativity) {
  // True slope on x2 is negative; constrained, it is pinned at 0.
  Eigen::MatrixXd X(10, 3);
  Eigen::VectorXd Y(10);
  for (int I = 0; I < 10; ++I) {
    X.row(I) << 1, I, I % 3;
    Y[I] = 5 + I - 0.3 * (I % 3);
  }
  FitOptions O;
  O.NonNegative = {true, true, true};
  FitResult F = fitLeastSquares(X, Y, {"c", "x1", "x2"}, O);
  CHECK(F.coef("x2") == 0);
  CHECK(F.coef("c") >= 0 && F.coef("x1") > 0);
}

TEST(regressionWeightedScalesAcrossMagnitudes) {
  // time = 0.004 + bytes * 2.5e-10: columns differ by 1e9; weights 1/y.
  Eigen::MatrixXd X(8, 2);
  Eigen::VectorXd Y(8), W(8);
  for (int I = 0; I < 8; ++I) {
    double B = std::pow(4.0, I) * 1e3;
    X.row(I) << 1, B;
    Y[I] = 0.004 + B * 2.5e-10;
    W[I] = 1 / Y[I];
  }
  FitOptions O;
  O.Weights = W;
  FitResult F = fitLeastSquares(X, Y, {"launch", "a"}, O);
  CHECK_NEAR(F.coef("launch"), 0.004, 1e-6);
  CHECK_NEAR(F.coef("a"), 2.5e-10, 1e-6);
}

TEST(regressionErrors) {
  Eigen::MatrixXd X(0, 2);
  Eigen::VectorXd Y(0);
  CHECK_THROWS(fitLeastSquares(X, Y, {"a", "b"}, {}, "ctx"),
               "ctx: no data rows");
  Eigen::MatrixXd X2(2, 1);
  X2 << 1, NAN;
  Eigen::VectorXd Y2(2);
  Y2 << 1, 2;
  CHECK_THROWS(fitLeastSquares(X2, Y2, {"a"}, {}, "ctx"), "non-finite");
}

TEST(campprofFitRecoversCoefficients) {
  BenchData D;
  D.File = "mem";
  D.Gpu = testGpu();
  // t = beta + a1*w + b_k, 8-byte baseline, as in CampProf's equation 1.
  const double Beta = 0.02, A1 = 0.003, B2 = 0.01, B4 = 0.004;
  const double U = 65536;
  for (int Width : {2, 4, 8})
    for (int W : {1, 2, 4, 8, 16, 32}) {
      double T = Beta + A1 * W + (Width == 2 ? B2 : Width == 4 ? B4 : 0);
      double Bytes = W * 100.0 * U * 3;
      D.Rows.push_back(volumeRow("campprof", Op::Read, false, Width, W, Bytes,
                                 T * Bytes / (U * W * 100)));
    }
  CampProfModel M = CampProfModel::fit(D, U);
  CHECK(M.Classes.size() == 1);
  const CampProfClass &C = M.Classes[0];
  CHECK_NEAR(C.Intercept, Beta, 1e-9);
  CHECK_NEAR(C.PerWarp, A1, 1e-9);
  CHECK_NEAR(C.WidthCoef.at(2), B2, 1e-9);
  CHECK_NEAR(C.WidthCoef.at(4), B4, 1e-9);
  CHECK(C.BaselineWidth == 8);
  CHECK_NEAR(C.R2, 1, 1e-12);
  // Unit time for a width the benchmark lacks: nearest (16 -> 8).
  CHECK_NEAR(C.unitTime(16, 4), Beta + A1 * 4, 1e-9);
  // The floor: never below the fastest measurement of that width (w = 1).
  CHECK_NEAR(C.MinResponse.at(8), Beta + A1, 1e-9);
  CampProfClass Dip = C;
  Dip.Intercept = -1; // a line that dips below 0 at low occupancy
  bool Floored = false;
  CHECK_NEAR(Dip.unitTime(8, 1, &Floored), Beta + A1, 1e-9);
  CHECK(Floored);
  CHECK(Dip.linearTime(8, 1) < 0);
}

TEST(bandwidthFitRecoversLaunchPeakAndLatency) {
  BenchData D;
  D.File = "mem";
  D.Gpu = testGpu();
  const double Launch = 0.005, A = 1e-6 / 4000, Bc = 6 * A;
  for (bool Camped : {false, true})
    for (int W : {1, 2, 4, 8, 16, 32, 64})
      for (double MiB : {16.0, 256.0, 2048.0}) {
        double Bytes = MiB * 1048576;
        double K = Camped ? 4 : 1;
        D.Rows.push_back(volumeRow("stream", Op::Read, Camped, 16, W, Bytes,
                                   Launch + Bytes * K * (A + Bc / W)));
      }
  BandwidthModel M = BandwidthModel::fit(D, {"stream"});
  CHECK(M.Classes.size() == 2);
  CHECK_NEAR(M.LaunchMs, Launch, 1e-6);
  CHECK_NEAR(M.Classes[0].MsPerByte, A, 1e-6);
  CHECK_NEAR(M.Classes[0].MsPerByteWarp, Bc, 1e-6);
  CHECK_NEAR(M.Classes[0].peakGBps(), 4000, 1e-6);
  CHECK_NEAR(M.Classes[1].peakGBps(), 1000, 1e-6);
  CHECK_NEAR(M.Classes[0].halfSaturationWarps(), 6, 1e-6);
  CHECK(M.Classes[1].Camped);
  CHECK_NEAR(M.R2, 1, 1e-9);
}

TEST(bandwidthSameBytesEverywhereAndSingleOccupancy) {
  // Every row moves the same bytes (as the suite's CampProf rows do): the
  // launch latency is not identifiable and must be pinned at 0, not split
  // arbitrarily. The 4-byte class ran at one occupancy: it borrows the
  // 16-byte class's occupancy curve (b/a = 6) and fits only its scale.
  BenchData D;
  D.File = "mem";
  D.Gpu = testGpu();
  const double Bytes = 1 << 28, A = 1e-6 / 4000;
  for (int W : {1, 2, 4, 8, 16, 32, 64})
    D.Rows.push_back(volumeRow("campprof", Op::Read, false, 16, W, Bytes,
                               Bytes * A * (1 + 6.0 / W)));
  D.Rows.push_back(volumeRow("campprof", Op::Read, false, 4, 8, Bytes,
                             Bytes * 2 * A * (1 + 6.0 / 8)));
  BandwidthModel M = BandwidthModel::fit(D, {"campprof"});
  CHECK(!M.LaunchIdentified);
  CHECK(M.LaunchMs == 0);
  CHECK(M.Classes.size() == 2);
  const BandwidthClass &C4 = M.Classes[0], &C16 = M.Classes[1];
  CHECK(C4.Width == 4 && C16.Width == 16);
  CHECK_NEAR(C16.MsPerByte, A, 1e-6);
  CHECK_NEAR(C16.halfSaturationWarps(), 6, 1e-6);
  CHECK(C16.ShapeFrom.empty());
  CHECK(C4.ShapeFrom == "read spread 16B");
  CHECK_NEAR(C4.MsPerByte, 2 * A, 1e-6);
  CHECK_NEAR(C4.halfSaturationWarps(), 6, 1e-6);
  CHECK_NEAR(M.R2, 1, 1e-9);
}

TEST(gt200FitRecoversCostsAndScale) {
  BenchData D;
  D.File = "mem";
  D.Gpu = testGpu();
  const double L0 = 0.002, CR = 3e-4, CL = 2e-4, CW = 5e-4, CM = 4e-4;
  auto Add = [&](const char *Op, int N, int L, int M, int K, double Scale) {
    BenchRow R;
    R.Experiment = "gt200";
    R.OpText = Op;
    R.WordBytes = 4;
    R.Warps = K;
    R.N = N;
    R.L = L;
    R.M = M;
    bool Rd = std::string(Op) != "write", Wr = std::string(Op) != "read";
    double Nodes = 1 << 20;
    R.BytesMoved = (Rd + Wr) * N * Nodes * 4;
    double Waves = Nodes / (K * 100.0 * 32);
    R.TimeMs =
        Waves * Scale * (L0 + Rd * (CR * N + CL * L) + Wr * (CW * N + CM * M));
    D.Rows.push_back(R);
  };
  for (int N : {2, 5, 9, 14, 19}) {
    Add("readwrite", N, 0, 0, 64, 1);
    Add("readwrite", N, N, N, 64, 1);
    Add("read", N, N / 2, 0, 64, 1);
    Add("write", N, 0, N / 3, 64, 1);
  }
  Add("readwrite", 19, 0, 0, 16, 0.2);
  GT200Model M = GT200Model::fit(D);
  CHECK(M.RefWarps == 64);
  CHECK(!M.Ref.CombinedWords);
  CHECK_NEAR(M.Ref.Intercept, L0, 1e-6);
  CHECK_NEAR(M.Ref.ReadWord, CR, 1e-6);
  CHECK_NEAR(M.Ref.ReadMisaligned, CL, 1e-6);
  CHECK_NEAR(M.Ref.WriteWord, CW, 1e-6);
  CHECK_NEAR(M.Ref.WriteMisaligned, CM, 1e-6);
  CHECK_NEAR(M.scaleAt(16), 0.2, 1e-9);
  CHECK_NEAR(M.scaleAt(40), 0.2 + 0.8 * 24 / 48, 1e-9); // interpolated
  CHECK_NEAR(M.scaleAt(8), 0.1, 1e-9); // below range: * k / k_min

  // Only read+write rows: the two word costs merge into their sum.
  BenchData D2 = D;
  D2.Rows.erase(
      std::remove_if(D2.Rows.begin(), D2.Rows.end(),
                     [](const BenchRow &R) { return R.OpText != "readwrite"; }),
      D2.Rows.end());
  GT200Model M2 = GT200Model::fit(D2);
  CHECK(M2.Ref.CombinedWords);
  CHECK_NEAR(M2.Ref.ReadWord, CR + CW, 1e-6);
  CHECK_NEAR(M2.Ref.waveTime(10, 0, 10, 0), L0 + 10 * (CR + CW), 1e-6);
}

TEST(bandArithmetic) {
  CHECK_NEAR(campingDegree(1, 3, 1), 0, 1e-15);
  CHECK_NEAR(campingDegree(1, 3, 3), 1, 1e-15);
  CHECK_NEAR(campingDegree(1, 3, 2), 0.5, 1e-15);
  CHECK_NEAR(campingDegree(1, 3, 0.5), -0.25, 1e-15);
  CHECK_NEAR(campingDegree(1, 3, 4), 1.5, 1e-15);
  CHECK(campingDegree(2, 2, 3) == 0); // no band: no degree
  // Inside the band: the same fraction of the band elsewhere.
  CHECK_NEAR(extrapolateApp(1, 3, 2, 10, 20), 15, 1e-12);
  CHECK_NEAR(extrapolateApp(1, 3, 2.5, 10, 30), 25, 1e-12);
  // At the measured point it returns the measurement.
  CHECK_NEAR(extrapolateApp(1, 3, 2.2, 1, 3), 2.2, 1e-12);
  // Below best / above worst: proportional to that line.
  CHECK_NEAR(extrapolateApp(2, 4, 1, 10, 20), 5, 1e-12);
  CHECK_NEAR(extrapolateApp(2, 4, 8, 10, 20), 40, 1e-12);
  CHECK_NEAR(extrapolateApp(2, 2, 3, 4, 4), 6, 1e-12);
  CHECK(placement(0.1, true).find("near best") == 0);
  CHECK(placement(0.5, true).find("between") == 0);
  CHECK(placement(0.9, true).find("near worst") == 0);
  CHECK(placement(-0.1, true).find("below best") == 0);
  CHECK(placement(1.2, true).find("above worst") == 0);
  CHECK_NEAR(geomeanError({0.1, 0.4}), 0.2, 1e-12);
  CHECK_NEAR(geomeanError({0.0, 0.01}), 0.001, 1e-12); // 0 counts as 1e-4
}

static Profile testProfile() {
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

TEST(trafficScalesSampledBlockToGrid) {
  Profile P = testProfile();
  Traffic T = trafficFromProfile(P);
  // (40 + 8) read sectors and (32 + 8) written, x 32 B x 200 blocks.
  CHECK_NEAR(T.bytes(Op::Read), 48 * 32 * 200.0, 1e-12);
  CHECK_NEAR(T.bytes(Op::Write), 40 * 32 * 200.0, 1e-12);
  CHECK_NEAR(T.totalWarps(), 1600, 1e-12);
  // 8 warps per block: (8 + 8) load requests / 8 warps; 8 misaligned / 8.
  CHECK_NEAR(T.ReadWordsPerWarp, 2, 1e-12);
  CHECK_NEAR(T.ReadMisalignedPerWarp, 1, 1e-12);
  CHECK_NEAR(T.WriteWordsPerWarp, 2, 1e-12);
  CHECK_NEAR(T.WriteMisalignedPerWarp, 0, 1e-12);
  P.SampledBlocks = 2; // counters summed over two blocks
  CHECK_NEAR(trafficFromProfile(P).totalBytes(), 88 * 32 * 100.0, 1e-12);
}

static Calibration testCalibration() {
  Calibration C;
  C.File = "calib.json";
  C.Gpu = testGpu();
  BandwidthModel B;
  B.LaunchMs = 0.01;
  for (bool Camped : {false, true})
    for (Op O : {Op::Read, Op::Write}) {
      BandwidthClass K;
      K.TheOp = O;
      K.Camped = Camped;
      K.Width = 4;
      K.MsPerByte = (Camped ? 4 : 1) * 1e-9;
      K.MsPerByteWarp = 8e-9;
      B.Classes.push_back(K);
    }
  C.Bandwidth = B;
  return C;
}

TEST(bandFromProfile) {
  Calibration C = testCalibration();
  Profile P = testProfile();
  BandOptions O;
  O.MaxWarps = 64;
  double Bytes = 88 * 32 * 200.0;
  double Best = 0.01 + Bytes * (1e-9 + 8e-9 / 32);
  double Worst = 0.01 + Bytes * (4e-9 + 8e-9 / 32);
  double Measured = Best + 0.3 * (Worst - Best);
  P.TimeMs = Measured;
  BandResult B = computeBand(C, P, O);
  CHECK_NEAR(B.BestMs, Best, 1e-12);
  CHECK_NEAR(B.WorstMs, Worst, 1e-12);
  CHECK(B.Points.size() == 64);
  CHECK_NEAR(*B.Degree, 0.3, 1e-9);
  // The application line passes through the measurement.
  CHECK_NEAR(*B.Points[31].App, Measured, 1e-12);
  for (const BandPoint &Pt : B.Points) {
    CHECK(Pt.Best <= Pt.Worst);
    CHECK(*Pt.App >= Pt.Best && *Pt.App <= Pt.Worst);
    CHECK_NEAR(campingDegree(Pt.Best, Pt.Worst, *Pt.App), 0.3, 1e-9);
  }
  // More warps never slow a saturating-bandwidth kernel down.
  CHECK(B.Points[0].Best > B.Points[63].Best);
  // Occupancy estimated from the launch shape when the profile lacks it:
  // 8 warps/block, 64/8 = 8 blocks/SM, but 200 blocks / 100 SMs = 2.
  P.ActiveWarps.reset();
  std::string Src;
  CHECK_NEAR(occupancyFor(P, C, std::nullopt, &Src), 16, 1e-12);
  CHECK_THROWS(occupancyFor(P, C, 65.0, &Src), "impossible occupancy");
  // 100 KB of shared memory per block: 2 blocks of 8 warps fit per SM, so
  // the application line stops at 16 warps/SM (CampProf's GEM stopped at
  // 16 too), unless the measurement itself sits higher.
  CHECK_NEAR(maxOccupancyFor(P, C), 64, 1e-12);
  P.SharedBytes = 100000;
  CHECK_NEAR(maxOccupancyFor(P, C), 16, 1e-12);
  CHECK_NEAR(occupancyFor(P, C, std::nullopt, &Src), 16, 1e-12);
  P.ActiveWarps = 8;
  BandResult Small = computeBand(C, P, O);
  CHECK(Small.AppMaxWarps == 16);
  CHECK(Small.Points[15].App.has_value());
  CHECK(!Small.Points[16].App.has_value());
}

TEST(calibrationRoundTrip) {
  BenchData D;
  D.File = "mem";
  D.Gpu = testGpu();
  for (bool Camped : {false, true})
    for (Op O : {Op::Read, Op::Write})
      for (int W : {1, 4, 16, 64})
        D.Rows.push_back(volumeRow("campprof", O, Camped, 4, W, W * 1e7,
                                   0.003 + W * 1e7 * (Camped ? 3e-9 : 1e-9) *
                                               (1 + 2.0 / W)));
  Calibration C = fitCalibration(D, FitSettings());
  CHECK(C.CampProf && C.Bandwidth && !C.GT200);
  Calibration C2 = Calibration::fromJson(C.toJson(), "rt.json");
  Traffic T = trafficFromProfile(testProfile());
  for (ModelKind K : {ModelKind::Bandwidth, ModelKind::CampProf})
    for (bool Camped : {false, true})
      CHECK_NEAR(predictTime(C2, K, T, Camped, 24, nullptr),
                 predictTime(C, K, T, Camped, 24, nullptr), 1e-12);
  Json J = C.toJson();
  J["bandwidth"]["launch_ms"] = -1;
  CHECK_THROWS(Calibration::fromJson(J, "rt.json"),
               "rt.json: bandwidth.launch_ms: expected a number >= 0");
}

TEST(jsonErrorsNameFileAndField) {
  Json J = Json::parse(R"({"gpu": {"sm_count": 132}, "rows": [
      {"experiment": "stream", "op": "read", "word_bytes": 4,
       "active_warps_per_sm": 8, "bytes_moved": 1e6, "best_ms": 0.1},
      {"experiment": "stream", "op": "read", "word_bytes": 4,
       "active_warps_per_sm": 8, "bytes_moved": 1e6}]})");
  CHECK_THROWS(parseBenchData(J, "b.json"),
               "b.json: rows[1].best_ms: no time: missing or 0, and so is "
               "median_ms");
  J["rows"][1]["median_ms"] = 0.2; // the other time field is accepted
  CHECK(parseBenchData(J, "b.json").Rows[1].TimeMs == 0.2);
  J["rows"][0]["best_ms"] = -0.1;
  CHECK_THROWS(parseBenchData(J, "b.json"),
               "b.json: rows[0].best_ms: expected a number >= 0, got -0.1");
  // With SkipBadRows the bad row is reported and left out.
  BenchData Skip = parseBenchData(J, "b.json", "best_ms", true);
  CHECK(Skip.Rows.size() == 1 && Skip.Rows[0].Index == 1);
  CHECK(Skip.Skipped.size() == 1 &&
        Skip.Skipped[0].find("rows[0].best_ms") != std::string::npos);
  J["rows"][0]["best_ms"] = 0.1;
  J["rows"][0]["word_bytes"] = 3;
  CHECK_THROWS(parseBenchData(J, "b.json"),
               "rows[0].word_bytes: expected 1, 2, 4, 8 or 16, got 3");
  J["rows"][0]["word_bytes"] = 4;
  J["rows"][0]["active_warps_per_sm"] = 65;
  CHECK_THROWS(parseBenchData(J, "b.json"), "rows[0].active_warps_per_sm: "
                                            "impossible value 65");
  J["gpu"].erase("sm_count");
  CHECK_THROWS(parseBenchData(J, "b.json"),
               "b.json: gpu.sm_count: missing required field");
  Json P = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
      "grid": [4, 1, 1], "block": [64, 1, 1],
      "sites": [{"op": "load", "width": 4, "requests": 2, "sectors": 200}]})");
  CHECK_THROWS(parseProfile(P, "p.json"),
               "p.json: sites[0].sectors: impossible value 200");
}

TEST(svgHelpers) {
  CHECK(xmlEscape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;");
  CHECK(shortKernelName("k(float*, int)") == "k");
  CHECK(shortKernelName("void f<g(int)>(int*)") == "void f<g(int)>");
  CHECK(shortKernelName("plain") == "plain");
  auto [Top, Step] = niceAxis(0.83);
  CHECK_NEAR(Step, 0.2, 1e-12);
  CHECK_NEAR(Top, 1.0, 1e-12);
  auto [Top2, Step2] = niceAxis(64, 8);
  CHECK_NEAR(Step2, 10, 1e-12);
  CHECK_NEAR(Top2, 70, 1e-12);
  BandResult B = computeBand(testCalibration(), testProfile(), BandOptions());
  B.Kernel = "f<int>&";
  std::string Svg = renderBandChart(bandChartFor({B}, ""));
  CHECK(Svg.find("<svg") != std::string::npos);
  CHECK(Svg.find("</svg>") != std::string::npos);
  CHECK(Svg.find("f&lt;int&gt;&amp;") != std::string::npos);
  CHECK(Svg.find("f<int>") == std::string::npos);
  CHECK(Svg.find("Active warps per SM") != std::string::npos);
  CHECK(Svg.find("nan") == std::string::npos);
}

int main() {
  for (const TestCase &T : registry()) {
    int Before = Failures;
    try {
      T.Fn();
    } catch (const std::exception &E) {
      ++Failures;
      std::printf("  FAILED: unexpected exception: %s\n", E.what());
    }
    std::printf("%s %s\n", Failures == Before ? "PASS" : "FAIL", T.Name);
  }
  std::printf("model-unittests: %zu tests, %d checks, %d failures\n",
              registry().size(), Checks, Failures);
  return Failures ? 1 : 0;
}
