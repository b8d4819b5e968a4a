//===- LaunchCollector.h - Kernel launch shapes from the AST ----*- C++ -*-===//
#ifndef SECTORSCOPE_PLUGIN_LAUNCHCOLLECTOR_H
#define SECTORSCOPE_PLUGIN_LAUNCHCOLLECTOR_H

#include "analysis/LaunchShapes.h"

#include <memory>

namespace clang {
class ASTConsumer;
} // namespace clang

namespace sectorscope {

/// An AST consumer that records, at the end of the translation unit, the
/// block and grid sizes of every `kernel<<<grid, block>>>` whose sizes are
/// known at compile time, into `Out`. Run it in the device compile job: it
/// parses the host functions too, and its analyzer runs after the AST is
/// complete.
std::unique_ptr<clang::ASTConsumer> makeLaunchCollector(LaunchShapes &Out);

} // namespace sectorscope

#endif
