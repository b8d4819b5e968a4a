//===- ReadFile.cpp - Bounded, checked reads of files a user names --------===//
#include "common/ReadFile.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sectorscope {

static const char *fileKind(mode_t Mode) {
  if (S_ISDIR(Mode))
    return "a directory";
  if (S_ISFIFO(Mode))
    return "a FIFO";
  if (S_ISCHR(Mode))
    return "a character device";
  if (S_ISBLK(Mode))
    return "a block device";
  if (S_ISSOCK(Mode))
    return "a socket";
  return "a special file";
}

bool isRegularFile(const std::string &Path) {
  struct stat St;
  return ::stat(Path.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

namespace {
/// Closes the descriptor on every path out of readUserFile.
struct Fd {
  int N;
  ~Fd() {
    if (N >= 0)
      ::close(N);
  }
};
} // namespace

UserFile readUserFile(const std::string &Path, uint64_t MaxBytes,
                      std::string_view What) {
  UserFile F;
  auto Fail = [&](std::string Problem) {
    F.Problem = std::move(Problem);
    F.Error =
        "cannot read " + std::string(What) + " '" + Path + "': " + F.Problem;
    return F;
  };
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  Fd In{::open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (In.N < 0)
    return Fail(std::strerror(errno));
  F.Opened = true;
  struct stat St;
  if (::fstat(In.N, &St) != 0)
    return Fail(std::strerror(errno));
  if (!S_ISREG(St.st_mode))
    return Fail(std::string(fileKind(St.st_mode)) + ", not a regular file");
  if (uint64_t(St.st_size) > MaxBytes)
    return Fail("larger than " + std::to_string(MaxBytes) + " bytes (" +
                std::to_string(uint64_t(St.st_size)) + ")");
  // The size is a hint only (files in /proc say 0, a file may grow while
  // read): the cap is enforced on the bytes actually read.
  std::string Text;
  Text.reserve(size_t(St.st_size));
  char Buf[65536];
  for (;;) {
    ssize_t N = ::read(In.N, Buf, sizeof(Buf));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0)
      return Fail(std::string("read failed: ") + std::strerror(errno));
    if (N == 0)
      break;
    if (Text.size() + size_t(N) > MaxBytes)
      return Fail("larger than " + std::to_string(MaxBytes) + " bytes");
    Text.append(Buf, size_t(N));
  }
  F.Text = std::move(Text);
  return F;
}

} // namespace sectorscope
