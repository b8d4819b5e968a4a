//===- ConfigTest.cpp - SECTORSCOPE_* settings and their errors -----------===//
#include "Config.h"

#include <gtest/gtest.h>

#include <map>

namespace sectorscope::rt::test {
namespace {

using Environment = std::map<std::string, std::string>;

std::optional<Config> parse(const Environment &Env, std::string &Err) {
  return parseConfig(
      [&](const char *N) -> const char * {
        auto It = Env.find(N);
        return It == Env.end() ? nullptr : It->second.c_str();
      },
      Err);
}

/// The one-line error a bad setting gives.
std::string errorOf(const Environment &Env) {
  std::string Err;
  auto C = parse(Env, Err);
  EXPECT_FALSE(C) << "accepted";
  return Err;
}

TEST(Config, Defaults) {
  std::string Err;
  auto C = parse({}, Err);
  ASSERT_TRUE(C) << Err;
  EXPECT_EQ(C->TheMode, Mode::Heatmap);
  EXPECT_EQ(C->Kernels.Pattern, "");
  EXPECT_EQ(C->Launches.str(), "0-0");
  EXPECT_EQ(C->Block, (BlockIndex{0, 0, 0}));
  // The map the device index names for sm_90 where one is installed, else
  // the uniform model (launches resolve `default` per device).
  EXPECT_TRUE(C->Partitions.Model.name() == "sm_90(uniform)" ||
              C->Partitions.Model.name() == "sm_90 (h200)")
      << C->Partitions.Model.name();
  EXPECT_EQ(C->OutDir.Path, "./sectorscope-out/");
  EXPECT_EQ(C->LogRecords.Records, 4194304u);
  EXPECT_EQ(C->MaxWindows.Windows, 64u);
  EXPECT_EQ(C->HeatCsv.Bytes, 1024ull << 20);
  EXPECT_FALSE(C->Quiet);
  EXPECT_FALSE(C->Expect);
  EXPECT_EQ(C->Occupancy.WarpsPerSm, 0u);
  EXPECT_EQ(C->Wait.Limit.count(), 2000);
  EXPECT_TRUE(C->selectsKernel("gs_norm(float*)"));
  EXPECT_TRUE(C->selectsKernel("transpose<32>(float*)"));
}

TEST(Config, EverySettingFromTheEnvironment) {
  std::string Err;
  auto C = parse({{"SECTORSCOPE_MODE", "grid"},
                  {"SECTORSCOPE_KERNELS", "^gs_"},
                  {"SECTORSCOPE_LAUNCHES", "all"},
                  {"SECTORSCOPE_BLOCK", "3,1"},
                  {"SECTORSCOPE_PARTITIONS", "linear:1024:16"},
                  {"SECTORSCOPE_OUT", "/tmp/x"},
                  {"SECTORSCOPE_HEAP_SECTORS", "10000"},
                  {"SECTORSCOPE_WINDOWS", "8"},
                  {"SECTORSCOPE_HEAT_CSV_MB", "0"},
                  {"SECTORSCOPE_QUIET", "1"},
                  {"SECTORSCOPE_EXPECT", "1"},
                  {"SECTORSCOPE_OCCUPANCY", "24"},
                  {"SECTORSCOPE_WAIT_MS", "150"}},
                 Err);
  ASSERT_TRUE(C) << Err;
  EXPECT_EQ(C->TheMode, Mode::Grid);
  EXPECT_EQ(C->Kernels.Pattern, "^gs_");
  EXPECT_EQ(C->Launches.str(), "all");
  EXPECT_EQ(C->Block, (BlockIndex{3, 1, 0}));
  EXPECT_EQ(C->Partitions.Model.name(), "linear:1024:16");
  EXPECT_EQ(C->Partitions.Model.count(), 16u);
  EXPECT_EQ(C->OutDir.Path, "/tmp/x/");
  EXPECT_EQ(C->LogRecords.Records, 10000u);
  EXPECT_EQ(C->MaxWindows.Windows, 8u);
  EXPECT_EQ(C->HeatCsv.Bytes, 0u);
  EXPECT_TRUE(C->Quiet);
  EXPECT_TRUE(C->Expect);
  EXPECT_EQ(C->Occupancy.WarpsPerSm, 24u);
  EXPECT_EQ(C->Wait.Limit.count(), 150);
  EXPECT_TRUE(C->selectsKernel("gs_norm(float*)"));
  EXPECT_FALSE(C->selectsKernel("transpose<32>(float*)"));
}

// A variable set to "" takes the default, as an unset one does.
TEST(Config, EmptyValueTakesTheDefault) {
  std::string Err;
  auto C = parse({{"SECTORSCOPE_MODE", ""},
                  {"SECTORSCOPE_LAUNCHES", ""},
                  {"SECTORSCOPE_OUT", ""},
                  {"SECTORSCOPE_WINDOWS", ""}},
                 Err);
  ASSERT_TRUE(C) << Err;
  EXPECT_EQ(C->TheMode, Mode::Heatmap);
  EXPECT_EQ(C->Launches.str(), "0-0");
  EXPECT_EQ(C->OutDir.Path, "./sectorscope-out/");
  EXPECT_EQ(C->MaxWindows.Windows, 64u);
}

// A bad setting is one line naming the variable, its value and what is
// valid.
TEST(Config, BadValues) {
  EXPECT_EQ(errorOf({{"SECTORSCOPE_MODE", "heat"}}),
            "SECTORSCOPE_MODE='heat': expected heatmap, grid or time");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_KERNELS", "gs_("}}),
            "SECTORSCOPE_KERNELS='gs_(': not a valid regular expression "
            "(missing ): gs_()");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_LAUNCHES", "first"}}),
            "SECTORSCOPE_LAUNCHES='first': expected N (the first N "
            "launches), all, or A-B (launches A..B, counted from 0), or a "
            "comma list of these");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_BLOCK", "1,2,3,4"}}),
            "SECTORSCOPE_BLOCK='1,2,3,4': expected x[,y[,z]] block indices, "
            "e.g. 0,0,0");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_BLOCK", "-1"}}),
            "SECTORSCOPE_BLOCK='-1': expected x[,y[,z]] block indices, e.g. "
            "0,0,0");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_PARTITIONS", "linear:1000:8"}}),
            "SECTORSCOPE_PARTITIONS: bad partition model 'linear:1000:8': "
            "expected linear:<bytes>:<count> with <bytes> a power of two "
            "and 1 <= <count> <= 65536");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_PARTITIONS", "banana"}}),
            "SECTORSCOPE_PARTITIONS: unknown partition model 'banana'; "
            "valid: gt200, linear:<bytes>:<count>, xor:<file.json>, h200, "
            "h100, device:<name>, sm_90, default");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_PARTITIONS", "linear:256:8192"}}),
            "SECTORSCOPE_PARTITIONS='linear:256:8192': 8192 partitions, at "
            "most 4096 supported");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_HEAP_SECTORS", "lots"}}),
            "SECTORSCOPE_HEAP_SECTORS='lots': expected the sampled block's "
            "log size in sector records (8 bytes each), 4096..268435456");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_WINDOWS", "0"}}),
            "SECTORSCOPE_WINDOWS='0': expected 1..4096");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_HEAT_CSV_MB", "1048577"}}),
            "SECTORSCOPE_HEAT_CSV_MB='1048577': expected MiB in 0..1048576");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_HEAT_CSV_MB", "1g"}}),
            "SECTORSCOPE_HEAT_CSV_MB='1g': expected MiB in 0..1048576");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_OCCUPANCY", "65"}}),
            "SECTORSCOPE_OCCUPANCY='65': expected active warps per SM in "
            "1..64");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_WAIT_MS", "86400001"}}),
            "SECTORSCOPE_WAIT_MS='86400001': expected milliseconds in "
            "1..86400000");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_QUIET", "maybe"}}),
            "SECTORSCOPE_QUIET='maybe': expected 0 or 1");
  EXPECT_EQ(errorOf({{"SECTORSCOPE_EXPECT", "maybe"}}),
            "SECTORSCOPE_EXPECT='maybe': expected 0 or 1");
}

/// "<selector>: <selected launches among 0..11>".
std::string selected(const std::string &Spec) {
  std::string Err;
  auto L = LaunchSelector::parse(Spec, Err);
  if (!L)
    return Err;
  std::string S = L->str() + ":";
  for (uint64_t I = 0; I < 12; ++I)
    if (L->selects(I))
      S += " " + std::to_string(I);
  return S;
}

// SECTORSCOPE_LAUNCHES: launches count from 0 per kernel.
/// The configuration of SECTORSCOPE_KERNELS=Pattern; a refused pattern
/// fails the test.
Config kernelsConfig(const std::string &Pattern) {
  std::string Err;
  auto C = parse({{"SECTORSCOPE_KERNELS", Pattern}}, Err);
  EXPECT_TRUE(C) << Err;
  return C ? *C : Config();
}

// A pattern that makes a backtracking matcher run for ever (exponentially many
// ways to split the name among the groups) is answered at once: RE2 matches
// in time linear in the name.
TEST(KernelFilter, NestedStarsWithoutAMatch) {
  Config C = kernelsConfig("(.*)*(.*)*(.*)*(.*)*Z");
  EXPECT_EQ(C.Kernels.Pattern, "(.*)*(.*)*(.*)*(.*)*Z");
  EXPECT_FALSE(C.selectsKernel("gs_norm(float*)"));
  EXPECT_FALSE(C.selectsKernel("transpose<32>(float*)"));
}

TEST(KernelFilter, NestedStarsThatMatch) {
  Config C = kernelsConfig(R"((.*)*(.*)*(.*)*(.*)*\*\)$)");
  EXPECT_TRUE(C.selectsKernel("gs_norm(float*)"));
  EXPECT_TRUE(C.selectsKernel("transpose<32>(float*)"));
}

// A search, not a full match; anchors and classes work.
TEST(KernelFilter, AnchorsAndClasses) {
  Config C = kernelsConfig("^transpose<[0-9]+>");
  EXPECT_FALSE(C.selectsKernel("gs_norm(float*)"));
  EXPECT_TRUE(C.selectsKernel("transpose<32>(float*)"));
}

// What RE2 does not do is refused with its reason.
TEST(KernelFilter, BackReferenceIsRefused) {
  EXPECT_EQ(errorOf({{"SECTORSCOPE_KERNELS", R"((gs)\1)"}}),
            R"(SECTORSCOPE_KERNELS='(gs)\1': not a valid regular expression )"
            R"((invalid escape sequence: \1))");
}

TEST(Config, LaunchSelection) {
  EXPECT_EQ(selected("3"), "0-2: 0 1 2");
  EXPECT_EQ(selected("all"), "all: 0 1 2 3 4 5 6 7 8 9 10 11");
  EXPECT_EQ(selected("5-9"), "5-9: 5 6 7 8 9");
  EXPECT_EQ(selected("1,4-5"), "0-0,4-5: 0 4 5");
  EXPECT_EQ(selected("0"), "none:");
  EXPECT_EQ(selected("9-5"),
            "SECTORSCOPE_LAUNCHES='9-5': expected N (the first N launches), "
            "all, or A-B (launches A..B, counted from 0), or a comma list of "
            "these");
}

TEST(Config, DescribedOneVariableALine) {
  std::string Err;
  auto C =
      parse({{"SECTORSCOPE_BLOCK", "2"}, {"SECTORSCOPE_QUIET", "yes"}}, Err);
  ASSERT_TRUE(C) << Err;
  std::string D = describeConfig(*C);
  EXPECT_NE(D.find("\nSECTORSCOPE_BLOCK=2,0,0\n"), std::string::npos) << D;
  EXPECT_NE(D.find("\nSECTORSCOPE_QUIET=1\n"), std::string::npos) << D;
  EXPECT_EQ(size_t(std::count(D.begin(), D.end(), '\n')), allFlags().size());
}

// Every row of the table is a flag the parser knows, with a default it
// accepts (Defaults above) and a description without line breaks or bars,
// which would break the Markdown table.
TEST(Config, MarkdownTableHasARowPerFlag) {
  std::string T = flagsMarkdownTable();
  for (const FlagInfo &F : allFlags()) {
    EXPECT_NE(T.find("| `" + std::string(F.Variable) + "` |"),
              std::string::npos)
        << F.Variable;
    std::string D = F.Description;
    EXPECT_EQ(D.find_first_of("|\n"), std::string::npos) << F.Variable;
  }
  EXPECT_EQ(size_t(std::count(T.begin(), T.end(), '\n')),
            allFlags().size() + 2);
}

std::string warningFor(std::vector<const char *> Env) {
  Env.push_back(nullptr);
  return unknownVariablesWarning(Env.data());
}

// A misspelt variable must not be ignored in silence; variables of
// sectorscope's other parts and of other programs are not its business.
TEST(Config, UnknownVariablesAreNamed) {
  EXPECT_EQ(
      warningFor({"SECTORSCOPE_KERNELS=gs", "SECTORSCOPE_CUDA_PATH=/x",
                  "SECTORSCOPE_DATA_DIR=/d", "PATH=/bin", "SECTORSCOPEX=1"}),
      "");
  EXPECT_EQ(warningFor({"SECTORSCOPE_KERNEL=gs_norm"}),
            "ignoring unknown SECTORSCOPE_KERNEL (did you mean "
            "SECTORSCOPE_KERNELS?); `sectorscope-flags` lists the runtime's "
            "variables");
  EXPECT_EQ(warningFor({"SECTORSCOPE_ZZZ=1", "SECTORSCOPE_MOD=grid"}),
            "ignoring unknown SECTORSCOPE_MOD (did you mean "
            "SECTORSCOPE_MODE?), SECTORSCOPE_ZZZ; `sectorscope-flags` lists "
            "the runtime's variables");
  EXPECT_EQ(warningFor({"SECTORSCOPE_FLAG"}),
            "ignoring unknown SECTORSCOPE_FLAG; `sectorscope-flags` lists "
            "the runtime's variables");
}

} // namespace
} // namespace sectorscope::rt::test
