//===- Sarif.h - SARIF 2.1.0 output of the analyzer -------------*- C++ -*-===//
//
// What code-scanning services (GitHub's, SARIF viewers) accept: the OASIS
// 2.1.0 schema, artifact URIs percent-encoded and relative to %SRCROOT%
// (the compile directory, in originalUriBaseIds) where they lie below it,
// rules with descriptions, a result per cause with its other sites as
// related locations, NOLINT and pragma-silenced results as in-source
// suppressions.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_ANALYSIS_SARIF_H
#define SECTORSCOPE_ANALYSIS_SARIF_H

#include "analysis/Reporting.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace sectorscope {

/// Writes the findings of one translation unit as SARIF 2.1.0. `Path` is a
/// file, or a directory that gets `<basename of SourceFile>.sarif` (made
/// unique when another translation unit of that name wrote there first).
/// `Opts` gives the partition model recorded. Returns "" or an error
/// message (the file could not be written in full).
std::string writeSarif(llvm::StringRef Path, llvm::StringRef SourceFile,
                       llvm::ArrayRef<ReportedFinding> Findings,
                       const AnalyzerOptions &Opts);

/// Where writeSarif puts the file for a given path and source file.
std::string sarifFileFor(llvm::StringRef Path, llvm::StringRef SourceFile);

/// A path as a URI reference: every byte but unreserved ones and '/'
/// percent-encoded ("a b#1.cu" -> "a%20b%231.cu").
std::string percentEncodePath(llvm::StringRef Path);

} // namespace sectorscope

#endif
