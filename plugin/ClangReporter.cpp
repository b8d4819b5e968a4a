//===- ClangReporter.cpp - Diagnostics through clang ----------------------===//
//
// Maps a DILocation's file:line:col back to a SourceLocation of this
// translation unit, so sectorscope's findings are ordinary clang diagnostics
// with a caret, subject to -w and -Werror, and checkable with -verify.
//
//===----------------------------------------------------------------------===//
#include "plugin/ClangReporter.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;

namespace sectorscope {
namespace {

class ClangReporter : public Reporter {
public:
  explicit ClangReporter(CompilerInstance &CI) : CI(CI) {}

  void report(DiagLevel Level, const SourcePos &Pos, StringRef Message,
              StringRef Flag) override {
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
      // -Werror here so sectorscope's warnings behave like clang's own.
      if (Diags.getIgnoreAllWarnings())
        return;
      L = Diags.getWarningsAsErrors() ? DiagnosticsEngine::Error
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

private:
  SourceLocation locate(const SourcePos &Pos) {
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
    return CI.getSourceManager().translateFileLineCol(
        *File, Pos.Line, std::max(1u, Pos.Column));
  }

  CompilerInstance &CI;
};

} // namespace

std::unique_ptr<Reporter> makeClangReporter(CompilerInstance &CI) {
  return std::make_unique<ClangReporter>(CI);
}

} // namespace sectorscope
