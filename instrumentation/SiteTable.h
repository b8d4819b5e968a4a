//===- SiteTable.h - The per-module table of access sites -------*- C++ -*-===//
//
// Builds the site table text of abi.h: one `S` record per instrumented
// access, one `K` record per kernel with uninstrumented memory operations,
// one `L` record per kernel left as compiled, with the reason, and the `V`
// record. The host runtime parses it; the pass only appends.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_SITETABLE_H
#define SECTORSCOPE_INSTRUMENTATION_SITETABLE_H

#include "instrumentation/MemoryOps.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <map>
#include <string>
#include <vector>

namespace llvm {
class DebugLoc;
class Function;
} // namespace llvm

namespace sectorscope {

struct SiteRecord {
  unsigned Id = 0;
  std::string Kernel;
  unsigned Op = 0, Space = 0, Width = 0;
  unsigned Line = 0, Column = 0;
  unsigned Mlp = 1;  // LoadParallelism.h
  unsigned Work = 1; // SiteWork.h
  /// The warp waits for the access's value: a load, or an atomic whose
  /// result the code uses (an atomicCAS loop); 0 for a store or an update
  /// nobody reads (ptxas emits `red`).
  unsigned Waits = 0;
  /// A load L1 never serves: volatile or atomic (ld.volatile, ld.relaxed),
  /// whose value another SM may have changed, so L1 may keep no copy.
  unsigned SkipsL1 = 0;
  std::string Function;
  std::string File;
};

class SiteTable {
public:
  /// Adds a site for `Op` in kernel `Kernel`; returns its id. The source
  /// position is the access's own (not the inlinedAt chain's): that is the
  /// line a programmer changes.
  unsigned add(llvm::StringRef Kernel, const MemoryOp &Op,
               const llvm::Function &F, unsigned Mlp = 1, unsigned Work = 1);
  void countUninstrumented(llvm::StringRef Kernel, Uninstrumented K);
  /// Kernel `Kernel` is left as compiled, for `Reason` (the report's note
  /// after "not instrumented: ").
  void addUninstrumentedKernel(llvm::StringRef Kernel, llvm::StringRef Reason);
  /// Run-time mode `Mode` (heatmap, grid) runs the module's kernels as
  /// compiled, for `Reason` (the M record, abi.h).
  void addPlainMode(llvm::StringRef Mode, llvm::StringRef Reason);

  unsigned size() const { return Sites.size(); }
  const std::vector<SiteRecord> &sites() const { return Sites; }
  /// The table as text (abi.h format), no trailing NUL.
  std::string text() const;

private:
  std::vector<SiteRecord> Sites;
  llvm::MapVector<std::string, std::array<unsigned, NumUninstrumentedKinds>,
                  std::map<std::string, unsigned>>
      Uninstr;
  /// Kernel and reason, as `L` record fields.
  std::vector<std::pair<std::string, std::string>> UninstrumentedKernels;
  /// Mode and reason, as `M` record fields.
  std::vector<std::pair<std::string, std::string>> PlainModes;
};

const char *opName(unsigned Op);
const char *spaceName(unsigned Space);

} // namespace sectorscope

#endif
