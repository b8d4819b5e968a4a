//===- LoadStoreRowsTest.cpp - Exponent and store cost from loadstore -----===//
#include "sectorscope/model/LoadStoreRows.h"
#include "sectorscope/model/BandwidthModel.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Traffic.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

using namespace sectorscope::model;

namespace {

/// A loadstore row (trips of R loads, then S stores per thread, 4-byte
/// words, 64-thread blocks, one wave) with its time by the model's own
/// form: launch 0, no L2 or L1 figures (the test files have no such rows),
/// a per-SM store cost Mix in the bandwidth term, exponent P.
BenchRow loadStoreRow(int R, int S, int W, double A, double L, double Ls,
                      double Mix, double P) {
  BenchRow Row = volumeRow("loadstore", Op::Read, false, 4, W, 0, 0);
  Row.TheOp.reset();
  Row.OpText = "readwrite";
  Row.N = R;
  Row.Stores = S;
  Row.Mlp = R;
  Row.Threads = 64;
  Row.Blocks = 100 * W / 2;
  const double Nodes = double(1 << 26) / (R + S);
  Row.BytesMoved = Nodes * 4 * (R + S);
  const double Warps = Nodes / 32; // Warp-level requests per array.
  double Bw = *Row.BytesMoved * A + Warps * S * Mix / 100;
  double Lat = Warps * (L + S * Ls) / 100;
  Row.TimeMs = smoothMax(Bw, Lat / W, P);
  return Row;
}

/// Pure streams at eleven occupancies (1..64 warps/SM) and loadstore rows,
/// all generated with exponent P; the spread rows carry a deterministic
/// error of up to Noise (relative).
BenchData loadStoreBench(double P, double Noise) {
  const double A = 1e-6 / 4000, L = 4e-4, Ls = 5e-6, Mix = 2e-6;
  BenchData D;
  D.File = "ls.json";
  D.Gpu = testGpu();
  int I = 0;
  for (Op O : {Op::Read, Op::Write})
    for (int W : {1, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64})
      D.Rows.push_back(volumeRow("campprof", O, false, 4, W, 1 << 28,
                                 littleTime(0, P, A, O == Op::Read ? L : Ls,
                                            1 << 28, 4, 8, O, W, 100) *
                                     (1 + Noise * wobble(++I))));
  const std::pair<int, int> Shapes[] = {{1, 1}, {2, 1}, {4, 4}, {8, 1}};
  for (auto [R, S] : Shapes)
    for (int W : {2, 4, 8, 12, 16, 24, 32, 48, 64})
      D.Rows.push_back(loadStoreRow(R, S, W, A, L, Ls, Mix, P));
  return D;
}

TEST(LoadStoreRows, RecoverExponent) {
  // Every row generated with p = 2.5 and a known store cost: the joint
  // fit recovers both, and its scan has its minimum at 2.5.
  BenchData D = loadStoreBench(2.5, 0);
  BandwidthModel M =
      BandwidthModel::fit(D, {"campprof", "latency", "loadstore"});
  EXPECT_REL_NEAR(M.P, 2.5, 1e-12);
  EXPECT_EQ(M.LoadStoreRows, 36);
  EXPECT_EQ(M.MixedRows, 36);
  EXPECT_REL_NEAR(M.MixedStoreMsPerStep, 2e-6, 5e-3);
  EXPECT_LT(M.LoadStoreGeomeanRelErr, 2e-3);
  EXPECT_EQ(M.ExponentScan.size(), 21);
  double BestP = 0, BestS = 1e300;
  for (const ExponentScore &E : M.ExponentScan)
    if (E.SpreadSqLogErr + E.LoadStoreSqLogErr < BestS) {
      BestS = E.SpreadSqLogErr + E.LoadStoreSqLogErr;
      BestP = E.P;
    }
  EXPECT_REL_NEAR(BestP, 2.5, 1e-12);
  // The calibration JSON keeps the counts and the scan.
  Json J = M.toJson();
  EXPECT_TRUE(J["loadstore_rows"] == 36 && J["exponent_scan"].size() == 21);
  BandwidthModel R = BandwidthModel::fromJson(J, Ctx("rt.json"));
  EXPECT_EQ(R.LoadStoreRows, 36);
  EXPECT_REL_NEAR(R.LoadStoreGeomeanRelErr, M.LoadStoreGeomeanRelErr, 1e-12);
}

TEST(LoadStoreRows, PinAnExponentTheSpreadRowsMiss) {
  // Spread rows with up to 5% of error choose p a grid step off on their
  // own (their valley is flat, as on the H200); the exact loadstore rows,
  // which sit where the two bounds meet, bring it back to the generating
  // 2.5.
  BenchData D = loadStoreBench(2.5, 0.05);
  BandwidthModel Spread = BandwidthModel::fit(D, {"campprof", "latency"});
  BandwidthModel Joint =
      BandwidthModel::fit(D, {"campprof", "latency", "loadstore"});
  EXPECT_GE(std::abs(Spread.P - 2.5), 0.25);
  EXPECT_REL_NEAR(Joint.P, 2.5, 1e-12);
  EXPECT_TRUE(Joint.LoadStoreRows == 36 && Spread.LoadStoreRows == 0);
}

TEST(LoadStoreRows, LeftOutTheyChangeNothing) {
  // Left out of the experiments (or absent), loadstore rows change
  // nothing: the same exponent, launch, classes and terms as a file
  // without them, and no loadstore fields in the calibration.
  BenchData D = loadStoreBench(2.5, 0.04);
  BenchData Plain = D;
  Plain.Rows.erase(std::remove_if(Plain.Rows.begin(), Plain.Rows.end(),
                                  [](const BenchRow &R) {
                                    return R.Experiment == "loadstore";
                                  }),
                   Plain.Rows.end());
  const std::vector<std::string> All = {"campprof", "latency", "loadstore"};
  BandwidthModel A = BandwidthModel::fit(D, {"campprof", "latency"});
  BandwidthModel B = BandwidthModel::fit(Plain, All);
  for (const BandwidthModel *M : {&A, &B}) {
    EXPECT_TRUE(M->LoadStoreRows == 0 && M->ExponentScan.empty());
    EXPECT_FALSE(M->toJson().contains("loadstore_rows"));
  }
  EXPECT_TRUE(A.P == B.P && A.LaunchMs == B.LaunchMs);
  EXPECT_EQ(A.MixedStoreMsPerStep, B.MixedStoreMsPerStep);
  EXPECT_EQ(A.Classes.size(), B.Classes.size());
  for (size_t K = 0; K < A.Classes.size() && K < B.Classes.size(); ++K)
    EXPECT_TRUE(A.Classes[K].MsPerByte == B.Classes[K].MsPerByte &&
                A.Classes[K].MsPerStep == B.Classes[K].MsPerStep);
}

TEST(LoadStoreRows, ErrorsNameFileAndField) {
  Json J = Json::parse(R"({"gpu": {"sm_count": 132}, "rows": [
      {"experiment": "loadstore", "op": "readwrite", "word_bytes": 4,
       "active_warps_per_sm": 8, "blocks": 528, "threads": 64,
       "bytes_moved": 5.4e8, "best_ms": 0.3, "N": 2, "stores": 1}]})");
  BenchData D = parseBenchData(J, "ls.json");
  EXPECT_TRUE(D.Rows.size() == 1 && *D.Rows[0].Stores == 1);
  Traffic T = loadStoreTraffic(D.Rows[0]);
  EXPECT_TRUE(T.Items.size() == 2 && T.Items[0].Mlp == 2 &&
              T.Items[1].Mlp == 1);
  EXPECT_REL_NEAR(T.Items[0].Bytes, 3.6e8, 1e-12);
  EXPECT_REL_NEAR(T.Items[1].Requests, 5.4e8 / 12 / 32, 1e-12);
  EXPECT_EQ(T.totalWarps(), 528 * 2);
  J["rows"][0].erase("stores");
  EXPECT_MODEL_ERROR(parseBenchData(J, "ls.json"),
                     "ls.json: rows[0].stores: missing required field");
  J["rows"][0]["stores"] = 0;
  EXPECT_MODEL_ERROR(parseBenchData(J, "ls.json"),
                     "ls.json: rows[0].stores: expected an integer >= 1");
  J["rows"][0]["stores"] = 1;
  J["rows"][0]["N"] = 0;
  EXPECT_MODEL_ERROR(parseBenchData(J, "ls.json"),
                     "ls.json: rows[0].N: expected an integer >= 1");
  J["rows"][0]["N"] = 2;
  J["rows"][0]["threads"] = 0;
  EXPECT_MODEL_ERROR(parseBenchData(J, "ls.json"),
                     "ls.json: rows[0].threads: missing required field");
}

} // namespace
