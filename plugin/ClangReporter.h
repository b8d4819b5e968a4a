//===- ClangReporter.h - Diagnostics through clang --------------*- C++ -*-===//
#ifndef SECTORSCOPE_PLUGIN_CLANGREPORTER_H
#define SECTORSCOPE_PLUGIN_CLANGREPORTER_H

#include "plugin/DiagnosticPragmas.h"
#include "support/Reporter.h"

#include <memory>

namespace clang {
class CompilerInstance;
class PPCallbacks;
} // namespace clang

namespace sectorscope {

/// Emits through the compile's DiagnosticsEngine and answers what the
/// source says about a finding (Reporter::disposition).
class ClangReporter : public Reporter {
public:
  explicit ClangReporter(clang::CompilerInstance &CI) : CI(CI) {}

  void report(DiagLevel Level, const SourcePos &Pos, llvm::StringRef Message,
              llvm::StringRef Flag) override;
  Disposition disposition(const SourcePos &Pos, llvm::StringRef Flag,
                          DiagLevel Level) override;

  /// Preprocessor callbacks that record sectorscope's diagnostic pragmas.
  std::unique_ptr<clang::PPCallbacks> pragmaRecorder();

private:
  clang::SourceLocation locate(const SourcePos &Pos);
  /// The text of line `Line` of the file holding Loc, without its newline.
  llvm::StringRef lineText(clang::SourceLocation Loc, unsigned Line);

  clang::CompilerInstance &CI;
  DiagnosticPragmas Pragmas;
};

} // namespace sectorscope

#endif
