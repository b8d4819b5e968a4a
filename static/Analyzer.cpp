//===- Analyzer.cpp - Compile-time global-memory access analyzer ----------===//
// Placeholder until the analyzer lands.
#include "static/Analyzer.h"

using namespace llvm;

namespace sectorscope {
PreservedAnalyses AnalyzerPass::run(Module &, ModuleAnalysisManager &) {
  return PreservedAnalyses::all();
}
} // namespace sectorscope
