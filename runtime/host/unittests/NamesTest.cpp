//===- NamesTest.cpp - Kernel names and report file names -----------------===//
#include "Demangle.h"
#include "FileNames.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace sectorscope::rt::test {
namespace {

TEST(Names, DemangledAndShort) {
  EXPECT_EQ(demangle("_Z9transposeILi32EEvPfPKfii"),
            "void transpose<32>(float*, float const*, int, int)");
  EXPECT_EQ(shortKernelName(demangle("_Z9transposeILi32EEvPfPKfii")),
            "transpose<32>");
  EXPECT_EQ(demangle("gs_norm"), "gs_norm");
  EXPECT_EQ(shortKernelName(demangle("gs_norm")), "gs_norm");
  EXPECT_EQ(demangle("_ZN2ns6kernelEv"), "ns::kernel()");
  EXPECT_EQ(shortKernelName(demangle("_ZN2ns6kernelEv")), "ns::kernel");
}

/// The report name of transpose<32>'s launch 3 on thread 77 of pid 4242 on
/// node1, with the rank a launcher put in the environment.
std::string stemWithEnvironment(const GetEnvFn &GetEnv) {
  ProcessIdentity P = currentProcess(GetEnv);
  P.Pid = 4242;
  P.Host = "node1";
  return launchFileStem(
      shortKernelName(demangle("_Z9transposeILi32EEvPfPKfii")), P, 77, 3);
}

// Report names carry kernel, host, pid, MPI rank, thread and a sequence
// number, so processes, ranks and threads never overwrite each other.
TEST(Names, ReportFileStemCarriesTheRank) {
  auto Only = [](const char *Var, const char *Value) {
    return [=](const char *N) -> const char * {
      return std::string(N) == Var ? Value : nullptr;
    };
  };
  ProcessIdentity P = currentProcess(Only("NONE", ""));
  EXPECT_EQ(P.Rank, "");
  EXPECT_EQ(P.Pid, long(getpid()));
  EXPECT_EQ(sanitizeForFileName(P.Host), P.Host);
  EXPECT_EQ(stemWithEnvironment(Only("NONE", "")),
            "transpose_32_-node1-4242-t77-00003");
  EXPECT_EQ(stemWithEnvironment(Only("OMPI_COMM_WORLD_RANK", "3")),
            "transpose_32_-node1-4242-r3-t77-00003");
  EXPECT_EQ(stemWithEnvironment(Only("PMI_RANK", "12")),
            "transpose_32_-node1-4242-r12-t77-00003");
  EXPECT_EQ(stemWithEnvironment(Only("SLURM_PROCID", "5")),
            "transpose_32_-node1-4242-r5-t77-00003");
}

TEST(Names, SanitizedForFiles) {
  EXPECT_EQ(sanitizeForFileName("../etc/pa ss<wd>"), "_._etc_pa_ss_wd_");
  EXPECT_EQ(sanitizeForFileName(""), "_");
}

// The report directory is created with its parents; a path through a file
// is refused with a reason (the runtime then writes no reports, says so once
// in the summary, and the program runs on).
TEST(Names, OutputDirectoryCreatedWithParents) {
  const char *Tmp = std::getenv("TMPDIR");
  std::string Pattern =
      std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/ss-dirs.XXXXXX";
  ASSERT_NE(mkdtemp(Pattern.data()), nullptr);
  std::string Root = Pattern;
  std::ofstream(Root + "/file") << "x";
  std::string Err;
  EXPECT_TRUE(makeDirectories(Root + "/a/b/c/", Err)) << Err;
  EXPECT_TRUE(makeDirectories(Root + "/a/b/c", Err)) << Err;
  struct stat St;
  EXPECT_TRUE(stat((Root + "/a/b/c").c_str(), &St) == 0 && S_ISDIR(St.st_mode));
  EXPECT_FALSE(makeDirectories(Root + "/file/x", Err));
  EXPECT_EQ(Err, "cannot create '" + Root + "/file/x': Not a directory");
  for (const char *D : {"/a/b/c", "/a/b", "/a"})
    rmdir((Root + D).c_str());
  unlink((Root + "/file").c_str());
  rmdir(Root.c_str());
}

} // namespace
} // namespace sectorscope::rt::test
