//===- RuntimeLinker.h - Link the device runtime into a module --*- C++ -*-===//
//
// The device runtime is LLVM bitcode installed beside sectorscope.so. It has
// to be linked after the optimizer, from inside the pass: -mlink-builtin-
// bitcode links only what is referenced before the pipeline runs, and the
// calls to the runtime appear only now (NOTES.md §2).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_RUNTIMELINKER_H
#define SECTORSCOPE_INSTRUMENTATION_RUNTIMELINKER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <string>

namespace llvm {
class Module;
}

namespace sectorscope {

/// `<directory of sectorscope.so>/sectorscope-device.bc`.
std::string defaultDeviceRuntimePath();

/// Links the bitcode at `Path` into `M`: the runtime's functions take the
/// target attributes of `M`'s code and become internal; its module flags are
/// dropped (they describe the runtime's compile, not the user's). On success
/// returns "" and fills `Defined` with the runtime's function names.
std::string linkDeviceRuntime(llvm::Module &M, llvm::StringRef Path,
                              llvm::StringSet<> &Defined);

} // namespace sectorscope

#endif
