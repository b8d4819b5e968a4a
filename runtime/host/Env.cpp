//===- Env.cpp - Parse SECTORSCOPE_* environment variables ----------------===//
//
// One parseFlag overload per flag type of Flags.inc; parseConfig calls them
// in the table's order.
//
//===----------------------------------------------------------------------===//
#include "Config.h"

#include "sectorscope/abi.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <sstream>

namespace sectorscope::rt {

const char *modeName(Mode M) {
  switch (M) {
  case Mode::Heatmap:
    return "heatmap";
  case Mode::Grid:
    return "grid";
  case Mode::Time:
    return "time";
  }
  return "?";
}

static bool parseU64(const std::string &S, uint64_t &Out) {
  if (S.empty() || S.size() > 19 ||
      !std::all_of(S.begin(), S.end(),
                   [](char C) { return C >= '0' && C <= '9'; }))
    return false;
  Out = std::strtoull(S.c_str(), nullptr, 10);
  return true;
}

static std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t");
  size_t E = S.find_last_not_of(" \t");
  return B == std::string::npos ? "" : S.substr(B, E - B + 1);
}

bool LaunchSelector::selects(uint64_t Index) const {
  if (All)
    return true;
  for (const auto &[Lo, Hi] : Ranges)
    if (Index >= Lo && Index <= Hi)
      return true;
  return false;
}

std::optional<LaunchSelector> LaunchSelector::parse(const std::string &Spec,
                                                    std::string &Err) {
  LaunchSelector L;
  std::stringstream SS(Spec);
  std::string Part;
  bool Any = false;
  while (std::getline(SS, Part, ',')) {
    Part = trim(Part);
    Any = true;
    uint64_t A = 0, B = 0;
    size_t Dash = Part.find('-');
    if (Part == "all") {
      L.All = true;
    } else if (Dash == std::string::npos && parseU64(Part, A)) {
      if (A > 0) // "0": profile nothing of this kernel
        L.Ranges.push_back({0, A - 1});
    } else if (Dash != std::string::npos && parseU64(Part.substr(0, Dash), A) &&
               parseU64(Part.substr(Dash + 1), B) && A <= B) {
      L.Ranges.push_back({A, B});
    } else {
      Err = "SECTORSCOPE_LAUNCHES='" + Spec +
            "': expected N (the first N launches), all, or A-B (launches A..B, "
            "counted from 0), or a comma list of these";
      return std::nullopt;
    }
  }
  if (!Any) {
    Err = "SECTORSCOPE_LAUNCHES is empty: expected N, all, or A-B";
    return std::nullopt;
  }
  return L;
}

std::string LaunchSelector::str() const {
  if (All)
    return "all";
  std::string S;
  for (const auto &[Lo, Hi] : Ranges)
    S += (S.empty() ? "" : ",") + std::to_string(Lo) + "-" + std::to_string(Hi);
  return S.empty() ? "none" : S;
}

bool Config::selectsKernel(const std::string &Demangled) const {
  return !Kernels.Regex || Kernels.Regex->search(Demangled);
}

namespace {

/// A variable's text and where it came from, for the parsers' messages.
struct FlagText {
  const char *Variable;
  std::string Value;
  bool FromEnvironment;

  bool fail(const std::string &Expected, std::string &Err) const {
    Err = std::string(Variable) + "='" + Value + "': " + Expected;
    return false;
  }
};

bool parseFlag(const FlagText &F, Mode &Out, std::string &Err) {
  if (F.Value == "heatmap")
    Out = Mode::Heatmap;
  else if (F.Value == "grid")
    Out = Mode::Grid;
  else if (F.Value == "time")
    Out = Mode::Time;
  else
    return F.fail("expected heatmap, grid or time", Err);
  return true;
}

bool parseFlag(const FlagText &F, KernelFilter &Out, std::string &Err) {
  Out = KernelFilter();
  if (F.Value.empty())
    return true;
  std::string Problem;
  Out.Regex = UserRegex::compile(F.Value, Problem);
  if (!Out.Regex)
    return F.fail("not a valid regular expression (" + Problem + ")", Err);
  Out.Pattern = F.Value;
  return true;
}

bool parseFlag(const FlagText &F, LaunchSelector &Out, std::string &Err) {
  auto L = LaunchSelector::parse(F.Value, Err);
  if (L)
    Out = *L;
  return L.has_value();
}

bool parseFlag(const FlagText &F, BlockIndex &Out, std::string &Err) {
  std::stringstream SS(F.Value);
  std::string Part;
  std::vector<uint64_t> Xs;
  bool Ok = true;
  while (std::getline(SS, Part, ',')) {
    uint64_t X;
    if (!parseU64(trim(Part), X) || X > 0x7fffffffu)
      Ok = false;
    Xs.push_back(X);
  }
  if (!Ok || Xs.empty() || Xs.size() > 3)
    return F.fail("expected x[,y[,z]] block indices, e.g. 0,0,0", Err);
  for (size_t I = 0; I < 3; ++I)
    Out[I] = I < Xs.size() ? uint32_t(Xs[I]) : 0;
  return true;
}

bool parseFlag(const FlagText &F, PartitionChoice &Out, std::string &Err) {
  Out = PartitionChoice();
  Out.Spec = F.Value;
  std::string PErr;
  auto M = PartitionModel::parse(F.Value, PErr);
  if (!M && !F.FromEnvironment) {
    // An unusable installed map must not stop programs that did not ask
    // for it: fall back to the uniform model and say so in grid mode.
    Out.Warning = "default partition map unusable (" + PErr +
                  "); using the uniform model";
    M = PartitionModel();
  }
  if (!M) {
    Err = std::string(F.Variable) + ": " + PErr;
    return false;
  }
  if (M->count() > SS_MAX_PARTITIONS)
    return F.fail(std::to_string(M->count()) + " partitions, at most " +
                      std::to_string(SS_MAX_PARTITIONS) + " supported",
                  Err);
  Out.Model = *M;
  return true;
}

bool parseFlag(const FlagText &F, OutputDirectory &Out, std::string &) {
  Out.Path = F.Value;
  if (!Out.Path.empty() && Out.Path.back() != '/')
    Out.Path += '/';
  return true;
}

/// An integer in [Lo, Hi], or the failure message `Expected`.
bool parseBounded(const FlagText &F, uint64_t Lo, uint64_t Hi,
                  const std::string &Expected, uint64_t &Out,
                  std::string &Err) {
  if (!parseU64(F.Value, Out) || Out < Lo || Out > Hi)
    return F.fail(Expected, Err);
  return true;
}

bool parseFlag(const FlagText &F, LogCapacity &Out, std::string &Err) {
  return parseBounded(F, 4096, 1ull << 28,
                      "expected the sampled block's log size in sector "
                      "records (8 bytes each), 4096..268435456",
                      Out.Records, Err);
}

bool parseFlag(const FlagText &F, CsvBudget &Out, std::string &Err) {
  uint64_t MiB = 0;
  if (!parseBounded(F, 0, 1u << 20, "expected MiB in 0..1048576", MiB, Err))
    return false;
  Out.Bytes = MiB << 20;
  return true;
}

bool parseFlag(const FlagText &F, WindowLimit &Out, std::string &Err) {
  uint64_t N = 0;
  if (!parseBounded(F, 1, SS_MAX_WINDOWS, "expected 1..4096", N, Err))
    return false;
  Out.Windows = uint32_t(N);
  return true;
}

bool parseFlag(const FlagText &F, SharedBlockStride &Out, std::string &Err) {
  uint64_t N = 0;
  if (!parseBounded(F, 1, 1u << 20, "expected 1..1048576", N, Err))
    return false;
  Out.Blocks = uint32_t(N);
  return true;
}

bool parseFlag(const FlagText &F, OccupancyCap &Out, std::string &Err) {
  uint64_t N = 0;
  if (F.Value.empty())
    N = 0;
  else if (!parseBounded(F, 1, 64, "expected active warps per SM in 1..64", N,
                         Err))
    return false;
  Out.WarpsPerSm = uint32_t(N);
  return true;
}

bool parseFlag(const FlagText &F, WaitLimit &Out, std::string &Err) {
  uint64_t N = 0;
  if (!parseBounded(F, 1, 86400000, "expected milliseconds in 1..86400000", N,
                    Err))
    return false;
  Out.Limit = std::chrono::milliseconds(N);
  return true;
}

bool parseFlag(const FlagText &F, bool &Out, std::string &Err) {
  if (F.Value == "1" || F.Value == "yes" || F.Value == "true")
    Out = true;
  else if (F.Value == "0" || F.Value == "no" || F.Value == "false")
    Out = false;
  else
    return F.fail("expected 0 or 1", Err);
  return true;
}

} // namespace

std::optional<Config> parseConfig(const GetEnvFn &GetEnv, std::string &Err) {
  Config C;
  // A variable set to "" takes the default, as an unset one does.
#define SECTORSCOPE_FLAG(Type, Field, Name, Default, Description)              \
  {                                                                            \
    const char *V = GetEnv("SECTORSCOPE_" #Name);                              \
    bool Given = V && *V;                                                      \
    FlagText F{"SECTORSCOPE_" #Name, Given ? V : Default, Given};              \
    if (!parseFlag(F, C.Field, Err))                                           \
      return std::nullopt;                                                     \
  }
#include "Flags.inc"
  return C;
}

} // namespace sectorscope::rt
