//===- Summary.h - The end-of-run findings on stderr ----------------------===//
//
// A kernel launched a thousand times would print a thousand identical lines:
// findings are kept once per (kernel, location, pattern), in first-seen order,
// and printed at exit like compiler diagnostics so editors can jump to them.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_SUMMARY_H
#define SECTORSCOPE_RT_SUMMARY_H

#include "Report.h"

#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace sectorscope::rt {

class Summary {
public:
  void add(const std::vector<Finding> &Fs);
  void countLaunch(bool WroteReport);
  void noteError(const std::string &Line);
  /// A line the user should read once, not an error (e.g. a device without
  /// a measured partition map).
  void noteRemark(const std::string &Line);
  /// The text printed at exit; "" when nothing was profiled.
  std::string render(const std::string &OutDir) const;

private:
  mutable std::mutex Lock;
  std::set<std::string> Seen;
  std::vector<Finding> Findings;
  std::vector<std::string> Errors, Remarks;
  uint64_t Launches = 0, Reports = 0;
};

} // namespace sectorscope::rt

#endif
