//===- Sarif.cpp - SARIF 2.1.0 output of the analyzer ---------------------===//
#include "analysis/Sarif.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <nlohmann/json.hpp>

#include <dlfcn.h>

using namespace llvm;
using json = nlohmann::ordered_json;

namespace sectorscope {

static const char *ruleSummary(Rule R) {
  switch (R) {
  case Rule::Strided:
    return "A warp's lanes access addresses further apart than one element.";
  case Rule::Misaligned:
    return "A warp's contiguous access does not start on a 32-byte sector.";
  case Rule::Camped:
    return "Consecutively scheduled blocks queue on the same memory "
           "partition.";
  case Rule::WarpRace:
    return "Lanes of a warp exchange data through shared memory without "
           "__syncwarp().";
  }
  return "";
}

static const char *ruleHelp(Rule R) {
  switch (R) {
  case Rule::Strided:
    return "Consecutive threads of a warp access addresses further apart than "
           "one element, so a warp touches more 32-byte sectors per request "
           "than it needs.";
  case Rule::Misaligned:
    return "A unit-stride access whose warp does not start on a 32-byte "
           "sector boundary touches one sector more than it needs.";
  case Rule::Camped:
    return "Consecutively scheduled blocks access the same memory "
           "partition(s) (or the same bytes), so their requests queue on a "
           "subset of the partitions.";
  case Rule::WarpRace:
    return "A lane reads shared memory another lane of its warp stored, with "
           "no __syncwarp() or barrier between: warp-synchronous code, a data "
           "race since Volta's independent thread scheduling, whose result "
           "may change with the code between the two accesses.";
  }
  return "";
}

// The SARIF file recorded for which source, to keep names unique per TU.
static std::string sourceOf(StringRef File) {
  auto Buf = MemoryBuffer::getFile(File);
  if (!Buf)
    return "";
  json J = json::parse((*Buf)->getBuffer().begin(), (*Buf)->getBuffer().end(),
                       nullptr, false);
  if (J.is_discarded())
    return "";
  try {
    return J.at("runs")
        .at(0)
        .at("properties")
        .at("sourceFile")
        .get<std::string>();
  } catch (...) {
    return "";
  }
}

static std::string absoluteSource(StringRef SourceFile) {
  SmallString<256> Abs(SourceFile);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, true);
  return std::string(Abs);
}

std::string sarifFileFor(StringRef Path, StringRef SourceFile) {
  if (!sys::fs::is_directory(Path))
    return Path.str();
  std::string Abs = absoluteSource(SourceFile);
  SmallString<256> Out(Path);
  sys::path::append(Out, sys::path::filename(SourceFile) + ".sarif");
  if (!sys::fs::exists(Out) || sourceOf(Out) == Abs)
    return std::string(Out);
  // Another TU with the same file name: add a hash of the full path.
  char Hex[17];
  snprintf(Hex, sizeof(Hex), "%016llx",
           (unsigned long long)xxh3_64bits(StringRef(Abs)));
  Out = Path;
  sys::path::append(Out,
                    sys::path::filename(SourceFile) + "-" + Hex + ".sarif");
  return std::string(Out);
}

static json numberOrText(const std::optional<int64_t> &N,
                         const std::string &T) {
  if (N)
    return *N;
  if (T.empty() || T == "unknown")
    return nullptr;
  return T;
}

std::string percentEncodePath(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' ||
        C == '/') {
      Out += char(C);
      continue;
    }
    Out += '%';
    Out += hexdigit(C >> 4, /*LowerCase=*/false);
    Out += hexdigit(C & 15, /*LowerCase=*/false);
  }
  return Out;
}

static std::string fileUri(StringRef AbsolutePath) {
  return "file://" + percentEncodePath(AbsolutePath);
}

// The reports page beside the plugin (share/doc/sectorscope/reports.md of
// the build or installed tree), as a file URI; "" where it is missing: the
// project has no web page to name instead.
static std::string docsUri() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&docsUri), &Info) || !Info.dli_fname)
    return "";
  SmallString<256> Doc(sys::path::parent_path(Info.dli_fname));
  sys::path::append(Doc, "../share/doc/sectorscope", "reports.md");
  sys::fs::make_absolute(Doc);
  sys::path::remove_dots(Doc, /*remove_dot_dot=*/true);
  return sys::fs::exists(Doc) ? fileUri(Doc) : "";
}

namespace {
/// Artifact locations relative to the compile directory, %SRCROOT%.
struct UriBase {
  std::string Root; ///< Absolute, ending in '/'.

  UriBase() {
    SmallString<256> Cwd;
    if (!sys::fs::current_path(Cwd))
      Root = std::string(Cwd) + "/";
  }

  json location(const SourcePos &Pos, StringRef SourceFile) const {
    SmallString<256> Path(Pos.File.empty() ? SourceFile : StringRef(Pos.File));
    if (!sys::path::is_absolute(Path) && !Pos.Dir.empty() && !Pos.File.empty())
      Path = (Twine(Pos.Dir) + "/" + Pos.File).str();
    sys::fs::make_absolute(Path);
    sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    json Artifact;
    StringRef P = Path;
    if (!Root.empty() && P.consume_front(Root))
      Artifact = {{"uri", percentEncodePath(P)}, {"uriBaseId", "%SRCROOT%"}};
    else
      Artifact = {{"uri", fileUri(Path)}};
    json Physical = {{"artifactLocation", Artifact}};
    if (!Pos.File.empty() && Pos.Line)
      Physical["region"] = {{"startLine", Pos.Line},
                            {"startColumn", std::max(1u, Pos.Column)}};
    return {{"physicalLocation", Physical}};
  }
};
} // namespace

static json rules(const std::string &Docs) {
  json Rules = json::array();
  for (unsigned R = 0; R < NumRules; ++R) {
    json Rule = {
        {"id", ruleName(sectorscope::Rule(R))},
        {"name", ruleName(sectorscope::Rule(R))},
        {"shortDescription", {{"text", ruleSummary(sectorscope::Rule(R))}}},
        {"fullDescription", {{"text", ruleHelp(sectorscope::Rule(R))}}},
        {"defaultConfiguration", {{"level", "warning"}}}};
    if (!Docs.empty())
      Rule["helpUri"] = Docs + "#sarif-210-compile-time";
    Rules.push_back(Rule);
  }
  return Rules;
}

static const char *levelName(const ReportedFinding &Shown) {
  if (!Shown.Actionable)
    return "note";
  return Shown.Level == DiagLevel::Error ? "error" : "warning";
}

static json result(const ReportedFinding &Shown, const UriBase &Base,
                   StringRef SourceFile) {
  const Finding &F = Shown.First;
  json Related = json::array();
  for (const InlineNote &In : F.Inlined) {
    json L = Base.location(In.Pos, SourceFile);
    L["id"] = Related.size();
    L["message"] = {{"text", In.Text}};
    // A note in a helper, not another site of the finding.
    L["properties"] = {{"inlinedHelper", true}};
    Related.push_back(L);
  }
  for (const SourcePos &Other : Shown.Others) {
    json L = Base.location(Other, SourceFile);
    L["id"] = Related.size();
    L["message"] = {{"text", std::string("the same ") + ruleName(F.R) +
                                 " access pattern on '" + F.Object + "'"}};
    Related.push_back(L);
  }
  json R = {{"ruleId", ruleName(F.R)},
            {"ruleIndex", unsigned(F.R)},
            {"level", levelName(Shown)},
            {"message", {{"text", F.Message}}},
            {"locations", json::array({Base.location(F.Pos, SourceFile)})}};
  if (!Related.empty())
    R["relatedLocations"] = Related;
  if (Shown.Rank)
    R["rank"] = double(*Shown.Rank);
  if (Shown.Why == Hidden::InSource)
    R["suppressions"] = json::array({{{"kind", "inSource"}}});
  R["properties"] = {
      {"laneStrideBytes", numberOrText(F.LaneStride, F.LaneStrideText)},
      {"offsetBytes", F.Offset ? json(*F.Offset) : json(nullptr)},
      {"blockStrideBytes",
       {{"x", numberOrText(F.BlockX, F.BlockXText)},
        {"y", numberOrText(F.BlockY, F.BlockYText)}}},
      {"sectorsPerRequest", F.Sectors},
      {"idealSectorsPerRequest", F.IdealSectors},
      {"op", opName(F.Op)},
      {"widthBytes", F.Width},
      {"function", F.Function},
      {"object", F.Object.empty() ? json(nullptr) : json(F.Object)},
      {"stencilHalo", F.StencilHalo},
      {"note", F.Note}};
  return R;
}

// Writes Text to Out in full, or says why not. A regular file (or a new
// one) is written to a temporary and renamed: parallel device jobs of one
// TU (one per GPU arch) must not interleave. Anything else (/dev/stdout, a
// pipe) is written in place.
static std::string writeFile(const std::string &Out, StringRef Text) {
  auto Failed = [&Out](const std::error_code &EC) {
    return "cannot write SARIF file '" + Out + "': " + EC.message();
  };
  sys::fs::file_status Status;
  bool InPlace = !sys::fs::status(Out, Status) &&
                 Status.type() != sys::fs::file_type::regular_file;
  std::error_code EC;
  SmallString<256> Tmp;
  std::unique_ptr<raw_fd_ostream> OS;
  if (InPlace) {
    OS = std::make_unique<raw_fd_ostream>(Out, EC, sys::fs::OF_None);
  } else {
    int FD;
    EC = sys::fs::createUniqueFile(Out + ".tmp-%%%%%%", FD, Tmp);
    if (!EC)
      OS = std::make_unique<raw_fd_ostream>(FD, /*shouldClose=*/true);
  }
  if (EC)
    return Failed(EC);
  *OS << Text;
  OS->close();
  if (OS->has_error()) {
    EC = OS->error();
    OS->clear_error();
    if (!InPlace)
      sys::fs::remove(Tmp);
    return Failed(EC);
  }
  if (!InPlace)
    if ((EC = sys::fs::rename(Tmp, Out))) {
      sys::fs::remove(Tmp);
      return Failed(EC);
    }
  return "";
}

std::string writeSarif(StringRef Path, StringRef SourceFile,
                       ArrayRef<ReportedFinding> Findings,
                       const AnalyzerOptions &Opts) {
  UriBase Base;
  std::string Docs = docsUri();
  json Results = json::array();
  for (const ReportedFinding &Shown : Findings)
    Results.push_back(result(Shown, Base, SourceFile));
  json Driver = {{"name", "sectorscope"}, {"version", "0.1.0"}};
  if (!Docs.empty())
    Driver["informationUri"] = Docs;
  Driver["rules"] = rules(Docs);
  json Run = {{"tool", {{"driver", Driver}}}};
  if (!Base.Root.empty())
    Run["originalUriBaseIds"] = {{"%SRCROOT%", {{"uri", fileUri(Base.Root)}}}};
  Run["properties"] = {{"sourceFile", absoluteSource(SourceFile)},
                       {"partitions", Opts.Partitions}};
  Run["results"] = Results;
  json Doc = {{"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/"
                          "errata01/os/schemas/sarif-schema-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({Run})}};
  return writeFile(sarifFileFor(Path, SourceFile), Doc.dump(2) + "\n");
}

} // namespace sectorscope
