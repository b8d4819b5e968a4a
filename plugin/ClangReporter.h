//===- ClangReporter.h - Diagnostics through clang --------------*- C++ -*-===//
#ifndef SECTORSCOPE_PLUGIN_CLANGREPORTER_H
#define SECTORSCOPE_PLUGIN_CLANGREPORTER_H

#include "support/Reporter.h"

#include <memory>

namespace clang {
class CompilerInstance;
}

namespace sectorscope {
std::unique_ptr<Reporter> makeClangReporter(clang::CompilerInstance &CI);
}

#endif
