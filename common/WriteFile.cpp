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

/// Writes Text to a new temporary file beside Target, with ModeOf's mode
/// when given; returns its name, or "" with S.Problem set.
static std::string writeBeside(const std::string &Target, std::string_view Text,
                               bool Sync, const struct stat *ModeOf,
                               WriteStatus &S) {
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
    return "";
  }
  S.Opened = true;
  bool Ok = true;
  if (ModeOf && ::fchmod(Fd, ModeOf->st_mode & 07777) != 0) {
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
  if (Ok)
    return Tmp;
  ::unlink(Tmp.c_str());
  return "";
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
  std::string Tmp = writeBeside(Target, Text, Sync, Exists ? &St : nullptr, S);
  if (Tmp.empty())
    return S;
  if (::rename(Tmp.c_str(), Target.c_str()) != 0) {
    S.Problem = because("cannot rename the written file onto it");
    ::unlink(Tmp.c_str());
  }
  return S;
}

WriteStatus writeNewFileAtomically(const std::string &Path,
                                   std::string_view Text) {
  WriteStatus S;
  auto Taken = [&] {
    S.Taken = true;
    S.Problem = std::strerror(EEXIST);
    return S;
  };
  struct stat St;
  if (::lstat(Path.c_str(), &St) == 0)
    return Taken();
  std::string Tmp = writeBeside(Path, Text, false, nullptr, S);
  if (Tmp.empty())
    return S;
  // link() publishes the whole file under the name only if no one took it
  // meanwhile. Where the file system has no hard links, a rename after a
  // second look is the best there is.
  bool Linked = ::link(Tmp.c_str(), Path.c_str()) == 0;
  int LinkErr = Linked ? 0 : errno;
  if (LinkErr == EEXIST) {
    ::unlink(Tmp.c_str());
    return Taken();
  }
  if (!Linked && ::lstat(Path.c_str(), &St) == 0) {
    ::unlink(Tmp.c_str());
    return Taken();
  }
  if (!Linked && ::rename(Tmp.c_str(), Path.c_str()) != 0) {
    S.Problem = because("cannot rename the written file onto it");
    ::unlink(Tmp.c_str());
    return S;
  }
  if (Linked)
    ::unlink(Tmp.c_str());
  return S;
}

} // namespace sectorscope
