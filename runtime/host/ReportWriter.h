//===- ReportWriter.h - A launch's report files and findings ----*- C++ -*-===//
//
// Every profiled launch ends here, with or without device data: it is
// analyzed, its JSON (and heat-map CSV) land in the output directory, and its
// findings and errors go to the end-of-run summary. No CUDA: the CPU tests
// drive it as the runtime does.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_REPORTWRITER_H
#define SECTORSCOPE_RT_REPORTWRITER_H

#include "FileNames.h"
#include "Report.h"
#include "Summary.h"

#include <mutex>
#include <string>

namespace sectorscope::rt {

class ReportWriter {
public:
  /// OutDir ends in '/'; it is created on the first report.
  ReportWriter(std::string OutDir, ProcessIdentity Ident)
      : OutDir(std::move(OutDir)), Ident(std::move(Ident)) {}

  /// Analyzes a launch (moving Data into the report), writes its files and
  /// records its findings, and any failure to write them, in Findings;
  /// returns the analysis.
  LaunchReport report(LaunchInfo &Info, const SiteTable *Table,
                      LaunchData *Data, const AllocationSnapshot &Allocs,
                      Summary &Findings);

private:
  /// Creates the output directory once; false when it cannot be.
  bool directoryReady(Summary &Findings);
  /// Writes Rep's JSON, and Csv unless it is empty, under Stem or, where a
  /// file by that name exists, the first free Stem.1, Stem.2, ...: a report
  /// never replaces another. Sets Rep.Info.CsvName to the CSV's name.
  bool writeReportFiles(LaunchReport &Rep, const std::string &Stem,
                        const std::string &Csv, std::string &Err);

  static constexpr unsigned MaxNameTries = 1000;

  std::string OutDir;
  ProcessIdentity Ident;
  std::mutex Lock; // Ready, Failed
  bool Ready = false, Failed = false;
};

/// Writes Text to Path whole or not at all (common/WriteFile.h); on failure
/// Err is one line naming Path. With Taken, an existing Path is never
/// replaced: the write fails with *Taken set and Err as it was.
bool writeReportFile(const std::string &Path, const std::string &Text,
                     std::string &Err, bool *Taken = nullptr);

} // namespace sectorscope::rt

#endif
