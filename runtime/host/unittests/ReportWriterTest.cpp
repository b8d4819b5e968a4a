//===- ReportWriterTest.cpp - Report files: whole, or an error ------------===//
#include "TestLaunches.h"

#include "ReportWriter.h"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/resource.h>
#include <thread>
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
             R"j({"mode": "time", "time_ms": 1.0,
                  "process": {"host": "node1", "pid": 42, "rank": null}})j");
  EXPECT_EQ(S.render(Out), "sectorscope: 0 findings in 1 profiled launch; 1 "
                           "report in " +
                               Out + "\n");
}

/// A heat-map launch of test(float*, float*) with one coalesced site, as
/// the device would have written it, each thread making Trips accesses
/// into a log of LogRecords; writes a JSON and a CSV.
/// With `FromThread`, only threads from it on access (64 or more: the
/// sampled block reaches no access).
struct HeatLaunch {
  explicit HeatLaunch(uint64_t LogRecords = 1u << 18, uint64_t Trips = 1,
                      uint32_t FromThread = 0)
      : Table(parseTestTable(siteLine(0, "load", "global", 4, 12, 9))) {
    FakeDevice D(testHeader(Mode::Heatmap, 1, LogRecords));
    D.run(Table, Dim{2}, Dim{64}, [Trips, FromThread](Dim, Dim Th) {
      std::vector<Access> A;
      for (uint64_t K = 0; K < Trips && Th.X >= FromThread; ++K)
        A.push_back({0, ArrA + 4 * Th.X + 256 * K});
      return A;
    });
    std::string Err;
    EXPECT_TRUE(
        decodeLaunchBuffer(D.bytes().data(), D.bytes().size(), Data, Err))
        << Err;
  }
  void report(ReportWriter &W, Summary &S, uint64_t Seq,
              const char *Mangled = TestKernel) const {
    LaunchInfo I = launchInfo(Mode::Heatmap, Dim{2}, Dim{64});
    I.Seq = Seq;
    I.Mangled = Mangled;
    LaunchData Copy = Data; // report moves it
    W.report(I, &Table, &Copy, twoArrays(), S);
  }
  SiteTable Table;
  LaunchData Data;
};

// A sample log too small for the sampled block's records: the reports say
// so in `overflow`, and the summary at exit says it once per kernel, with
// the variable that makes room.
TEST(ReportWriter, FullLogIsSaidAtExit) {
  ScratchDirectory Dir;
  ASSERT_FALSE(Dir.Path.empty());
  std::string Out = Dir.Path + "/";
  // One record per lane; each thread makes four accesses.
  HeatLaunch Full(64, 4);
  ReportWriter W(Out, {"node1", 42, ""});
  Summary S;
  for (uint64_t Seq = 0; Seq < 2; ++Seq)
    Full.report(W, S, Seq);
  std::string Text = S.render(Out);
  std::string Note = "sectorscope: note: test(float*, float*): the sampled "
                     "block's log was full, so its heat map and counters "
                     "miss lane records (overflow.heat_overflow in the "
                     "reports); raise SECTORSCOPE_HEAP_SECTORS (this "
                     "launch's log held 1024)\n";
  ASSERT_NE(Text.find(Note), std::string::npos) << Text;
  EXPECT_EQ(Text.find(Note, Text.find(Note) + 1), std::string::npos) << Text;
  // A log with room for every record says nothing.
  Summary Quiet;
  HeatLaunch L;
  L.report(W, Quiet, 2);
  EXPECT_EQ(Quiet.render(Out).find("log was full"), std::string::npos);
}

// A sampled block that reaches no access (block (0,0,0) of a kernel that
// works inside a mask) leaves an empty heat map: the report's note and the
// summary say so, once per kernel, with the variables that show the work.
// A block that reaches an access, even with one thread, says nothing.
TEST(ReportWriter, IdleSampledBlockIsSaid) {
  ScratchDirectory Dir;
  ASSERT_FALSE(Dir.Path.empty());
  std::string Out = Dir.Path + "/";
  ReportWriter W(Out, {"node1", 42, ""});
  Summary S;
  HeatLaunch Idle(1u << 18, 1, /*FromThread=*/64);
  for (uint64_t Seq = 0; Seq < 2; ++Seq)
    Idle.report(W, S, Seq);
  std::string Why = "the sampled block (0,0,0) reached none of the 1 "
                    "instrumented accesses, so its heat map and counters are "
                    "empty; SECTORSCOPE_BLOCK samples another block, "
                    "SECTORSCOPE_MODE=grid counts every block";
  std::string Text = S.render(Out);
  std::string Note = "sectorscope: note: test(float*, float*): " + Why + "\n";
  ASSERT_NE(Text.find(Note), std::string::npos) << Text;
  EXPECT_EQ(Text.find(Note, Text.find(Note) + 1), std::string::npos) << Text;
  std::vector<std::string> Names = listDirectory(Out);
  ASSERT_FALSE(Names.empty());
  for (const std::string &F : Names)
    if (F.size() > 5 && F.substr(F.size() - 5) == ".json")
      EXPECT_EQ(nlohmann::ordered_json::parse(readFile(Out + F))["note"], Why)
          << F;

  Summary Quiet;
  HeatLaunch OneThread(1u << 18, 1, /*FromThread=*/63);
  OneThread.report(W, Quiet, 2);
  EXPECT_EQ(Quiet.render(Out).find("reached none"), std::string::npos);
}

/// The `heatmap.csv` field of every JSON report in Dir, in name order.
std::vector<std::string> csvFields(const std::string &Dir) {
  std::vector<std::string> Csv;
  for (const std::string &F : listDirectory(Dir))
    if (F.size() > 5 && F.substr(F.size() - 5) == ".json") {
      auto J = nlohmann::ordered_json::parse(readFile(Dir + F));
      Csv.push_back(J["heatmap"]["csv"].is_null() ? "null" : "csv");
    }
  return Csv;
}

// Heat-map CSVs are bounded per process (SECTORSCOPE_HEAT_CSV_MB): past the
// budget a kernel's later launches write their JSON with `"csv": null`, and
// the summary says so once; every kernel's first CSV is written whatever
// the budget, so each kernel keeps a heat map.
TEST(ReportWriter, HeatCsvsStopAtTheBudget) {
  ScratchDirectory Dir;
  ASSERT_FALSE(Dir.Path.empty());
  HeatLaunch L;
  std::string Probe = Dir.Path + "/probe/";
  {
    ReportWriter W(Probe, {"node1", 42, ""});
    Summary S;
    L.report(W, S, 0);
  }
  uint64_t CsvBytes = 0;
  for (const std::string &F : listDirectory(Probe))
    if (F.size() > 9 && F.substr(F.size() - 9) == ".heat.csv")
      CsvBytes = readFile(Probe + F).size();
  ASSERT_GT(CsvBytes, 0u);
  // Room for two CSVs: the first kernel's first and second, not its third;
  // the second kernel's first is written past the budget.
  std::string Out = Dir.Path + "/out/";
  ReportWriter W(Out, {"node1", 42, ""}, 2 * CsvBytes + CsvBytes / 2);
  Summary S;
  for (uint64_t Seq = 0; Seq < 4; ++Seq)
    L.report(W, S, Seq);
  L.report(W, S, 4, "_Z5otherPf");
  L.report(W, S, 5, "_Z5otherPf");
  EXPECT_EQ(csvFields(Out), (std::vector<std::string>{"csv", "csv", "null",
                                                      "null", "csv", "null"}));
  size_t Csvs = 0;
  for (const std::string &F : listDirectory(Out))
    Csvs += F.size() > 9 && F.substr(F.size() - 9) == ".heat.csv";
  EXPECT_EQ(Csvs, 3u);
  std::string Text = S.render(Out);
  std::string Note = "heat-map CSVs after each kernel's first were not "
                     "written past SECTORSCOPE_HEAT_CSV_MB";
  ASSERT_NE(Text.find(Note), std::string::npos) << Text;
  EXPECT_EQ(Text.find(Note, Text.find(Note) + 1), std::string::npos) << Text;
  // A budget of 0: each kernel's first CSV only.
  std::string None = Dir.Path + "/none/";
  ReportWriter Z(None, {"node1", 42, ""}, 0);
  Summary SZ;
  L.report(Z, SZ, 0);
  L.report(Z, SZ, 1);
  EXPECT_EQ(csvFields(None), (std::vector<std::string>{"csv", "null"}));
}

bool endsWith(const std::string &S, const std::string &Tail) {
  return S.size() >= Tail.size() &&
         S.compare(S.size() - Tail.size(), Tail.size(), Tail) == 0;
}

// Threads of one process launching at once (each host thread with its own
// stream or device): every launch gets its own pair of files, each whole,
// each JSON naming its own CSV and the thread in its name.
TEST(ReportWriter, ThreadsNeverShareAName) {
  ScratchDirectory Dir;
  ASSERT_FALSE(Dir.Path.empty());
  std::string Out = Dir.Path + "/out/";
  ReportWriter W(Out, {"node1", 42, ""});
  Summary S;
  HeatLaunch L;
  std::atomic<uint64_t> Seq{0};
  constexpr int Threads = 8, PerThread = 16;
  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&] {
      for (int I = 0; I < PerThread; ++I)
        L.report(W, S, Seq++);
    });
  for (std::thread &T : Pool)
    T.join();
  std::vector<std::string> Names = listDirectory(Out);
  std::set<std::string> Tids;
  std::set<uint64_t> Seqs;
  size_t Jsons = 0;
  for (const std::string &N : Names) {
    if (!endsWith(N, ".json")) {
      EXPECT_TRUE(endsWith(N, ".heat.csv")) << N;
      continue;
    }
    ++Jsons;
    auto J = nlohmann::ordered_json::parse(readFile(Out + N));
    std::string Tid = std::to_string(J["process"]["thread"].get<long>());
    Tids.insert(Tid);
    Seqs.insert(J["launch"]["seq"].get<uint64_t>());
    EXPECT_NE(N.find("-node1-42-t" + Tid + "-"), std::string::npos) << N;
    std::string Csv = J["heatmap"]["csv"].get<std::string>();
    EXPECT_EQ(Csv, N.substr(0, N.size() - 5) + ".heat.csv");
    EXPECT_EQ(readFile(Out + Csv).rfind("address,", 0), 0u) << Csv;
  }
  EXPECT_EQ(Jsons, size_t(Threads * PerThread));
  EXPECT_EQ(Names.size(), 2 * Jsons); // no temporaries left
  EXPECT_EQ(Seqs.size(), Jsons);
  EXPECT_EQ(Tids.size(), size_t(Threads));
  EXPECT_TRUE(endsWith(S.render(Out), "in 128 profiled launches; 128 reports "
                                      "in " +
                                          Out + "\n"))
      << S.render(Out);
}

// A process with an earlier one's host and pid (a container started again,
// a reused pid) writing into the same directory: the earlier reports stay,
// the new ones take the next free name, and the JSON names the CSV it has.
TEST(ReportWriter, SamePidNeverReplacesAReport) {
  ScratchDirectory Dir;
  ASSERT_FALSE(Dir.Path.empty());
  std::string Out = Dir.Path + "/";
  HeatLaunch L;
  Summary S;
  ReportWriter First(Out, {"node1", 7, ""}), Second(Out, {"node1", 7, ""});
  L.report(First, S, 0);
  std::vector<std::string> Before = listDirectory(Out);
  ASSERT_EQ(Before.size(), 2u);
  std::string Stem = Before[1].substr(0, Before[1].size() - 5);
  ASSERT_EQ(Before[0], Stem + ".heat.csv");
  std::string FirstJson = readFile(Out + Before[1]);
  L.report(Second, S, 0);
  L.report(Second, S, 0);
  EXPECT_EQ(listDirectory(Out),
            (std::vector<std::string>{Stem + ".1.heat.csv", Stem + ".1.json",
                                      Stem + ".2.heat.csv", Stem + ".2.json",
                                      Stem + ".heat.csv", Stem + ".json"}));
  EXPECT_EQ(readFile(Out + Stem + ".json"), FirstJson);
  expectJson(nlohmann::ordered_json::parse(readFile(Out + Stem + ".2.json")),
             "{\"heatmap\": {\"csv\": \"" + Stem + ".2.heat.csv\"}}");
  EXPECT_TRUE(endsWith(S.render(Out),
                       "3 profiled launches; 3 reports in " + Out + "\n"));
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

TEST(WriteReportFile, WritesTheWholeText) {
  ScratchDirectory Dir;
  std::string Path = Dir.Path + "/r.json";
  std::string Err;
  EXPECT_TRUE(writeReportFile(Path, "{}\n", Err)) << Err;
  EXPECT_EQ(readFile(Path), "{}\n");
  EXPECT_EQ(Dir.files(), std::vector<std::string>{"r.json"});
}

// A write that fails half-way (a full disk; here a file size limit) leaves
// the old file as it was and no temporary behind.
TEST(WriteReportFile, FailedWriteKeepsTheOldFile) {
  ScratchDirectory Dir;
  std::string Path = Dir.Path + "/r.json";
  std::string Err;
  ASSERT_TRUE(writeReportFile(Path, "old\n", Err)) << Err;
  bool Wrote;
  {
    FileSizeLimit Limit(8);
    Wrote = writeReportFile(Path, std::string(100, 'x'), Err);
  }
  EXPECT_FALSE(Wrote);
  EXPECT_EQ(Err, "cannot write report '" + Path +
                     "': write failed (File too large)");
  EXPECT_EQ(readFile(Path), "old\n");
  EXPECT_EQ(Dir.files(), std::vector<std::string>{"r.json"});
}

// Asked not to replace, a taken name fails without an error of its own, and
// a new file cut short leaves nothing behind.
TEST(WriteReportFile, NewFileNeverReplacesOne) {
  ScratchDirectory Dir;
  std::string Path = Dir.Path + "/r.json";
  std::string Err = "before";
  bool Taken = true;
  ASSERT_TRUE(writeReportFile(Path, "old\n", Err, &Taken));
  EXPECT_FALSE(Taken);
  EXPECT_FALSE(writeReportFile(Path, "new\n", Err, &Taken));
  EXPECT_TRUE(Taken);
  EXPECT_EQ(Err, "before");
  EXPECT_EQ(readFile(Path), "old\n");
  std::string Other = Dir.Path + "/s.json";
  bool Wrote;
  {
    FileSizeLimit Limit(8);
    Wrote = writeReportFile(Other, std::string(100, 'x'), Err, &Taken);
  }
  EXPECT_FALSE(Wrote);
  EXPECT_FALSE(Taken);
  EXPECT_EQ(Err, "cannot write report '" + Other +
                     "': write failed (File too large)");
  EXPECT_EQ(Dir.files(), std::vector<std::string>{"r.json"});
}

TEST(WriteReportFile, MissingDirectoryNamesThePath) {
  ScratchDirectory Dir;
  std::string Path = Dir.Path + "/no/r.json";
  std::string Err;
  EXPECT_FALSE(writeReportFile(Path, "{}\n", Err));
  EXPECT_EQ(Err,
            "cannot write report '" + Path + "': No such file or directory");
}

} // namespace
} // namespace sectorscope::rt::test
