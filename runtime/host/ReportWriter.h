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
#include <set>
#include <string>

namespace sectorscope::rt {

class ReportWriter {
public:
  /// OutDir ends in '/'; it is created on the first report. Heat-map CSVs
  /// past each kernel's first are written until one would take the CSVs
  /// written past CsvBudgetBytes (SECTORSCOPE_HEAT_CSV_MB); from then on,
  /// only kernels' first CSVs.
  ReportWriter(std::string OutDir, ProcessIdentity Ident,
               uint64_t CsvBudgetBytes = ~uint64_t(0))
      : OutDir(std::move(OutDir)), Ident(std::move(Ident)),
        CsvBudgetBytes(CsvBudgetBytes) {}

  /// Analyzes a launch (moving Data into the report), writes its files and
  /// records its findings, and any failure to write them, in Findings;
  /// returns the analysis.
  LaunchReport report(LaunchInfo &Info, const SiteTable *Table,
                      LaunchData *Data, const AllocationSnapshot &Allocs,
                      Summary &Findings);

private:
  /// Creates the output directory once; false when it cannot be.
  bool directoryReady(Summary &Findings);
  /// Whether a heat-map CSV of kernel `Mangled` may still be written: its
  /// first, or no CSV refused yet.
  bool csvBudgetLeft(const std::string &Mangled);
  /// Whether a heat-map CSV of `Bytes` for kernel `Mangled` is written, and
  /// if so counts it against the budget.
  bool takeCsv(const std::string &Mangled, uint64_t Bytes);
  /// Writes Rep's JSON, and Csv unless it is empty, under Stem or, where a
  /// file by that name exists, the first free Stem.1, Stem.2, ...: a report
  /// never replaces another. Sets Rep.Info.CsvName to the CSV's name.
  bool writeReportFiles(LaunchReport &Rep, const std::string &Stem,
                        const std::string &Csv, std::string &Err);

  static constexpr unsigned MaxNameTries = 1000;

  std::string OutDir;
  ProcessIdentity Ident;
  uint64_t CsvBudgetBytes;
  std::mutex Lock; // Ready, Failed, CsvBytes, KernelsWithCsv
  bool Ready = false, Failed = false;
  uint64_t CsvBytes = 0;
  bool CsvBudgetSpent = false; // a CSV was refused: refuse all but firsts
  std::set<std::string> KernelsWithCsv;
};

/// Writes Text to Path whole or not at all (common/WriteFile.h); on failure
/// Err is one line naming Path. With Taken, an existing Path is never
/// replaced: the write fails with *Taken set and Err as it was.
bool writeReportFile(const std::string &Path, const std::string &Text,
                     std::string &Err, bool *Taken = nullptr);

} // namespace sectorscope::rt

#endif
