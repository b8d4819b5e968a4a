//===- ReportWriter.cpp - A launch's report files and findings ------------===//
#include "ReportWriter.h"

#include "Demangle.h"

#include "common/WriteFile.h"

#include <algorithm>

#include <sys/syscall.h>
#include <unistd.h>

namespace sectorscope::rt {

bool writeReportFile(const std::string &Path, const std::string &Text,
                     std::string &Err, bool *Taken) {
  WriteStatus S = Taken ? writeNewFileAtomically(Path, Text)
                        : writeFileAtomically(Path, Text);
  if (Taken)
    *Taken = S.Taken;
  if (!S.ok() && !S.Taken)
    Err = "cannot write report '" + Path + "': " + S.Problem;
  return S.ok();
}

bool ReportWriter::directoryReady(Summary &Findings) {
  std::lock_guard<std::mutex> G(Lock);
  if (!Ready && !Failed) {
    std::string Err;
    if (makeDirectories(OutDir, Err))
      Ready = true;
    else {
      Failed = true;
      Findings.noteError("SECTORSCOPE_OUT: " + Err + "; no reports written");
    }
  }
  return Ready;
}

bool ReportWriter::csvBudgetLeft(const std::string &Mangled) {
  std::lock_guard<std::mutex> G(Lock);
  return !KernelsWithCsv.count(Mangled) || !CsvBudgetSpent;
}

bool ReportWriter::takeCsv(const std::string &Mangled, uint64_t Bytes) {
  std::lock_guard<std::mutex> G(Lock);
  bool First = KernelsWithCsv.insert(Mangled).second;
  if (!First && (CsvBudgetSpent || CsvBytes > CsvBudgetBytes ||
                 Bytes > CsvBudgetBytes - CsvBytes)) {
    CsvBudgetSpent = true;
    return false;
  }
  CsvBytes += Bytes;
  return true;
}

/// Counts that a full buffer left out are partial: said once per kernel at
/// exit, not only in the reports' `overflow`.
static void noteOverflows(const LaunchInfo &Info, const ss_launch_header &H,
                          Summary &Findings) {
  if (H.log_dropped)
    Findings.noteRemark(
        Info.Kernel + ": the sampled block's log was full, so its heat map " +
        "and counters miss lane records (overflow.heat_overflow in the " +
        "reports); raise SECTORSCOPE_HEAP_SECTORS (this launch's log held " +
        std::to_string(uint64_t(H.log_lane_records) * H.log_warps * 32) + ")");
  if (H.site_overflow)
    Findings.noteRemark(Info.Kernel +
                        ": accesses of sites past the site table were not "
                        "counted (overflow.site_overflow in the reports)");
}

/// A heat-map launch whose sampled block reached none of the kernel's
/// accesses (a block outside a domain's mask, an idle edge of the grid)
/// has an empty heat map and zero counters that say nothing of the other
/// blocks: the report's `note` and the summary at exit say so, once per
/// kernel, with the two ways to see the work.
static void noteIdleSample(LaunchReport &Rep, Summary &Findings) {
  const LaunchInfo &I = Rep.Info;
  if (I.TheMode != Mode::Heatmap || !Rep.HaveData || !I.SampleInGrid ||
      Rep.Sites.empty() ||
      std::any_of(Rep.Sites.begin(), Rep.Sites.end(),
                  [](const SiteResult &S) { return S.C.requests != 0; }))
    return;
  std::string Block = "(" + std::to_string(I.Sample[0]) + "," +
                      std::to_string(I.Sample[1]) + "," +
                      std::to_string(I.Sample[2]) + ")";
  std::string Why = "the sampled block " + Block + " reached none of the " +
                    std::to_string(Rep.Sites.size()) +
                    " instrumented accesses, so its heat map and counters "
                    "are empty; SECTORSCOPE_BLOCK samples another block, "
                    "SECTORSCOPE_MODE=grid counts every block";
  Findings.noteRemark(I.Kernel + ": " + Why);
  Rep.Info.Note = Rep.Info.Note.empty() ? Why : Rep.Info.Note + "; " + Why;
}

LaunchReport ReportWriter::report(LaunchInfo &Info, const SiteTable *Table,
                                  LaunchData *Data,
                                  const AllocationSnapshot &Allocs,
                                  Summary &Findings) {
  bool DirectoryReady = directoryReady(Findings);
  Info.Process = Ident;
  Info.Thread = long(syscall(SYS_gettid));
  std::string Stem = launchFileStem(shortKernelName(Info.Kernel), Ident,
                                    Info.Thread, Info.Seq);
  bool WantCsv = Data && Info.TheMode == Mode::Heatmap;
  if (WantCsv)
    Info.CsvName = Stem + ".heat.csv";
  LaunchReport Rep = analyzeLaunch(Info, Table, Data, Allocs);
  Findings.add(Rep.Findings);
  if (sharedCountingBlocks(Rep) &&
      std::any_of(Rep.Sites.begin(), Rep.Sites.end(), [](const SiteResult &S) {
        return S.S.Space == SS_SPACE_SHARED && S.C.requests;
      }))
    Findings.noteRemark(
        "grid mode counts shared-memory sites in one block in " +
        std::to_string(Rep.Data.Header.shared_block_stride) +
        " (the reports' shared_counting_blocks); "
        "SECTORSCOPE_GRID_SHARED_EVERY=1 counts every block");
  if (!Info.Error.empty())
    Findings.noteError(Info.Kernel + ": " + Info.Error);
  if (Data)
    noteOverflows(Info, Data->Header, Findings);
  noteIdleSample(Rep, Findings);
  bool Wrote = false;
  if (DirectoryReady) {
    // A CSV past the budget is not even formatted: a large map's costs
    // most of a second.
    std::string Csv =
        WantCsv && csvBudgetLeft(Info.Mangled) ? heatCsv(Rep) : "";
    if (WantCsv && (Csv.empty() || !takeCsv(Info.Mangled, Csv.size()))) {
      Csv.clear();
      Rep.Info.CsvName.clear();
      Findings.noteRemark(
          "heat-map CSVs after each kernel's first were not written past "
          "SECTORSCOPE_HEAT_CSV_MB (" +
          std::to_string(CsvBudgetBytes >> 20) +
          " MiB); those reports have heatmap.csv null");
    }
    std::string Err;
    Wrote = writeReportFiles(Rep, Stem, Csv, Err);
    Info.CsvName = Rep.Info.CsvName;
    if (!Wrote)
      Findings.noteError(Err);
  }
  Findings.countLaunch(Wrote);
  return Rep;
}

bool ReportWriter::writeReportFiles(LaunchReport &Rep, const std::string &Stem,
                                    const std::string &Csv, std::string &Err) {
  // The CSV goes first: the JSON names it, and a reader takes the JSON as
  // the sign that a launch's files are complete.
  for (unsigned Again = 0; Again < MaxNameTries; ++Again) {
    std::string Name =
        Again ? Stem + "." + std::to_string(Again) : std::string(Stem);
    std::string CsvPath;
    bool Taken = false;
    if (!Csv.empty()) {
      Rep.Info.CsvName = Name + ".heat.csv";
      CsvPath = OutDir + Rep.Info.CsvName;
      if (!writeReportFile(CsvPath, Csv, Err, &Taken)) {
        if (Taken)
          continue;
        return false;
      }
    }
    if (writeReportFile(OutDir + Name + ".json", launchJson(Rep).dump(1) + "\n",
                        Err, &Taken))
      return true;
    if (!CsvPath.empty())
      ::unlink(CsvPath.c_str());
    if (!Taken)
      return false;
  }
  Err = "cannot write report '" + OutDir + Stem + ".json': it and the next " +
        std::to_string(MaxNameTries - 1) + " names are taken";
  return false;
}

} // namespace sectorscope::rt
