//===- Reporter.cpp - Where sectorscope's diagnostics go ------------------===//
#include "plugin/Reporter.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace sectorscope {

Reporter::~Reporter() = default;

namespace {
/// clang's text format on stderr, for opt and other non-clang hosts.
class StreamReporter : public Reporter {
public:
  void report(DiagLevel Level, const SourcePos &Pos, StringRef Message,
              StringRef Flag) override {
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
};

std::unique_ptr<Reporter> &current() {
  static std::unique_ptr<Reporter> R = std::make_unique<StreamReporter>();
  return R;
}
} // namespace

Reporter &reporter() { return *current(); }
void setReporter(std::unique_ptr<Reporter> R) { current() = std::move(R); }

} // namespace sectorscope
