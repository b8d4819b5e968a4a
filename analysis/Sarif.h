//===- Sarif.h - SARIF 2.1.0 output of the analyzer -------------*- C++ -*-===//
#ifndef SECTORSCOPE_ANALYSIS_SARIF_H
#define SECTORSCOPE_ANALYSIS_SARIF_H

#include "analysis/Rules.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace sectorscope {

/// Writes the findings of one translation unit as SARIF 2.1.0. `Path` is a
/// file, or a directory that gets `<basename of SourceFile>.sarif` (made
/// unique when another translation unit of that name wrote there first).
/// `Opts` gives each result's level and the partition model recorded.
/// Returns "" or an error message.
std::string writeSarif(llvm::StringRef Path, llvm::StringRef SourceFile,
                       llvm::ArrayRef<Finding> Findings,
                       const AnalyzerOptions &Opts);

/// Where writeSarif puts the file for a given path and source file.
std::string sarifFileFor(llvm::StringRef Path, llvm::StringRef SourceFile);

} // namespace sectorscope

#endif
