//===- Reporter.h - Where sectorscope's diagnostics go ----------*- C++ -*-===//
//
// IR passes find problems at DILocations; users want real compiler
// diagnostics at the source. Under clang the frontend plugin installs a
// reporter that maps file:line:col back to a clang SourceLocation and emits
// through clang's DiagnosticsEngine (caret, -w, -Werror, -verify all work),
// and that knows what the source says about a finding there: `// NOLINT`,
// `#pragma clang diagnostic` regions, system headers. Under opt,
// StreamReporter prints the same text in clang's format. The passes take the
// reporter to use through their constructors.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_SUPPORT_REPORTER_H
#define SECTORSCOPE_SUPPORT_REPORTER_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace sectorscope {

enum class DiagLevel { Note, Remark, Warning, Error };

/// Why the source hides a finding.
enum class Hidden {
  No,
  InSource,    ///< NOLINT, or a `#pragma clang diagnostic ignored` region.
  SystemHeader ///< Code the user does not own (-isystem).
};

/// A finding's level once the source's own controls apply, and whether it
/// is shown at all.
struct Disposition {
  DiagLevel Level;
  Hidden Why = Hidden::No;
};

struct SourcePos {
  std::string File; ///< As recorded in the debug info (may be relative).
  std::string Dir;  ///< Compilation directory, to resolve relative files.
  unsigned Line = 0, Column = 0;
};

class Reporter {
public:
  virtual ~Reporter();
  /// Reports one diagnostic. `Flag` names the warning group that controls
  /// it, e.g. "sectorscope-strided", shown as a "[sectorscope-strided]"
  /// suffix; its Level already has the command line applied (-W options,
  /// -Werror), so only flagless warnings are promoted by -Werror here.
  virtual void report(DiagLevel Level, const SourcePos &Pos,
                      llvm::StringRef Message, llvm::StringRef Flag) = 0;
  /// What the source at Pos makes of a finding of group `Flag` that the
  /// command line reports at `Level`. Without a source to read: unchanged.
  virtual Disposition disposition(const SourcePos &Pos, llvm::StringRef Flag,
                                  DiagLevel Level);
  /// Number of errors reported so far.
  unsigned errors() const { return NumErrors; }

protected:
  unsigned NumErrors = 0;
};

/// clang's text format on stderr, for opt and other non-clang hosts.
class StreamReporter : public Reporter {
public:
  void report(DiagLevel Level, const SourcePos &Pos, llvm::StringRef Message,
              llvm::StringRef Flag) override;
};

} // namespace sectorscope

#endif
