//===- Reporter.cpp - Where sectorscope's diagnostics go ------------------===//
#include "support/Reporter.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace sectorscope {

Reporter::~Reporter() = default;

Disposition Reporter::disposition(const SourcePos &, StringRef,
                                  DiagLevel Level) {
  return {Level};
}

void StreamReporter::report(DiagLevel Level, const SourcePos &Pos,
                            StringRef Message, StringRef Flag) {
  raw_ostream &OS = errs();
  if (!Pos.File.empty())
    OS << Pos.File << ':' << Pos.Line << ':' << Pos.Column << ": ";
  switch (Level) {
  case DiagLevel::Note:
    OS << "note: ";
    break;
  case DiagLevel::Remark:
    OS << "remark: ";
    break;
  case DiagLevel::Warning:
    OS << "warning: ";
    break;
  case DiagLevel::Error:
    OS << "error: ";
    ++NumErrors;
    break;
  }
  OS << Message;
  if (!Flag.empty())
    OS << " [" << Flag << ']';
  OS << '\n';
}

} // namespace sectorscope
