//===- Nolint.h - NOLINT comments that silence a finding ---------*- C++
//-*-===//
//
// clang-tidy's per-line suppression, for sectorscope's findings:
// `// NOLINT` or `// NOLINT(<checks>)` on the line of the access,
// `// NOLINTNEXTLINE[(<checks>)]` on the line before. <checks> is a comma
// list of names or globs: `sectorscope-strided`, `sectorscope` (all of
// sectorscope's), `sectorscope-*`, `*`.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_PLUGIN_NOLINT_H
#define SECTORSCOPE_PLUGIN_NOLINT_H

#include "llvm/ADT/StringRef.h"

namespace sectorscope {

/// Whether `Line` holds a NOLINT (or, with `NextLine`, a NOLINTNEXTLINE)
/// that covers the warning group `Group` ("sectorscope-strided").
bool nolintCovers(llvm::StringRef Line, llvm::StringRef Group, bool NextLine);

} // namespace sectorscope

#endif
