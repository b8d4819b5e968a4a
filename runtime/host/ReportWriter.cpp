//===- ReportWriter.cpp - A launch's report files and findings ------------===//
#include "ReportWriter.h"

#include "Demangle.h"

#include "common/WriteFile.h"

#include <sys/syscall.h>
#include <unistd.h>

namespace sectorscope::rt {

bool writeReportFile(const std::string &Path, const std::string &Text,
                     std::string &Err) {
  WriteStatus S = writeFileAtomically(Path, Text);
  if (!S.ok())
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

LaunchReport ReportWriter::report(LaunchInfo &Info, const SiteTable *Table,
                                  const LaunchData *Data,
                                  const AllocationSnapshot &Allocs,
                                  Summary &Findings) {
  bool DirectoryReady = directoryReady(Findings);
  long Tid = long(syscall(SYS_gettid));
  std::string Stem =
      launchFileStem(shortKernelName(Info.Kernel), Ident, Tid, Info.Seq);
  bool WantCsv = Data && Info.TheMode == Mode::Heatmap;
  if (WantCsv)
    Info.CsvName = Stem + ".heat.csv";
  LaunchReport Rep = analyzeLaunch(Info, Table, Data, Allocs);
  Findings.add(Rep.Findings);
  if (!Info.Error.empty())
    Findings.noteError(Info.Kernel + ": " + Info.Error);
  bool Wrote = false;
  if (DirectoryReady) {
    std::string Err;
    Wrote = writeReportFile(OutDir + Stem + ".json",
                            launchJson(Rep).dump(1) + "\n", Err);
    if (Wrote && WantCsv)
      Wrote = writeReportFile(OutDir + Info.CsvName, heatCsv(Rep), Err);
    if (!Wrote)
      Findings.noteError(Err);
  }
  Findings.countLaunch(Wrote);
  return Rep;
}

} // namespace sectorscope::rt
