//===- Expectations.cpp - Expectations checked at compile time ------------===//
//
// The analyzer works on IR; the comments are in the source. The files to
// read are those the debug locations name: where the module's accesses and
// kernels are, and the compile units' main files. A line's expectation is
// checked against the accesses and findings the analyzer placed on that
// line; a kernel's against the findings in that kernel.
//
//===----------------------------------------------------------------------===//
#include "analysis/Expectations.h"

#include "common/Expectations.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace llvm;

namespace sectorscope {

AnalyzedAccess describeAccess(const AccessFacts &A, const AccessAnalyzer &AA,
                              const BlockShape *Shape, ArrayRef<Finding> Found,
                              const SourcePos &Pos, StringRef Function) {
  AnalyzedAccess R;
  R.Pos = Pos;
  R.Function = Function.str();
  R.Op = A.Op;
  R.Stride = A.Addr.Unknown ? AccessFacts::StrideKind::Unknown : A.Stride;
  R.StrideText = A.StrideText;
  std::optional<WarpRequest> W = warpRequest(A, AA, Shape);
  R.IdealSectors = W ? W->Ideal : unsigned((32 * A.Width + 31) / 32);
  // A warp start unknown within a sector leaves the count open by one.
  if (!W || W->Stride == WarpRequest::StrideKind::Symbolic ||
      R.Stride != AccessFacts::StrideKind::Constant ||
      (!W->Misalignment && W->LaneStride != 0))
    return R;
  bool Reported = any_of(Found, [](const Finding &F) {
    return F.R == Rule::Strided || F.R == Rule::Misaligned;
  });
  // More sectors than ideal yet no finding: one lane per warp runs it, or
  // the warp's offset within a sector is unknown. Not a count to check.
  if (W->Sectors <= R.IdealSectors || Reported)
    R.Sectors = W->Sectors;
  return R;
}

namespace {

using namespace expect;

std::string resolvedPath(const SourcePos &P) {
  SmallString<256> Path(P.File);
  if (!sys::path::is_absolute(Path) && !P.Dir.empty()) {
    Path = P.Dir;
    sys::path::append(Path, P.File);
  }
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return Path.str().str();
}

/// "load: 4 sectors per request (ideal 4)", or why there is no count.
std::string describe(const AnalyzedAccess &A) {
  std::string S = opName(A.Op);
  if (A.Sectors)
    return S + ": " + std::to_string(*A.Sectors) +
           " sectors per request (ideal " + std::to_string(A.IdealSectors) +
           ")";
  switch (A.Stride) {
  case AccessFacts::StrideKind::Unknown:
    return S + ": the address is data-dependent";
  case AccessFacts::StrideKind::Symbolic:
    return S + ": the stride, " + A.StrideText + " bytes, is a run-time value";
  case AccessFacts::StrideKind::Constant:
    return S + ": the warp's offset within a sector is unknown, or one lane "
               "per warp runs it";
  }
  return S;
}

// Unrolled and inlined copies of one access describe alike: once each.
std::string describeAll(ArrayRef<const AnalyzedAccess *> As) {
  std::string S;
  StringSet<> Seen;
  for (const AnalyzedAccess *A : As)
    if (std::string D = describe(*A); Seen.insert(D).second)
      S += (S.empty() ? "" : "; ") + D;
  return S;
}

std::string termsText(ArrayRef<Term> Terms) {
  std::string S;
  for (const Term &T : Terms)
    S += (S.empty() ? "" : ", ") + T.text();
  return S;
}

struct KernelDef {
  std::string Name; ///< Demangled, as in Finding::Function.
  std::string Path;
  unsigned Line = 0;
};

class Checker {
public:
  Checker(ArrayRef<Finding> Findings, ArrayRef<AnalyzedAccess> Accesses,
          std::vector<KernelDef> Kernels, const AnalyzerOptions &Opts,
          Reporter &Diags)
      : Findings(Findings), Kernels(std::move(Kernels)), Opts(Opts),
        Diags(Diags) {
    for (const AnalyzedAccess &A : Accesses)
      AccessesAt[{resolvedPath(A.Pos), A.Pos.Line}].push_back(&A);
    for (const Finding &F : Findings)
      FindingsAt[{resolvedPath(F.Pos), F.Pos.Line}].push_back(&F);
  }

  /// Checks one file; `Shown` is how its name appears in diagnostics.
  void checkFile(const std::string &Path, const SourcePos &Shown) {
    FileExpectations Parsed;
    std::string Err;
    if (!readExpectations(Path, Parsed, Err)) {
      Diags.report(DiagLevel::Warning, SourcePos(),
                   "sectorscope: " + Err + "; its expectations are not checked",
                   "");
      return;
    }
    SourcePos At = Shown;
    for (const ParseError &E : Parsed.Errors) {
      At.Line = E.Line;
      At.Column = E.Column;
      error(At, E.Message);
    }
    for (const Expectation &E : Parsed.Items) {
      At.Line = E.Line;
      At.Column = E.Column;
      std::vector<Term> Terms = E.termsFor(CompileTime, Opts.Partitions);
      if (Terms.empty())
        continue;
      if (E.Kind == Expectation::Scope::Kernel)
        checkKernel(Path, At, E, Terms);
      else
        checkLine(Path, At, E, Terms);
    }
  }

private:
  void error(const SourcePos &Pos, const std::string &Message) {
    std::string Key = resolvedPath(Pos) + ":" + std::to_string(Pos.Line) + ":" +
                      std::to_string(Pos.Column) + ":" + Message;
    if (Reported.insert(Key).second)
      Diags.report(DiagLevel::Error, Pos, Message, "sectorscope-expect");
  }

  void checkLine(const std::string &Path, const SourcePos &At,
                 const Expectation &E, ArrayRef<Term> Terms) {
    auto AIt = AccessesAt.find({Path, E.Line});
    if (AIt == AccessesAt.end()) {
      error(At, "expected " + termsText(Terms) +
                    " on a line without a global memory access (shared and "
                    "local accesses are checked at run time only: write "
                    "'run-time:' before their expectations)");
      return;
    }
    ArrayRef<const AnalyzedAccess *> Here = AIt->second;
    ArrayRef<const Finding *> Found;
    if (auto FIt = FindingsAt.find({Path, E.Line}); FIt != FindingsAt.end())
      Found = FIt->second;
    for (const Term &T : Terms) {
      std::string Expected = "expected " + T.text();
      switch (T.W) {
      case Word::Clean:
        for (const Finding *F : Found)
          error(F->Pos, Expected + ", found " + F->Message);
        break;
      case Word::Coalesced:
        for (const Finding *F : Found)
          if (F->R != Rule::Camped)
            error(F->Pos, Expected + ", found " + F->Message);
        for (const AnalyzedAccess *A : Here)
          if (A->Stride == AccessFacts::StrideKind::Unknown)
            error(A->Pos,
                  Expected + ", but the analyzer cannot tell: " + describe(*A));
        break;
      case Word::Strided:
      case Word::Misaligned:
      case Word::Camped: {
        Rule R = T.W == Word::Strided      ? Rule::Strided
                 : T.W == Word::Misaligned ? Rule::Misaligned
                                           : Rule::Camped;
        if (none_of(Found, [R](const Finding *F) { return F->R == R; }))
          error(Here.front()->Pos, Expected + ", found no " + ruleName(R) +
                                       " access: " + describeAll(Here));
        break;
      }
      case Word::SectorsPerRequest:
        for (const AnalyzedAccess *A : Here) {
          if (!A->Sectors)
            error(A->Pos, Expected +
                              ", but the analyzer cannot count the "
                              "sectors: " +
                              describe(*A));
          else if (!T.admits(*A->Sectors))
            error(A->Pos, Expected + ", found " + std::to_string(*A->Sectors) +
                              " (" + describe(*A) + ")");
        }
        break;
      case Word::DataDependent:
        if (none_of(Here, [](const AnalyzedAccess *A) {
              return A->Stride == AccessFacts::StrideKind::Unknown;
            }))
          error(Here.front()->Pos,
                Expected + ", but the analyzer follows the address: " +
                    describeAll(Here));
        break;
      default: // Measured at run time only; termsFor left them out.
        break;
      }
    }
  }

  void checkKernel(const std::string &Path, const SourcePos &At,
                   const Expectation &E, ArrayRef<Term> Terms) {
    bool Any = false;
    for (const KernelDef &K : Kernels) {
      if (K.Path != Path || K.Line != E.KernelLine)
        continue;
      Any = true;
      for (const Term &T : Terms)
        for (const Finding &F : Findings)
          if (F.Function == K.Name &&
              (T.W == Word::Clean || F.R == Rule::Camped))
            error(F.Pos, "expected " + T.text() + " in kernel '" +
                             E.KernelName + "', found " + F.Message);
    }
    if (!Any)
      error(At, "expected " + termsText(Terms) + " of kernel '" + E.KernelName +
                    "', but no kernel of this translation "
                    "unit is defined at line " +
                    std::to_string(E.KernelLine));
  }

  ArrayRef<Finding> Findings;
  std::vector<KernelDef> Kernels;
  const AnalyzerOptions &Opts;
  Reporter &Diags;
  std::map<std::pair<std::string, unsigned>,
           std::vector<const AnalyzedAccess *>>
      AccessesAt;
  std::map<std::pair<std::string, unsigned>, std::vector<const Finding *>>
      FindingsAt;
  StringSet<> Reported;
};

} // namespace

// A grouped finding shows its other sites as notes; each site has its own
// line and so its own expectations: one finding per site.
static std::vector<Finding>
findingsPerSite(ArrayRef<ReportedFinding> Reported) {
  std::vector<Finding> Out;
  for (const ReportedFinding &R : Reported) {
    Out.push_back(R.First);
    for (const SourcePos &Other : R.Others) {
      Out.push_back(R.First);
      Out.back().Pos = Other;
    }
  }
  return Out;
}

void checkExpectations(const Module &M, ArrayRef<ReportedFinding> Reported,
                       ArrayRef<AnalyzedAccess> Accesses,
                       const AnalyzerOptions &Opts, Reporter &Diags) {
  std::vector<Finding> Findings = findingsPerSite(Reported);
  // Each file once, shown as its first debug location names it.
  std::map<std::string, SourcePos> Files;
  auto AddFile = [&](StringRef File, StringRef Dir) {
    SourcePos P;
    P.File = File.str();
    P.Dir = Dir.str();
    if (!P.File.empty())
      Files.try_emplace(resolvedPath(P), P);
  };
  for (const DICompileUnit *CU : M.debug_compile_units())
    AddFile(CU->getFilename(), CU->getDirectory());
  for (const AnalyzedAccess &A : Accesses)
    AddFile(A.Pos.File, A.Pos.Dir);
  std::vector<KernelDef> Kernels;
  for (const Function &F : M) {
    const DISubprogram *SP = F.getSubprogram();
    if (F.isDeclaration() || !SP || !isKernel(F))
      continue;
    SourcePos P;
    P.File = SP->getFilename().str();
    P.Dir = SP->getDirectory().str();
    AddFile(P.File, P.Dir);
    Kernels.push_back(
        {demangle(F.getName().str()), resolvedPath(P), SP->getLine()});
  }
  Checker C(Findings, Accesses, std::move(Kernels), Opts, Diags);
  for (const auto &[Path, Shown] : Files)
    C.checkFile(Path, Shown);
}

} // namespace sectorscope
