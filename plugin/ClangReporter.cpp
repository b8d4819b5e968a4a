//===- ClangReporter.cpp - Diagnostics through clang ----------------------===//
//
// Maps a DILocation's file:line:col back to a SourceLocation of this
// translation unit, so sectorscope's findings are ordinary clang diagnostics
// with a caret, subject to -w and -Werror, and checkable with -verify. There
// the source has its say: system headers stay quiet, `// NOLINT` and
// `#pragma clang diagnostic` regions silence or change a finding.
//
//===----------------------------------------------------------------------===//
#include "plugin/ClangReporter.h"

#include "plugin/Nolint.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;

namespace sectorscope {

void ClangReporter::report(DiagLevel Level, const SourcePos &Pos,
                           StringRef Message, StringRef Flag) {
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  DiagnosticsEngine::Level L = DiagnosticsEngine::Note;
  switch (Level) {
  case DiagLevel::Note:
    L = DiagnosticsEngine::Note;
    break;
  case DiagLevel::Remark:
    L = DiagnosticsEngine::Remark;
    break;
  case DiagLevel::Warning:
    // Custom diagnostics bypass clang's warning mappings: honour -w and
    // -Werror here so sectorscope's warnings behave like clang's own. A
    // flagged warning's level has -Werror applied already.
    if (Diags.getIgnoreAllWarnings())
      return;
    L = Diags.getWarningsAsErrors() && Flag.empty()
            ? DiagnosticsEngine::Error
            : DiagnosticsEngine::Warning;
    break;
  case DiagLevel::Error:
    L = DiagnosticsEngine::Error;
    break;
  }
  if (L == DiagnosticsEngine::Error)
    ++NumErrors;
  std::string Text = Message.str();
  if (!Flag.empty())
    Text += " [" + Flag.str() + "]";
  unsigned ID = Diags.getCustomDiagID(L, "%0");
  Diags.Report(locate(Pos), ID) << Text;
}

Disposition ClangReporter::disposition(const SourcePos &Pos, StringRef Flag,
                                       DiagLevel Level) {
  SourceLocation Loc = locate(Pos);
  if (Loc.isInvalid())
    return {Level};
  SourceManager &SM = CI.getSourceManager();
  if (CI.getDiagnostics().getSuppressSystemWarnings() &&
      SM.isInSystemHeader(Loc))
    return {Level, Hidden::SystemHeader};
  if (nolintCovers(lineText(Loc, Pos.Line), Flag, /*NextLine=*/false) ||
      (Pos.Line > 1 &&
       nolintCovers(lineText(Loc, Pos.Line - 1), Flag, /*NextLine=*/true)))
    return {Level, Hidden::InSource};
  StringRef RuleText = Flag;
  std::optional<Rule> R;
  if (RuleText.consume_front("sectorscope-"))
    R = ruleNamed(RuleText);
  std::optional<DiagnosticPragmas::Severity> Pragma;
  if (R)
    Pragma = Pragmas.stateAt(Loc, *R, SM);
  if (!Pragma)
    return {Level};
  switch (*Pragma) {
  case DiagnosticPragmas::Severity::Ignored:
    return {Level, Hidden::InSource};
  case DiagnosticPragmas::Severity::Warning:
    return {DiagLevel::Warning};
  case DiagnosticPragmas::Severity::Error:
    return {DiagLevel::Error};
  }
  return {Level};
}

std::unique_ptr<PPCallbacks> ClangReporter::pragmaRecorder() {
  return Pragmas.recorder(CI.getSourceManager(), CI.getDiagnostics());
}

SourceLocation ClangReporter::locate(const SourcePos &Pos) {
  if (Pos.File.empty() || Pos.Line == 0)
    return SourceLocation();
  SmallString<256> Path(Pos.File);
  if (!sys::path::is_absolute(Path) && !Pos.Dir.empty()) {
    Path = Pos.Dir;
    sys::path::append(Path, Pos.File);
  }
  auto File = CI.getFileManager().getOptionalFileRef(Path);
  if (!File)
    File = CI.getFileManager().getOptionalFileRef(Pos.File);
  if (!File)
    return SourceLocation();
  return CI.getSourceManager().translateFileLineCol(*File, Pos.Line,
                                                    std::max(1u, Pos.Column));
}

StringRef ClangReporter::lineText(SourceLocation Loc, unsigned Line) {
  SourceManager &SM = CI.getSourceManager();
  FileID File = SM.getFileID(Loc);
  SourceLocation Start = SM.translateLineCol(File, Line, 1);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || Start.isInvalid())
    return "";
  StringRef Rest = Buffer.drop_front(SM.getFileOffset(Start));
  return Rest.take_until([](char C) { return C == '\n' || C == '\r'; });
}

} // namespace sectorscope
