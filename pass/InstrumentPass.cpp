//===- InstrumentPass.cpp - Run-time instrumentation of device code -------===//
// Placeholder until the instrumentation lands.
#include "pass/InstrumentPass.h"

using namespace llvm;

namespace sectorscope {
PreservedAnalyses InstrumentPass::run(Module &, ModuleAnalysisManager &) {
  return PreservedAnalyses::all();
}
PreservedAnalyses HostRegistrationPass::run(Module &, ModuleAnalysisManager &) {
  return PreservedAnalyses::all();
}
} // namespace sectorscope
