//===- Expectations.h - Expectation comments of a CUDA source -------------===//
//
// A CUDA source states what its accesses should do in comments, and
// sectorscope checks them: the analyzer at compile time
// (-fplugin-arg-sectorscope-expect), the host runtime at run time
// (SECTORSCOPE_EXPECT=1), the scorecard of the examples through
// sectorscope-expect-dump. All three read the comments with this one
// parser. The grammar (docs/expectations.md):
//
//   // sectorscope-expect: clause [; clause ...] [-- note]
//   // sectorscope-expect-kernel: clause [; clause ...] [-- note]
//   clause := [compile-time: | run-time:] term [, term ...]
//   term   := word [under <partition model>]
//           | sectors-per-request (< | <= | == | >= | >) <number>
//
// Plain C++: no LLVM, no CUDA.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_COMMON_EXPECTATIONS_H
#define SECTORSCOPE_COMMON_EXPECTATIONS_H

#include <string>
#include <string_view>
#include <vector>

namespace sectorscope::expect {

/// Who checks a term: bits of a mask.
enum Phase : unsigned { CompileTime = 1, RunTime = 2, BothPhases = 3 };

enum class Word {
  // Coalescing and the three rules: checked at compile time and run time.
  Coalesced,
  Strided,
  Misaligned,
  Camped,
  Clean,
  SectorsPerRequest,
  // Patterns only a run can measure.
  Uncoalesced,
  FalseSharing,
  HotSpot,
  RandomHot,
  SmemAbuse,
  // The analyzer cannot express the address (it comes from memory).
  DataDependent,
  // Kernel scope only.
  NoCamping,
};

enum class Compare { Less, LessEqual, Equal, GreaterEqual, Greater };

struct Term {
  Word W = Word::Clean;
  unsigned Phases = BothPhases;    ///< Who checks it (Phase bits).
  std::string Under;               ///< Partition model it is limited to.
  Compare Op = Compare::LessEqual; ///< SectorsPerRequest only.
  double Bound = 0;                ///< SectorsPerRequest only.

  /// As written: "strided", "camped under gt200", "sectors-per-request <= 4".
  std::string text() const;
  /// Whether `Sectors` per request satisfies the bound (SectorsPerRequest).
  bool admits(double Sectors) const;
  /// Whether the checker of `P`, using partition model `Model`, checks it.
  bool appliesTo(Phase P, const std::string &Model) const;
  /// A word that names a problem (strided, hot-spot, ...): it holds when some
  /// access of the line shows it. The others (coalesced, clean, a bound)
  /// constrain every access of the line.
  bool namesProblem() const;
};

struct Expectation {
  enum class Scope { Line, Kernel } Kind = Scope::Line;
  unsigned Line = 0, Column = 0; ///< Of the comment, from 1.
  std::vector<Term> Terms;
  std::string Note; ///< Text after " -- ".
  /// Kernel scope: the line that names the kernel being defined (the
  /// comment's own line when code precedes the comment, else the next line
  /// with code) and the identifier before its first '('.
  unsigned KernelLine = 0;
  std::string KernelName;

  /// The terms `P`'s checker checks under `Model`.
  std::vector<Term> termsFor(Phase P, const std::string &Model) const;
};

/// A malformed comment: where, and one line saying what is valid.
struct ParseError {
  unsigned Line = 0, Column = 0;
  std::string Message;
};

struct FileExpectations {
  std::vector<Expectation> Items; ///< In line order.
  std::vector<ParseError> Errors;
};

/// Parses every expectation comment of a source text.
FileExpectations parseExpectations(std::string_view Text);

/// Reads and parses a file; false with Err set when it cannot be read.
bool readExpectations(const std::string &Path, FileExpectations &Out,
                      std::string &Err);

const char *wordName(Word W);
/// "coalesced, strided, ..." for error messages, per scope.
std::string validWords(Expectation::Scope S);

} // namespace sectorscope::expect

#endif
