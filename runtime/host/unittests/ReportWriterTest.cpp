//===- ReportWriterTest.cpp - Report files: whole, or an error ------------===//
#include "TestLaunches.h"

#include "ReportWriter.h"

#include <csignal>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <unistd.h>

namespace sectorscope::rt::test {
namespace {

/// The names in Path, hidden ones included, sorted.
std::vector<std::string> listDirectory(const std::string &Path) {
  std::vector<std::string> Names;
  if (DIR *D = opendir(Path.c_str())) {
    while (dirent *E = readdir(D))
      if (std::string(E->d_name) != "." && std::string(E->d_name) != "..")
        Names.push_back(E->d_name);
    closedir(D);
  }
  std::sort(Names.begin(), Names.end());
  return Names;
}

/// A fresh directory under $TMPDIR, removed with its files (one level of
/// subdirectories) at the end.
class ScratchDirectory {
public:
  ScratchDirectory() {
    const char *Tmp = std::getenv("TMPDIR");
    std::string Pattern =
        std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/ss-reports.XXXXXX";
    Path = mkdtemp(Pattern.data()) ? Pattern : "";
  }
  ~ScratchDirectory() {
    for (const std::string &F : listDirectory(Path)) {
      std::string Sub = Path + "/" + F;
      for (const std::string &G : listDirectory(Sub))
        ::unlink((Sub + "/" + G).c_str());
      if (::unlink(Sub.c_str()) != 0)
        ::rmdir(Sub.c_str());
    }
    ::rmdir(Path.c_str());
  }
  std::vector<std::string> files() const { return listDirectory(Path); }
  std::string Path;
};

std::string readFile(const std::string &Path) {
  std::ifstream In(Path);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

/// Limits the size of files this process writes for its lifetime; a write
/// past it fails with EFBIG instead of raising SIGXFSZ.
class FileSizeLimit {
public:
  explicit FileSizeLimit(rlim_t Bytes) {
    getrlimit(RLIMIT_FSIZE, &Saved);
    OldHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit Limit = Saved;
    Limit.rlim_cur = Bytes;
    setrlimit(RLIMIT_FSIZE, &Limit);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &Saved);
    std::signal(SIGXFSZ, OldHandler);
  }

private:
  rlimit Saved;
  void (*OldHandler)(int);
};

LaunchInfo timeModeLaunch() {
  LaunchInfo I = launchInfo(Mode::Time, Dim{8}, Dim{128});
  I.TimeMs = 1.0;
  return I;
}

TEST(ReportWriter, WritesOneJsonAndNoTemporary) {
  ScratchDirectory Dir;
  ASSERT_FALSE(Dir.Path.empty());
  std::string Out = Dir.Path + "/out/";
  ReportWriter W(Out, {"node1", 42, ""});
  Summary S;
  LaunchInfo I = timeModeLaunch();
  W.report(I, nullptr, nullptr, twoArrays(), S);
  std::vector<std::string> Names = listDirectory(Out);
  ASSERT_EQ(Names.size(), 1u);
  EXPECT_EQ(Names[0].rfind("test-node1-42-t", 0), 0u) << Names[0];
  EXPECT_EQ(Names[0].substr(Names[0].size() - 11), "-00000.json");
  expectJson(nlohmann::ordered_json::parse(readFile(Out + Names[0])),
             R"j({"mode": "time", "time_ms": 1.0})j");
  EXPECT_EQ(S.render(Out), "sectorscope: 0 findings in 1 profiled launch; 1 "
                           "report in " +
                               Out + "\n");
}

// SECTORSCOPE_OUT on /dev/full: one error line with the path, no report, the
// launch still counted.
TEST(ReportWriter, OutputDirectoryThatIsADevice) {
  ReportWriter W("/dev/full/", {"node1", 42, ""});
  Summary S;
  LaunchInfo I = timeModeLaunch();
  W.report(I, nullptr, nullptr, twoArrays(), S);
  EXPECT_EQ(S.render("/dev/full/"),
            "sectorscope: error: SECTORSCOPE_OUT: '/dev/full/' is not a "
            "directory; no reports written\n"
            "sectorscope: 0 findings in 1 profiled launch; 0 reports in "
            "/dev/full/\n");
}

TEST(WriteFileAtomically, WritesTheWholeText) {
  ScratchDirectory Dir;
  std::string Path = Dir.Path + "/r.json";
  std::string Err;
  EXPECT_TRUE(writeFileAtomically(Path, "{}\n", Err)) << Err;
  EXPECT_EQ(readFile(Path), "{}\n");
  EXPECT_EQ(Dir.files(), std::vector<std::string>{"r.json"});
}

// A write that fails half-way (a full disk; here a file size limit) leaves
// the old file as it was and no temporary behind.
TEST(WriteFileAtomically, FailedWriteKeepsTheOldFile) {
  ScratchDirectory Dir;
  std::string Path = Dir.Path + "/r.json";
  std::string Err;
  ASSERT_TRUE(writeFileAtomically(Path, "old\n", Err)) << Err;
  bool Wrote;
  {
    FileSizeLimit Limit(8);
    Wrote = writeFileAtomically(Path, std::string(100, 'x'), Err);
  }
  EXPECT_FALSE(Wrote);
  EXPECT_EQ(Err, "cannot write report '" + Path + "': File too large");
  EXPECT_EQ(readFile(Path), "old\n");
  EXPECT_EQ(Dir.files(), std::vector<std::string>{"r.json"});
}

TEST(WriteFileAtomically, MissingDirectoryNamesThePath) {
  ScratchDirectory Dir;
  std::string Path = Dir.Path + "/no/r.json";
  std::string Err;
  EXPECT_FALSE(writeFileAtomically(Path, "{}\n", Err));
  EXPECT_EQ(Err,
            "cannot write report '" + Path + "': No such file or directory");
}

} // namespace
} // namespace sectorscope::rt::test
