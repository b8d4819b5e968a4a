//===- CalibrationTest.cpp - Calibration files and input errors -----------===//
#include "sectorscope/model/Calibration.h"
#include "sectorscope/model/Band.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Profile.h"
#include "sectorscope/model/Traffic.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <string>

using namespace sectorscope::model;

namespace {

TEST(Calibration, RoundTrip) {
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
  EXPECT_TRUE(C.CampProf && C.Bandwidth && !C.GT200);
  Calibration C2 = Calibration::fromJson(C.toJson(), "rt.json");
  Traffic T = trafficFromProfile(testProfile());
  for (ModelKind K : {ModelKind::Bandwidth, ModelKind::CampProf})
    for (bool Camped : {false, true})
      EXPECT_REL_NEAR(predictTime(C2, K, T, Camped, 24, nullptr),
                      predictTime(C, K, T, Camped, 24, nullptr), 1e-12);
  Json J = C.toJson();
  J["bandwidth"]["launch_ms"] = -1;
  EXPECT_MODEL_ERROR(Calibration::fromJson(J, "rt.json"),
                     "rt.json: bandwidth.launch_ms: expected a number >= 0");
}

TEST(Calibration, JsonErrorsNameFileAndField) {
  Json J = Json::parse(R"({"gpu": {"sm_count": 132}, "rows": [
      {"experiment": "stream", "op": "read", "word_bytes": 4,
       "active_warps_per_sm": 8, "bytes_moved": 1e6, "best_ms": 0.1},
      {"experiment": "stream", "op": "read", "word_bytes": 4,
       "active_warps_per_sm": 8, "bytes_moved": 1e6}]})");
  EXPECT_MODEL_ERROR(
      parseBenchData(J, "b.json"),
      "b.json: rows[1].best_ms: no time: missing or 0, and so is "
      "median_ms");
  J["rows"][1]["median_ms"] = 0.2; // the other time field is accepted
  EXPECT_EQ(parseBenchData(J, "b.json").Rows[1].TimeMs, 0.2);
  J["rows"][0]["best_ms"] = -0.1;
  EXPECT_MODEL_ERROR(
      parseBenchData(J, "b.json"),
      "b.json: rows[0].best_ms: expected a number >= 0, got -0.1");
  // With SkipBadRows the bad row is reported and left out.
  BenchData Skip = parseBenchData(J, "b.json", "best_ms", true);
  EXPECT_TRUE(Skip.Rows.size() == 1 && Skip.Rows[0].Index == 1);
  EXPECT_TRUE(Skip.Skipped.size() == 1 &&
              Skip.Skipped[0].find("rows[0].best_ms") != std::string::npos);
  J["rows"][0]["best_ms"] = 0.1;
  J["rows"][0]["word_bytes"] = 3;
  EXPECT_MODEL_ERROR(parseBenchData(J, "b.json"),
                     "rows[0].word_bytes: expected 1, 2, 4, 8 or 16, got 3");
  J["rows"][0]["word_bytes"] = 4;
  J["rows"][0]["active_warps_per_sm"] = 65;
  EXPECT_MODEL_ERROR(parseBenchData(J, "b.json"),
                     "rows[0].active_warps_per_sm: "
                     "impossible value 65");
  J["gpu"].erase("sm_count");
  EXPECT_MODEL_ERROR(parseBenchData(J, "b.json"),
                     "b.json: gpu.sm_count: missing required field");
  Json P = Json::parse(R"({"schema": "sectorscope-launch/1", "kernel": "k",
      "grid": [4, 1, 1], "block": [64, 1, 1],
      "sites": [{"op": "load", "width": 4, "requests": 2, "sectors": 200}]})");
  EXPECT_MODEL_ERROR(parseProfile(P, "p.json"),
                     "p.json: sites[0].sectors: impossible value 200");
}

} // namespace
