//===- ReadFile.h - Bounded, checked reads of user files --------*- C++ -*-===//
//
// A path from the command line or the environment may name anything: a
// directory, a FIFO that blocks until a writer comes, /dev/zero that never
// ends, a file of many gigabytes. Every reader of such a path goes through
// readUserFile, which accepts regular files up to a byte limit only and never
// blocks on opening, so bad input fails at once with one line.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_COMMON_READFILE_H
#define SECTORSCOPE_COMMON_READFILE_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sectorscope {

struct UserFile {
  std::optional<std::string> Text; // the contents; nullopt when not read
  bool Opened = false;             // false: the path could not be opened at all
  std::string Problem; // why not, e.g. "a character device, not a regular file"
  std::string Error;   // one line: "cannot read <what> '<path>': <problem>"
};

/// Reads the regular file Path if it holds at most MaxBytes bytes. What names
/// the file's role in Error ("partition map").
UserFile readUserFile(const std::string &Path, uint64_t MaxBytes,
                      std::string_view What);

/// True if Path names something that exists and is a regular file; for
/// lookups that must not open (and block on) a FIFO.
bool isRegularFile(const std::string &Path);

} // namespace sectorscope

#endif
