//===- SourceNames.h - Kernel parameter names from the source ---*- C++ -*-===//
//
// clang drops value names in release builds and location tracking records no
// variables, yet a message saying "4*height bytes apart" beats "4*arg3".
// The kernel's DISubprogram gives the file and line of its declaration; the
// parameter list is read back from the source text there.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_SOURCENAMES_H
#define SECTORSCOPE_ANALYSIS_SOURCENAMES_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Function;
}

namespace sectorscope {

/// Source files read once per module, with their line starts.
class SourceCache {
public:
  /// The text from the start of `Line` (1-based) on, or "" if unreadable.
  llvm::StringRef fromLine(llvm::StringRef Path, unsigned Line);

private:
  struct File {
    std::unique_ptr<llvm::MemoryBuffer> Buf;
    std::vector<size_t> LineStarts;
  };
  llvm::StringMap<File> Files;
};

/// One name per IR argument of F, or an empty vector when the source cannot
/// be read or does not parse into exactly that many parameters.
std::vector<std::string> parameterNames(const llvm::Function &F,
                                        SourceCache &Sources);

} // namespace sectorscope

#endif
