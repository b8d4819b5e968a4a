//===- WriteFile.cpp - Checked, all-or-nothing writes of output files -----===//
#include "common/WriteFile.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sectorscope {

static std::string because(const char *What) {
  return std::string(What) + " (" + std::strerror(errno) + ")";
}

static bool writeAll(int Fd, std::string_view Text, WriteStatus &S) {
  while (!Text.empty()) {
    ssize_t N = ::write(Fd, Text.data(), Text.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      if (N == 0)
        errno = EIO;
      S.Problem = because("write failed");
      return false;
    }
    Text.remove_prefix(size_t(N));
  }
  return true;
}

static bool closeChecked(int Fd, WriteStatus &S) {
  // NFS and some quotas report a failed write only at close.
  if (::close(Fd) != 0) {
    S.Problem = because("write failed at close");
    return false;
  }
  return true;
}

static WriteStatus writeInPlace(const std::string &Path,
                                std::string_view Text) {
  WriteStatus S;
  int Fd = ::open(Path.c_str(), O_WRONLY | O_CLOEXEC);
  if (Fd < 0) {
    S.Problem = std::strerror(errno);
    return S;
  }
  S.Opened = true;
  if (!writeAll(Fd, Text, S))
    ::close(Fd);
  else
    closeChecked(Fd, S);
  return S;
}

WriteStatus writeFileAtomically(const std::string &Path, std::string_view Text,
                                bool Sync) {
  WriteStatus S;
  struct stat St;
  bool Exists = ::stat(Path.c_str(), &St) == 0;
  if (Exists && S_ISDIR(St.st_mode)) {
    S.Problem = std::strerror(EISDIR);
    return S;
  }
  if (Exists && !S_ISREG(St.st_mode))
    return writeInPlace(Path, Text);
  // Through a symbolic link: replace the file it points to, not the link.
  std::string Target = Path;
  if (Exists) {
    char Real[PATH_MAX];
    if (::realpath(Path.c_str(), Real))
      Target = Real;
  }
  // A name no other writer (thread or process) uses. The temporary file is
  // created where the target goes, so a missing or read-only directory fails
  // here; its mode is the one open() gives under the umask, or the replaced
  // file's.
  static std::atomic<unsigned> Counter{0};
  std::string Tmp;
  int Fd = -1;
  for (int Try = 0; Fd < 0 && Try < 100; ++Try) {
    Tmp = Target + ".tmp." + std::to_string(::getpid()) + "." +
          std::to_string(Counter++);
    Fd = ::open(Tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (Fd < 0 && errno != EEXIST)
      break;
  }
  if (Fd < 0) {
    S.Problem = std::strerror(errno);
    return S;
  }
  S.Opened = true;
  bool Ok = true;
  if (Exists && ::fchmod(Fd, St.st_mode & 07777) != 0) {
    S.Problem = because("cannot set its mode");
    Ok = false;
  }
  Ok = Ok && writeAll(Fd, Text, S);
  if (Ok && Sync && ::fsync(Fd) != 0) {
    S.Problem = because("fsync failed");
    Ok = false;
  }
  if (!Ok)
    ::close(Fd);
  else
    Ok = closeChecked(Fd, S);
  if (Ok && ::rename(Tmp.c_str(), Target.c_str()) != 0) {
    S.Problem = because("cannot rename the written file onto it");
    Ok = false;
  }
  if (!Ok)
    ::unlink(Tmp.c_str());
  return S;
}

} // namespace sectorscope
