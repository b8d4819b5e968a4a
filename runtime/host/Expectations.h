//===- Expectations.h - Expectations checked against measured sites -------===//
//
// SECTORSCOPE_EXPECT=1: every profiled launch's sites are checked against
// the `sectorscope-expect` comments on their source lines (the grammar and
// parser of common/Expectations.h, the same the analyzer checks at compile
// time), using the sectors per request and the patterns the launch report
// measured. At exit each violation is one compiler-style error line and the
// program exits non-zero.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_EXPECTATIONS_H
#define SECTORSCOPE_RT_EXPECTATIONS_H

#include "Report.h"

#include "common/Expectations.h"

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace sectorscope::rt {

class ExpectationCheck {
public:
  /// Checks the measured sites of one launch; `Table` is its module's site
  /// table (every instrumented access, measured or not), null if unread.
  void check(const LaunchReport &R, const SiteTable *Table,
             const std::string &PartitionSpec);
  /// One "file:line:col: error: ..." line per violation, malformed comment,
  /// unreadable source and expectation on a line without an instrumented
  /// access, then a count; Failures is the number of error lines.
  std::string render(unsigned &Failures) const;
  /// At exit: prints render()'s text and, when anything failed, ends the
  /// process with status 1.
  void finish() const;

private:
  struct SourceFile {
    bool Readable = false;
    expect::FileExpectations Parsed;
    std::set<unsigned> SiteLines; ///< Lines with an instrumented access.
  };
  SourceFile &file(const std::string &Path);
  void error(const std::string &Key, const std::string &Location,
             const std::string &Message);
  void checkLine(const LaunchReport &R, const expect::Expectation &E,
                 const std::vector<const SiteResult *> &Sites,
                 const std::string &PartitionSpec);
  void checkKernel(const LaunchReport &R, const expect::Expectation &E,
                   const std::string &PartitionSpec);

  mutable std::mutex Lock;
  std::map<std::string, SourceFile> Files;
  std::set<std::pair<std::string, unsigned>> CheckedLines;
  /// The kernels (mangled) with an instrumented access on each line.
  std::map<std::pair<std::string, unsigned>, std::set<std::string>> LineKernels;
  std::set<std::string> Seen; ///< One error per location and expectation.
  std::vector<std::string> Errors;
};

} // namespace sectorscope::rt

#endif
