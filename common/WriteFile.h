//===- WriteFile.h - Checked, all-or-nothing output files -------*- C++ -*-===//
//
// A report or calibration that is cut short by a full disk, or read while
// half written, is worse than none: it parses later as something else. So
// every output file is written to a temporary file beside it, flushed,
// checked and renamed over the target; on any failure the temporary file is
// removed and the target is left as it was.
//
// writeNewFileAtomically publishes the same way but never replaces a file:
// where the name is taken it fails and says so (Taken), and the caller picks
// another name. Reports of processes that share a directory use it, so that
// a process with an earlier one's pid (a container's, a reused one) cannot
// overwrite that one's reports.
//
// A target that exists and is not a regular file (/dev/stdout, a FIFO,
// /dev/full) cannot be replaced by a rename: it is written in place, and
// every write is still checked.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_COMMON_WRITEFILE_H
#define SECTORSCOPE_COMMON_WRITEFILE_H

#include <string>
#include <string_view>

namespace sectorscope {

struct WriteStatus {
  bool Opened = false; // false: the target could not be opened or created
  bool Taken = false;  // writeNewFileAtomically: the name exists already
  std::string Problem; // empty on success; else why, without the path:
                       // "No such file or directory" (not opened),
                       // "write failed (No space left on device)"
  bool ok() const { return Problem.empty(); }
};

/// Writes Text to Path as described above; Sync also waits until the data
/// reached the disk.
WriteStatus writeFileAtomically(const std::string &Path, std::string_view Text,
                                bool Sync = false);

/// Writes Text to Path, which must not exist, as described above.
WriteStatus writeNewFileAtomically(const std::string &Path,
                                   std::string_view Text);

} // namespace sectorscope

#endif
