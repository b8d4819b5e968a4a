//===- Expectations.cpp - Expectations checked against measured sites -----===//
//
// A word holds at run time as the launch report measured it: `coalesced`
// is the site's coalesced verdict, `sectors-per-request` its measured
// sectors per request, `strided`, `hot-spot`, ... its patterns. What a mode
// does not measure is not checked in it: camping needs grid mode, heat-map
// patterns need heat-map mode, and grid mode tells a stride from a gather
// by no heat map, so there `uncoalesced` satisfies `strided`.
//
//===----------------------------------------------------------------------===//
#include "Expectations.h"

#include "Demangle.h"

#include "sectorscope/abi.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace sectorscope::rt {
namespace {

using namespace expect;

/// Relative to the working directory when under it, as compilers print.
std::string location(const std::string &File, unsigned Line, unsigned Col) {
  std::error_code EC;
  std::string Cwd = std::filesystem::current_path(EC).string() + "/";
  std::string Shown = !EC && File.compare(0, Cwd.size(), Cwd) == 0
                          ? File.substr(Cwd.size())
                          : File;
  return Shown + ":" + std::to_string(Line) + ":" + std::to_string(Col);
}

std::string siteLocation(const SiteResult &S) {
  return location(S.S.File, S.S.Line, S.S.Column);
}

bool isGlobal(const SiteResult &S) {
  return S.S.Space == SS_SPACE_GLOBAL || S.S.Space == SS_SPACE_GENERIC;
}

/// Pattern names of the reports ("hot_spot") as the grammar spells them.
std::string spelled(std::string Name) {
  std::replace(Name.begin(), Name.end(), '_', '-');
  return Name;
}

bool hasPattern(const SiteResult &S, const std::string &Word) {
  return std::any_of(
      S.Patterns.begin(), S.Patterns.end(),
      [&](const PatternHit &P) { return spelled(P.Name) == Word; });
}

/// "measured 8.0 sectors/request (strided)".
std::string measured(const SiteResult &S) {
  char Spr[32];
  std::snprintf(Spr, sizeof(Spr), "%.1f", S.Spr);
  std::string Patterns;
  for (const PatternHit &P : S.Patterns)
    Patterns += (Patterns.empty() ? "" : ", ") + spelled(P.Name);
  return std::string("measured ") + Spr + " sectors/request" +
         (Patterns.empty() ? "" : " (" + Patterns + ")");
}

bool measuredIn(Mode M, Word W) {
  switch (W) {
  case Word::Camped:
  case Word::NoCamping:
    return M == Mode::Grid;
  case Word::FalseSharing:
  case Word::HotSpot:
  case Word::RandomHot:
  case Word::SmemAbuse:
    return M == Mode::Heatmap;
  default:
    return M != Mode::Time;
  }
}

bool shows(const SiteResult &S, Word W, Mode M) {
  return hasPattern(S, wordName(W)) || (W == Word::Strided && M == Mode::Grid &&
                                        hasPattern(S, "uncoalesced"));
}

/// Words about coalescing concern global memory; the heat-map patterns any.
bool aboutGlobalMemory(Word W) {
  return W == Word::Coalesced || W == Word::Strided || W == Word::Misaligned ||
         W == Word::Uncoalesced || W == Word::Camped ||
         W == Word::SectorsPerRequest;
}

/// "gemm" of "gemm<float>" or "ns::gemm": what a source line defines.
std::string definedName(const std::string &ShortName) {
  std::string S = ShortName.substr(0, ShortName.find('<'));
  size_t Colon = S.rfind("::");
  return Colon == std::string::npos ? S : S.substr(Colon + 2);
}

} // namespace

ExpectationCheck::SourceFile &ExpectationCheck::file(const std::string &Path) {
  auto [It, New] = Files.try_emplace(Path);
  if (New) {
    std::string Err;
    It->second.Readable = readExpectations(Path, It->second.Parsed, Err);
    if (!It->second.Readable)
      error("unreadable|" + Path, "sectorscope",
            Err + ": its expectations are not checked");
  }
  return It->second;
}

void ExpectationCheck::error(const std::string &Key,
                             const std::string &Location,
                             const std::string &Message) {
  if (Seen.insert(Key).second)
    Errors.push_back(Location + ": error: " + Message);
}

void ExpectationCheck::check(const LaunchReport &R, const SiteTable *Table,
                             const std::string &PartitionSpec) {
  std::lock_guard<std::mutex> G(Lock);
  if (Table)
    for (const Site &S : Table->Sites)
      if (!S.File.empty())
        file(S.File).SiteLines.insert(S.Line);
  std::map<std::pair<std::string, unsigned>, std::vector<const SiteResult *>>
      Measured;
  std::set<std::string> KernelFiles;
  for (const SiteResult &S : R.Sites) {
    if (S.S.File.empty() || S.S.Kernel != R.Info.Mangled)
      continue;
    KernelFiles.insert(S.S.File);
    if (S.C.requests)
      Measured[{S.S.File, S.S.Line}].push_back(&S);
  }
  std::string Kernel = definedName(shortKernelName(R.Info.Kernel));
  for (const std::string &Path : KernelFiles) {
    SourceFile &F = file(Path);
    for (const Expectation &E : F.Parsed.Items) {
      if (E.Kind == Expectation::Scope::Kernel) {
        if (E.KernelName == Kernel)
          checkKernel(R, E, PartitionSpec);
        continue;
      }
      auto It = Measured.find({Path, E.Line});
      if (It != Measured.end()) {
        CheckedLines.insert({Path, E.Line});
        checkLine(R, E, It->second, PartitionSpec);
      }
    }
  }
}

void ExpectationCheck::checkLine(const LaunchReport &R, const Expectation &E,
                                 const std::vector<const SiteResult *> &Sites,
                                 const std::string &PartitionSpec) {
  Mode M = R.Info.TheMode;
  for (const Term &T : E.termsFor(RunTime, PartitionSpec)) {
    if (!measuredIn(M, T.W))
      continue;
    std::vector<const SiteResult *> Concerned;
    for (const SiteResult *S : Sites)
      if (!aboutGlobalMemory(T.W) || isGlobal(*S))
        Concerned.push_back(S);
    if (Concerned.empty())
      continue;
    std::string Expected = "expected " + T.text() + ", ";
    auto Violation = [&](const SiteResult &S, const std::string &What) {
      std::string Loc = siteLocation(S);
      error(Loc + "|" + T.text(), Loc, Expected + What);
    };
    if (T.namesProblem()) {
      if (std::none_of(
              Concerned.begin(), Concerned.end(),
              [&](const SiteResult *S) { return shows(*S, T.W, M); })) {
        std::string What;
        for (const SiteResult *S : Concerned)
          What += (What.empty() ? "" : "; ") + measured(*S);
        Violation(*Concerned.front(), What);
      }
      continue;
    }
    for (const SiteResult *S : Concerned) {
      bool Holds = true;
      if (T.W == Word::Coalesced)
        Holds = hasPattern(*S, "coalesced");
      else if (T.W == Word::SectorsPerRequest)
        Holds = T.admits(S->Spr);
      else // clean: no pattern but the coalesced verdict
        Holds = std::all_of(
            S->Patterns.begin(), S->Patterns.end(),
            [](const PatternHit &P) { return P.Name == "coalesced"; });
      if (!Holds)
        Violation(*S, measured(*S));
    }
  }
}

void ExpectationCheck::checkKernel(const LaunchReport &R, const Expectation &E,
                                   const std::string &PartitionSpec) {
  for (const Term &T : E.termsFor(RunTime, PartitionSpec)) {
    if (!measuredIn(R.Info.TheMode, T.W))
      continue;
    for (const Finding &F : R.Findings) {
      bool Camped = F.Key.size() >= 7 &&
                    F.Key.compare(F.Key.size() - 7, 7, "|camped") == 0;
      if (T.W == Word::Clean || Camped)
        error(F.Location + "|" + E.KernelName + "|" + T.text(), F.Location,
              "expected " + T.text() + " in kernel '" + E.KernelName +
                  "', measured " + F.Message);
    }
  }
}

std::string ExpectationCheck::render(unsigned &Failures) const {
  std::lock_guard<std::mutex> G(Lock);
  std::vector<std::string> Lines;
  unsigned Unchecked = 0;
  for (const auto &[Path, F] : Files) {
    if (!F.Readable || F.SiteLines.empty())
      continue;
    for (const ParseError &E : F.Parsed.Errors)
      Lines.push_back(location(Path, E.Line, E.Column) +
                      ": error: " + E.Message);
    for (const Expectation &E : F.Parsed.Items) {
      std::string AtRunTime;
      for (const Term &T : E.Terms)
        if (T.Phases & RunTime)
          AtRunTime += (AtRunTime.empty() ? "" : ", ") + T.text();
      if (E.Kind != Expectation::Scope::Line || AtRunTime.empty())
        continue;
      if (!F.SiteLines.count(E.Line))
        Lines.push_back(location(Path, E.Line, E.Column) +
                        ": error: expected " + AtRunTime +
                        " on a line without an instrumented access");
      else if (!CheckedLines.count({Path, E.Line}))
        ++Unchecked;
    }
  }
  Lines.insert(Lines.end(), Errors.begin(), Errors.end());
  Failures = unsigned(Lines.size());
  std::string Out;
  for (const std::string &L : Lines)
    Out += L + "\n";
  if (Unchecked)
    Out += "sectorscope: note: " + std::to_string(Unchecked) + " source line" +
           (Unchecked == 1 ? "" : "s") +
           " with expectations ran in no profiled launch: not checked\n";
  if (Failures)
    Out += "sectorscope: " + std::to_string(Failures) + " expectation error" +
           (Failures == 1 ? "" : "s") + " (SECTORSCOPE_EXPECT=1)\n";
  return Out;
}

void ExpectationCheck::finish() const {
  unsigned Failures = 0;
  std::string Text = render(Failures);
  std::fputs(Text.c_str(), stderr);
  if (!Failures)
    return;
  // Like LeakSanitizer's report at exit: the status is the verdict, and the
  // remaining exit handlers are skipped rather than run twice.
  std::fflush(nullptr);
  std::_Exit(1);
}

} // namespace sectorscope::rt
