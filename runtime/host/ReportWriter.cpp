//===- ReportWriter.cpp - A launch's report files and findings ------------===//
#include "ReportWriter.h"

#include "Demangle.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sectorscope::rt {

bool writeFileAtomically(const std::string &Path, const std::string &Text,
                         std::string &Err) {
  size_t Slash = Path.rfind('/');
  size_t NameAt = Slash == std::string::npos ? 0 : Slash + 1;
  std::string Tmp = Path.substr(0, NameAt) + "." + Path.substr(NameAt) + ".tmp";
  int Error = 0;
  int Fd = ::open(Tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (Fd < 0) {
    Error = errno;
  } else {
    for (size_t Done = 0; Done < Text.size();) {
      ssize_t N = ::write(Fd, Text.data() + Done, Text.size() - Done);
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0) {
        Error = N < 0 ? errno : EIO;
        break;
      }
      Done += size_t(N);
    }
    // A full disk may only show at close (NFS, delayed allocation).
    if (::close(Fd) != 0 && !Error)
      Error = errno;
    if (!Error && std::rename(Tmp.c_str(), Path.c_str()) != 0)
      Error = errno;
    if (Error)
      ::unlink(Tmp.c_str());
  }
  if (Error)
    Err = "cannot write report '" + Path + "': " + std::strerror(Error);
  return !Error;
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
    Wrote = writeFileAtomically(OutDir + Stem + ".json",
                                launchJson(Rep).dump(1) + "\n", Err);
    if (Wrote && WantCsv)
      Wrote = writeFileAtomically(OutDir + Info.CsvName, heatCsv(Rep), Err);
    if (!Wrote)
      Findings.noteError(Err);
  }
  Findings.countLaunch(Wrote);
  return Rep;
}

} // namespace sectorscope::rt
