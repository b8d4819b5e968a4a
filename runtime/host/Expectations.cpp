//===- Expectations.cpp - Expectations checked against measured sites -----===//
//
// A word holds at run time as the launch report measured it; holdsAt() is
// the one place that says how (the run-time column of docs/expectations.md).
// What a mode does not measure is not checked in it: camping needs grid
// mode, heat-map patterns need heat-map mode.
//
//===----------------------------------------------------------------------===//
#include "Expectations.h"

#include "Demangle.h"

#include "sectorscope/abi.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iterator>

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

/// "8.0 sectors/request (strided)".
std::string measured(const SiteResult &S) {
  char Spr[32];
  std::snprintf(Spr, sizeof(Spr), "%.1f", S.Spr);
  std::string Patterns;
  for (const PatternHit &P : S.Patterns)
    Patterns += (Patterns.empty() ? "" : ", ") + spelled(P.Name);
  return std::string(Spr) + " sectors/request" +
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

/// What a word means at run time, for one measured site. `strided` and
/// `uncoalesced` are one measurement: at least twice the ideal sectors per
/// request, whether the runtime's verdict is `strided` or `uncoalesced`. The
/// verdict tells the two apart by the regularity of the sampled block's heat
/// map over the site's range, which pools every iteration and every site
/// that touches the range: a stride interleaved with another site's accesses
/// looks irregular, a gather whose iterations fill the range looks regular.
bool holdsAt(const Term &T, const SiteResult &S) {
  switch (T.W) {
  case Word::Strided:
  case Word::Uncoalesced:
    return hasPattern(S, "strided") || hasPattern(S, "uncoalesced");
  case Word::SectorsPerRequest:
    return T.admits(S.Spr);
  case Word::Clean: // no pattern but the coalesced verdict
    return std::all_of(
        S.Patterns.begin(), S.Patterns.end(),
        [](const PatternHit &P) { return P.Name == "coalesced"; });
  default: // coalesced, misaligned, camped and the heat-map patterns
    return hasPattern(S, wordName(T.W));
  }
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
      if (!S.File.empty() && S.Op != SS_OP_TRIP) {
        file(S.File).SiteLines.insert(S.Line);
        LineKernels[{S.File, S.Line}].insert(S.Kernel);
      }
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
  // A line whose accesses belong to several kernels (a device function, a
  // header) names the kernel each error was measured in.
  const SiteResult &First = *Sites.front();
  bool SeveralKernels = LineKernels[{First.S.File, First.S.Line}].size() > 1;
  std::string InKernel =
      SeveralKernels ? " in kernel '" + shortKernelName(R.Info.Kernel) + "'"
                     : "";
  for (const Term &T : E.termsFor(RunTime, PartitionSpec)) {
    if (!measuredIn(M, T.W))
      continue;
    std::vector<const SiteResult *> Concerned;
    for (const SiteResult *S : Sites)
      if (!aboutGlobalMemory(T.W) || isGlobal(*S))
        Concerned.push_back(S);
    if (Concerned.empty())
      continue;
    auto Holds = [&](const SiteResult *S) { return holdsAt(T, *S); };
    // A problem word needs one site that shows it, the other words every
    // site: the error goes to the first site, resp. to each failing one,
    // with each distinct measurement once.
    std::vector<const SiteResult *> Failing;
    if (!T.namesProblem())
      std::copy_if(Concerned.begin(), Concerned.end(),
                   std::back_inserter(Failing),
                   [&](const SiteResult *S) { return !Holds(S); });
    else if (std::none_of(Concerned.begin(), Concerned.end(), Holds))
      Failing = Concerned;
    std::map<std::string, std::vector<std::string>> ByLocation;
    std::vector<std::string> Order;
    for (const SiteResult *S : Failing) {
      std::string Loc = T.namesProblem() ? siteLocation(*Concerned.front())
                                         : siteLocation(*S);
      auto [It, New] = ByLocation.try_emplace(Loc);
      if (New)
        Order.push_back(Loc);
      std::string What = measured(*S);
      if (std::find(It->second.begin(), It->second.end(), What) ==
          It->second.end())
        It->second.push_back(What);
    }
    for (const std::string &Loc : Order) {
      std::string What;
      for (const std::string &W : ByLocation[Loc])
        What += (What.empty() ? "measured " : "; ") + W;
      error(Loc + "|" + T.text() + "|" + InKernel, Loc,
            "expected " + T.text() + ", " + What + InKernel);
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
