//===- Sarif.cpp - SARIF 2.1.0 output of the analyzer ---------------------===//
#include "analysis/Sarif.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <nlohmann/json.hpp>

using namespace llvm;
using json = nlohmann::ordered_json;

namespace sectorscope {

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

std::string writeSarif(StringRef Path, StringRef SourceFile,
                       ArrayRef<Finding> Findings,
                       const AnalyzerOptions &Opts) {
  json Rules = json::array();
  for (unsigned R = 0; R < NumRules; ++R)
    Rules.push_back({{"id", ruleName(Rule(R))},
                     {"name", ruleName(Rule(R))},
                     {"shortDescription", {{"text", ruleHelp(Rule(R))}}},
                     {"defaultConfiguration", {{"level", "warning"}}}});
  json Results = json::array();
  for (const Finding &F : Findings) {
    json Loc = {{"physicalLocation",
                 {{"artifactLocation", {{"uri", F.Pos.File}}},
                  {"region",
                   {{"startLine", F.Pos.Line},
                    {"startColumn", std::max(1u, F.Pos.Column)}}}}}};
    if (F.Pos.File.empty())
      Loc = {{"physicalLocation",
              {{"artifactLocation", {{"uri", SourceFile.str()}}}}}};
    RuleAction Act = Opts.action(F.R);
    Results.push_back(
        {{"ruleId", ruleName(F.R)},
         {"ruleIndex", unsigned(F.R)},
         {"level", Act == RuleAction::Error ? "error" : "warning"},
         {"message", {{"text", F.Message}}},
         {"locations", json::array({Loc})},
         {"properties",
          {{"laneStrideBytes", numberOrText(F.LaneStride, F.LaneStrideText)},
           {"offsetBytes", F.Offset ? json(*F.Offset) : json(nullptr)},
           {"blockStrideBytes",
            {{"x", numberOrText(F.BlockX, F.BlockXText)},
             {"y", numberOrText(F.BlockY, F.BlockYText)}}},
           {"sectorsPerRequest", F.Sectors},
           {"idealSectorsPerRequest", F.IdealSectors},
           {"op", opName(F.Op)},
           {"widthBytes", F.Width},
           {"function", F.Function},
           {"note", F.Note}}}});
  }
  json Doc = {
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::array({{{"tool",
                              {{"driver",
                                {{"name", "sectorscope"},
                                 {"version", "0.1.0"},
                                 {"informationUri",
                                  "https://github.com/sectorscope/sectorscope"},
                                 {"rules", Rules}}}}},
                             {"properties",
                              {{"sourceFile", absoluteSource(SourceFile)},
                               {"partitions", Opts.Partitions}}},
                             {"results", Results}}})}};
  std::string Out = sarifFileFor(Path, SourceFile);
  // Write to a temporary and rename: parallel device jobs of one TU (one
  // per GPU arch) must not interleave.
  SmallString<256> Tmp;
  int FD;
  if (std::error_code EC =
          sys::fs::createUniqueFile(Out + ".tmp-%%%%%%", FD, Tmp))
    return "cannot write SARIF file '" + Out + "': " + EC.message();
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Doc.dump(2) << '\n';
  }
  if (std::error_code EC = sys::fs::rename(Tmp, Out)) {
    sys::fs::remove(Tmp);
    return "cannot write SARIF file '" + Out + "': " + EC.message();
  }
  return "";
}

} // namespace sectorscope
