//===- ArgsTest.cpp - Command line of sectorscope-microbench --------------===//
//
// Defaults, values, and a clear error for every malformed option.
//
//===----------------------------------------------------------------------===//
#include "microbench/host/Args.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

using namespace sectorscope::mb;

namespace {

ParseResult parse(std::initializer_list<const char *> A) {
  return parseArgs(std::vector<std::string>(A.begin(), A.end()));
}

TEST(Args, Defaults) {
  ParseResult D = parse({});
  EXPECT_TRUE(D.ok());
  EXPECT_TRUE(D.Opts.Reps == 7 && D.Opts.Out == "microbench.json");
  EXPECT_TRUE(D.Opts.FootprintMiB == 2048 && !D.Opts.Quick);
  EXPECT_TRUE(wants(D.Opts, "campprof"));
  EXPECT_TRUE(wants(D.Opts, "small"));
}

TEST(Args, Values) {
  ParseResult R = parse({"--out", "x.json", "--reps", "3", "--only",
                         "stream,gt200", "--quick", "--max-warps", "16"});
  EXPECT_TRUE(R.ok());
  EXPECT_TRUE(R.Opts.Out == "x.json" && R.Opts.Reps == 3 && R.Opts.Quick);
  EXPECT_EQ(R.Opts.MaxWarps, 16);
  EXPECT_TRUE(wants(R.Opts, "gt200") && !wants(R.Opts, "campprof"));
  EXPECT_FALSE(R.Opts.Ungated);
  EXPECT_EQ(R.Opts.Only.size(), 2u);
  EXPECT_EQ(R.Opts.Reps, 3);
  ParseResult U = parse({"--ungated", "--only", "small"});
  EXPECT_TRUE(U.ok() && U.Opts.Ungated && wants(U.Opts, "small") &&
              !wants(U.Opts, "latency"));
}

TEST(Args, MalformedOptionsSayWhatIsWrong) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> Cases = {
      {{"--reps", "0"}, "option --reps: '0' is not an integer in [1, 1000]"},
      {{"--reps", "abc"},
       "option --reps: 'abc' is not an integer in [1, 1000]"},
      {{"--reps"}, "option --reps needs a value"},
      {{"--only", "stream,bogus"}, "unknown experiment 'bogus'"},
      {{"--frobnicate"}, "unknown option '--frobnicate'"},
      {{"--probe-sets", "0:0"}, "bad probe set '0:0' (want page:sm:count)"},
      {{"--probe-k", "21"},
       "option --probe-k: '21' is not an integer in [1, 20]"}};
  for (const auto &[Args, Message] : Cases) {
    ParseResult E = parseArgs(Args);
    EXPECT_FALSE(E.ok());
    EXPECT_EQ(E.Error, Message);
  }
}

TEST(Args, ProbeSets) {
  std::vector<ProbeSet> Sets;
  std::string Err;
  EXPECT_TRUE(parseProbeSets("0:0:768,1:-1:10", Sets, Err));
  EXPECT_TRUE(Sets.size() == 2 && Sets[1].Page == 1 && Sets[1].Sm == -1 &&
              Sets[1].Count == 10);
  EXPECT_EQ(Sets.size(), 2u);
  EXPECT_NE(usage().find("--slice-probe"), std::string::npos);
}

} // namespace
