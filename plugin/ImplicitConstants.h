//===- ImplicitConstants.h - Host tables clang puts on device ---*- C++ -*-===//
//
// Clang makes a namespace-scope `const` variable with a constant initializer
// `__constant__` on its own, so that device code may read it; nvcc keeps such
// a variable on the host. With external linkage (declared `extern` in a
// header) clang emits it into every device module, used or not, and a host
// table larger than the 64 KiB of constant memory then fails ptxas ("File
// uses too much global constant data"; HeCBench sobol's 817 KB of Sobol
// direction numbers). The frontend names these variables; the pass drops
// those no device code reads, which leaves the device module as nvcc's.
// The host never registers them (only explicit __constant__ variables are),
// so nothing refers to the dropped copy. Not with relocatable device code,
// where another unit's device code may name the variable.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_PLUGIN_IMPLICITCONSTANTS_H
#define SECTORSCOPE_PLUGIN_IMPLICITCONSTANTS_H

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/PassManager.h"

#include <memory>

namespace clang {
class ASTConsumer;
} // namespace clang

namespace sectorscope {

/// Records the IR names of the variables clang made __constant__ implicitly.
std::unique_ptr<clang::ASTConsumer>
makeImplicitConstantCollector(llvm::StringSet<> &Names);

/// Deletes the named device globals that nothing in the module uses.
class DropUnusedImplicitConstantsPass
    : public llvm::PassInfoMixin<DropUnusedImplicitConstantsPass> {
public:
  explicit DropUnusedImplicitConstantsPass(const llvm::StringSet<> &Names)
      : Names(Names) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  const llvm::StringSet<> &Names;
};

} // namespace sectorscope

#endif
