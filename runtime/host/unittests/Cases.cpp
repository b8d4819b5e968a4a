//===- Cases.cpp - The runtime-unittests cases ----------------------------===//
//
// Each case builds a launch the way the real path would see it - a site
// table, allocations, a launch buffer written by FakeDevice - and prints the
// real JSON/CSV/summary output for FileCheck.
//
//===----------------------------------------------------------------------===//
#include "Cases.h"
#include "FakeDevice.h"

#include "Config.h"
#include "Demangle.h"
#include "FileNames.h"
#include "Report.h"
#include "Summary.h"
#include "common/OccupancyPadding.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <thread>

namespace sectorscope::rt::test {
namespace {

constexpr uint64_t ArrA = 0x7f0000000000ull; // "a", 1 MiB
constexpr uint64_t ArrB = 0x7f0000100000ull; // "b", 1 MiB
constexpr const char *Kernel = "_Z4testPfS_";

std::string siteLine(uint32_t Id, const char *Op, const char *Space,
                     uint32_t Width, uint32_t Line, uint32_t Col,
                     const char *Kern = Kernel) {
  return "S\t" + std::to_string(Id) + "\t" + Kern + "\t" + Op + "\t" + Space +
         "\t" + std::to_string(Width) + "\t" + std::to_string(Line) + "\t" +
         std::to_string(Col) + "\t1\ttest(float*, float*)\tk.cu\n";
}

SiteTable mustParse(const std::string &Text) {
  SiteTable T;
  std::string Err;
  if (!parseSiteTable(Text, T, Err)) {
    std::fprintf(stderr, "bad test table: %s\n", Err.c_str());
    std::exit(3);
  }
  return T;
}

AllocationSnapshot twoArrays() {
  AllocationTable T;
  Allocation A;
  A.Base = ArrA;
  A.Size = 1 << 20;
  splitAllocSite("main.cu:20:3 a", A.Site, A.Name);
  T.add(A);
  Allocation B;
  B.Base = ArrB;
  B.Size = 1 << 20;
  splitAllocSite("main.cu:21:3", B.Site, B.Name);
  T.add(B);
  return T.snapshot();
}

LaunchInfo launchInfo(Mode M, Dim Grid, Dim Block) {
  LaunchInfo I;
  I.Mangled = Kernel;
  I.Kernel = demangle(Kernel);
  I.Grid[0] = Grid.X, I.Grid[1] = Grid.Y, I.Grid[2] = Grid.Z;
  I.Block[0] = Block.X, I.Block[1] = Block.Y, I.Block[2] = Block.Z;
  I.TheMode = M;
  I.Device = {0, "Fake H200", 132, 9, 0};
  I.Stream = "0x0";
  I.PartitionModelName = "uniform";
  return I;
}

/// Decodes the fake device's bytes with the real decoder and analyzes.
LaunchReport analyze(FakeDevice &D, LaunchInfo I, const SiteTable &T,
                     const AllocationSnapshot &Allocs) {
  LaunchData Data;
  std::string Err;
  if (!decodeLaunchBuffer(D.bytes().data(), D.bytes().size(), Data, Err)) {
    std::fprintf(stderr, "decode: %s\n", Err.c_str());
    std::exit(3);
  }
  return analyzeLaunch(I, &T, &Data, Allocs);
}

int printReport(const LaunchReport &R) {
  std::cout << launchJson(R).dump(1) << "\n";
  for (const Finding &F : R.Findings)
    std::cout << "finding: " << F.Location << ": " << F.Message << "\n";
  return 0;
}

/// One site, one global array, 256 threads per block: a[f(thread)].
int oneSite(const char *Op, uint32_t Width,
            const std::function<uint64_t(uint64_t, uint64_t)> &Index) {
  SiteTable T = mustParse(siteLine(0, Op, "global", Width, 12, 9));
  FakeDevice D(testHeader(Mode::Heatmap, 1));
  Dim Grid{4}, Block{256};
  D.run(T, Grid, Block, [&](Dim B, Dim Th) {
    return std::vector<Access>{{0, ArrA + Index(B.X, Th.X) * Width}};
  });
  return printReport(
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays()));
}

int caseCoalesced(int, char **) {
  return oneSite("load", 4, [](uint64_t B, uint64_t T) { return B * 256 + T; });
}
int caseStrided(int, char **) {
  // q[i * NJ + k] with i = thread: one word per 256-byte row.
  return oneSite("load", 4, [](uint64_t, uint64_t T) { return T * 64; });
}
int caseMisaligned(int, char **) {
  return oneSite("load", 4, [](uint64_t, uint64_t T) { return T + 1; });
}
int caseUncoalesced(int, char **) {
  // A gather through a scrambled index: 32 sectors a request, no stride.
  return oneSite("load", 4, [](uint64_t, uint64_t T) {
    return (T * 2654435761u) % 65521;
  });
}
int caseFalseSharing(int, char **) {
  // out[lane * 8 + warp]: each sector gets one word from each of 8 warps.
  return oneSite("store", 4,
                 [](uint64_t, uint64_t T) { return (T % 32) * 8 + T / 32; });
}
int caseVector(int, char **) {
  // float4 loads, coalesced: ideal 16 sectors a request.
  return oneSite("load", 16, [](uint64_t, uint64_t T) { return T; });
}

int caseHotSpot(int, char **) {
  // y[i] = a[i] * a[0]: a[0] is read by every warp of the block.
  SiteTable T = mustParse(siteLine(0, "load", "global", 4, 30, 10) +
                          siteLine(1, "load", "global", 4, 30, 17) +
                          siteLine(2, "store", "global", 4, 30, 5));
  FakeDevice D(testHeader(Mode::Heatmap, 3));
  Dim Grid{2}, Block{256};
  D.run(T, Grid, Block, [](Dim, Dim Th) {
    return std::vector<Access>{
        {0, ArrA + 4 * (1 + Th.X)}, {1, ArrA}, {2, ArrB + 4 * Th.X}};
  });
  return printReport(
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays()));
}

int caseRandomHot(int, char **) {
  // spmv's x[col[j]]: data-dependent columns, skewed towards low indices.
  SiteTable T = mustParse(siteLine(0, "load", "global", 4, 40, 12));
  FakeDevice D(testHeader(Mode::Heatmap, 1));
  Dim Grid{1}, Block{256};
  D.run(T, Grid, Block, [](Dim, Dim Th) {
    std::vector<Access> V;
    uint64_t X = Th.X * 7919 + 17;
    for (int K = 0; K < 4; ++K) {
      X = (X * 6364136223846793005ull + 1442695040888963407ull);
      uint64_t R = (X >> 33) % 1024;
      V.push_back({0, ArrB + 4 * (R * R / 1024)});
    }
    return V;
  });
  return printReport(
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays()));
}

int smem(bool Abuse) {
  // s[t] = ...; ... = s[Abuse ? t : transposed(t)]
  SiteTable T = mustParse(siteLine(0, "store", "shared", 4, 50, 7) +
                          siteLine(1, "load", "shared", 4, 51, 14));
  FakeDevice D(testHeader(Mode::Heatmap, 2));
  Dim Grid{1}, Block{256};
  D.run(T, Grid, Block, [&](Dim, Dim Th) {
    uint64_t Tr = (Th.X % 16) * 16 + Th.X / 16;
    return std::vector<Access>{{0, 0x400 + 4 * Th.X},
                               {1, 0x400 + 4 * (Abuse ? Th.X : Tr)}};
  });
  return printReport(
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays()));
}
int caseSmemAbuse(int, char **) { return smem(true); }
int caseSmemShared(int, char **) { return smem(false); }

int camping(const char *Spec, bool Camp) {
  std::string Err;
  // "uniform" is what "default" means where no calibrated map is installed;
  // the test must not depend on the one in model/data.
  auto M = std::string(Spec) == "uniform"
               ? std::optional<PartitionModel>(PartitionModel())
               : PartitionModel::parse(Spec, Err);
  if (!M) {
    std::fprintf(stderr, "%s\n", Err.c_str());
    return 3;
  }
  SiteTable T = mustParse(siteLine(0, "store", "global", 4, 60, 3) +
                          siteLine(1, "atomic", "global", 4, 61, 5));
  FakeDevice D(testHeader(Mode::Grid, 2, 0, &*M, 16, 4));
  Dim Grid{64}, Block{64};
  bool Uniform = M->kind() == PartitionModel::Kind::Uniform;
  D.run(T, Grid, Block, [&](Dim B, Dim Th) {
    if (Uniform) // out[gid] = ..; atomicAdd(&count[Camp ? 0 : block], 1)
      return std::vector<Access>{{0, ArrA + 256 * B.X + 4 * Th.X},
                                 {1, ArrB + (Camp ? 0 : 32 * B.X)}};
    // 256-byte rows at a 2 KiB pitch all land in partition 0
    uint64_t Off = (Camp ? 2048 : 256) * B.X + 4 * Th.X;
    return std::vector<Access>{{0, ArrA + Off}};
  });
  LaunchInfo I = launchInfo(Mode::Grid, Grid, Block);
  I.PartitionModelName = M->name();
  I.SectorBuckets = devicePartitions(*M).SectorBuckets;
  I.ActiveBlocksPerSm = 16;
  LaunchReport R = analyze(D, I, T, twoArrays());
  if (Uniform) { // 4096 buckets: print only the verdicts
    auto J = launchJson(R);
    J["partitions"].erase("windows");
    std::cout << J["partitions"].dump(1) << "\n";
    for (auto &S : J["sites"])
      std::cout << "site " << S["id"] << ": " << S["patterns"].dump() << " "
                << S["partitions"]["verdict"].dump() << "\n";
    for (const Finding &F : R.Findings)
      std::cout << "finding: " << F.Location << ": " << F.Message << "\n";
    return 0;
  }
  return printReport(R);
}
int caseCampedGt200(int, char **) { return camping("gt200", true); }
int caseSpreadGt200(int, char **) { return camping("gt200", false); }
int caseCampedUniform(int, char **) { return camping("uniform", true); }
int caseSpreadUniform(int, char **) { return camping("uniform", false); }

int caseGridStride(int, char **) {
  // Grid mode keeps no heat map: a stride cannot be told from a gather.
  SiteTable T = mustParse(siteLine(0, "load", "global", 4, 70, 9));
  PartitionModel Uniform;
  FakeDevice D(testHeader(Mode::Grid, 1, 0, &Uniform, 16, 4));
  Dim Grid{8}, Block{64};
  D.run(T, Grid, Block, [](Dim B, Dim Th) {
    return std::vector<Access>{{0, ArrA + 256 * (B.X * 64 + Th.X)}};
  });
  LaunchInfo I = launchInfo(Mode::Grid, Grid, Block);
  I.SectorBuckets = true;
  return printReport(analyze(D, I, T, twoArrays()));
}

int caseBadRange(int, char **) {
  // A device that never wrote the address range (addr_min still ~0): no
  // range, no object, but the counters still count.
  SiteTable T = mustParse(siteLine(0, "load", "global", 4, 12, 9));
  FakeDevice D(testHeader(Mode::Heatmap, 1));
  Dim Grid{1}, Block{64};
  D.run(T, Grid, Block, [](Dim, Dim Th) {
    return std::vector<Access>{{0, ArrA + 4 * Th.X}};
  });
  ss_launch_header &H = D.header();
  auto *C = reinterpret_cast<ss_site_counters *>(
      const_cast<uint8_t *>(D.bytes().data()) + H.off_sites);
  C->addr_min = C->addr_max = ~uint64_t(0);
  return printReport(
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays()));
}

int caseSmemNoRange(int, char **) {
  // As smem-abuse, from a device that wrote no address ranges.
  SiteTable T = mustParse(siteLine(0, "store", "shared", 4, 50, 7));
  FakeDevice D(testHeader(Mode::Heatmap, 1));
  Dim Grid{1}, Block{256};
  D.run(T, Grid, Block, [](Dim, Dim Th) {
    return std::vector<Access>{{0, 0x400 + 4 * Th.X}};
  });
  auto *C = reinterpret_cast<ss_site_counters *>(
      const_cast<uint8_t *>(D.bytes().data()) + D.header().off_sites);
  C->addr_min = C->addr_max = ~uint64_t(0);
  return printReport(
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays()));
}

int caseCsv(int, char **) {
  SiteTable T = mustParse(siteLine(0, "store", "global", 4, 12, 9) +
                          siteLine(1, "load", "shared", 4, 13, 9));
  FakeDevice D(testHeader(Mode::Heatmap, 2));
  Dim Grid{1}, Block{64};
  D.run(T, Grid, Block, [](Dim, Dim Th) {
    return std::vector<Access>{{0, ArrA + 8 * Th.X}, {1, 4 * (Th.X % 8)}};
  });
  LaunchInfo I = launchInfo(Mode::Heatmap, Grid, Block);
  I.CsvName = "test-host-1-t1-00000.heat.csv";
  LaunchReport R = analyze(D, I, T, twoArrays());
  std::cout << heatCsv(R);
  std::cout << launchJson(R)["heatmap"].dump(1) << "\n";
  return 0;
}

int caseOverflow(int, char **) {
  SiteTable T = mustParse(siteLine(0, "load", "global", 4, 12, 9));
  FakeDevice D(testHeader(Mode::Heatmap, 1, 64));
  Dim Grid{1}, Block{128};
  D.run(T, Grid, Block, [](Dim, Dim Th) {
    // site 5 is beyond the table: counted as a site overflow
    return std::vector<Access>{{0, ArrA + 32 * Th.X}, {5, ArrA}};
  });
  LaunchReport R =
      analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
  auto J = launchJson(R);
  std::cout << J["overflow"].dump() << "\n" << J["heatmap"]["sectors"] << "\n";
  return 0;
}

int caseNoData(int Argc, char **Argv) {
  // What the host writes without device data: time mode, a sticky error,
  // a sampled block outside the grid.
  std::string What = Argc > 0 ? Argv[0] : "";
  SiteTable T = mustParse(siteLine(0, "load", "global", 4, 12, 9) + "K\t" +
                          Kernel + "\tinline_asm=2,texture=1\n");
  LaunchInfo I = launchInfo(What == "time" ? Mode::Time : Mode::Heatmap,
                            Dim{8, 2}, Dim{128});
  if (What == "time") {
    I.TimeMs = 1.25;
    I.ActiveBlocksPerSm = 16;
    PreviousLaunch P;
    P.Kernel = "step(float*)";
    P.Grid[0] = 64, P.Grid[2] = 3;
    P.Block[0] = 128;
    P.KernelLaunch = 7;
    I.Previous = P;
  } else if (What == "sticky")
    I.Error = "kernel failed: cudaErrorLaunchFailure (unspecified launch "
              "failure); launch buffer unreadable: cudaErrorLaunchFailure "
              "(unspecified launch failure)";
  else if (What == "outside") {
    I.Sample[0] = 9;
    I.SampleInGrid = false;
    I.Note = "SECTORSCOPE_BLOCK is outside the grid: nothing sampled";
    I.KernelMs = 0.5;
  }
  LaunchReport R = analyzeLaunch(I, &T, nullptr, twoArrays());
  return printReport(R);
}

int caseSummary(int, char **) {
  SiteTable T = mustParse(siteLine(0, "load", "global", 4, 12, 9) +
                          siteLine(1, "store", "global", 4, 13, 5));
  Summary S;
  for (int Launch = 0; Launch < 3; ++Launch) {
    FakeDevice D(testHeader(Mode::Heatmap, 2));
    Dim Grid{1}, Block{256};
    D.run(T, Grid, Block, [](Dim, Dim Th) {
      return std::vector<Access>{{0, ArrA + 256 * Th.X},
                                 {1, ArrB + 4 * (Th.X + 1)}};
    });
    LaunchReport R =
        analyze(D, launchInfo(Mode::Heatmap, Grid, Block), T, twoArrays());
    S.add(R.Findings);
    S.countLaunch(true);
  }
  S.noteError("test(float*, float*): kernel failed: cudaErrorIllegalAddress");
  std::cout << S.render("./sectorscope-out/");
  return 0;
}

int caseAlloc(int, char **) {
  AllocationTable T;
  auto Add = [&](uint64_t Base, uint64_t Size, const char *Site) {
    Allocation A;
    A.Base = Base;
    A.Size = Size;
    splitAllocSite(Site, A.Site, A.Name);
    T.add(A);
  };
  Add(0x1000, 0x100, "gs.cu:88:3 q");
  Add(0x2000, 0x80, "my dir/gs.cu:89:3 d_r[0]");
  Add(0x3000, 0x10, nullptr);
  auto Show = [&](uint64_t Addr) {
    AllocationSnapshot S = T.snapshot();
    const Allocation *A = S.find(Addr);
    std::printf("%#llx -> %s\n", (unsigned long long)Addr,
                A ? A->describe().c_str() : "none");
  };
  Show(0x1000);
  Show(0x10ff);
  Show(0x1100);
  Show(0x2040);
  Show(0x3008);
  Show(0xfff);
  bool First = T.remove(0x1000);
  bool Again = T.remove(0x1000);
  std::printf("remove 0x1000: %d, again: %d, live: %zu\n", First, Again,
              T.size());
  Show(0x1000);
  Add(0x2000, 0x40, "gs.cu:120:3 w"); // the driver reused the address
  Show(0x2010);
  Show(0x2040);
  return 0;
}

int caseThreads(int, char **) {
  // Launches from many host threads share the allocation table and the
  // summary; both must come out whole.
  AllocationTable T;
  Summary S;
  std::vector<std::thread> Ts;
  for (int I = 0; I < 8; ++I)
    Ts.emplace_back([&, I] {
      for (int K = 0; K < 1000; ++K) {
        Allocation A;
        A.Base = 0x100000ull * (I * 1000 + K + 1);
        A.Size = 256;
        T.add(A);
        S.add({{"k|f.cu:" + std::to_string(K % 10) + ":1|strided",
                "f.cu:" + std::to_string(K % 10) + ":1", "strided load"}});
        S.countLaunch(true);
        if (K % 2)
          T.remove(A.Base);
      }
    });
  for (auto &Th : Ts)
    Th.join();
  std::string R = S.render("out/");
  std::printf("live %zu, lines %zu\n%s", T.size(),
              size_t(std::count(R.begin(), R.end(), '\n')),
              R.substr(R.rfind("sectorscope:")).c_str());
  return 0;
}

int caseFileName(int Argc, char **Argv) {
  ProcessIdentity P =
      currentProcess([](const char *N) { return std::getenv(N); });
  P.Pid = 4242; // for a stable check
  std::string Host = P.Host;
  P.Host = "node1";
  std::cout << "rank: " << (P.Rank.empty() ? "none" : P.Rank) << "\n";
  std::cout << launchFileStem(
                   shortKernelName(demangle("_Z9transposeILi32EEvPfPKfii")), P,
                   77, 3)
            << "\n";
  std::cout << sanitizeForFileName("../etc/pa ss<wd>") << "\n";
  std::cout << "host ok: " << (sanitizeForFileName(Host) == Host) << "\n";
  // SECTORSCOPE_OUT is created with its parents; a path through a file is
  // refused with a reason (the runtime then writes no reports, says so once
  // in the summary, and the program runs on).
  for (int I = 0; I < Argc; ++I) {
    std::string Err;
    bool Ok = makeDirectories(Argv[I], Err);
    std::cout << "mkdir " << Ok << (Ok ? "" : " (" + Err + ")") << "\n";
  }
  return 0;
}

int caseDemangle(int Argc, char **Argv) {
  for (int I = 0; I < Argc; ++I)
    std::cout << demangle(Argv[I]) << " | "
              << shortKernelName(demangle(Argv[I])) << "\n";
  return 0;
}

int caseLaunches(int Argc, char **Argv) {
  std::string Err;
  auto L = LaunchSelector::parse(Argc > 0 ? Argv[0] : "", Err);
  if (!L) {
    std::fprintf(stderr, "sectorscope: error: %s\n", Err.c_str());
    return 2;
  }
  std::cout << L->str() << ":";
  for (uint64_t I = 0; I < 12; ++I)
    if (L->selects(I))
      std::cout << " " << I;
  std::cout << "\n";
  return 0;
}

int caseEnv(int, char **) {
  std::string Err;
  auto C = parseConfig([](const char *N) { return std::getenv(N); }, Err);
  if (!C) {
    std::fprintf(stderr, "sectorscope: error: %s\n", Err.c_str());
    return 2;
  }
  std::cout << "mode=" << modeName(C->TheMode) << " kernels="
            << (C->KernelsPattern.empty() ? "*" : C->KernelsPattern)
            << " launches=" << C->Launches.str() << " block=" << C->Block[0]
            << "," << C->Block[1] << "," << C->Block[2]
            << " partitions=" << C->Partitions.name()
            << " count=" << C->Partitions.count() << " out=" << C->OutDir
            << " log=" << C->LogRecords << " windows=" << C->MaxWindows
            << " quiet=" << C->Quiet << " occupancy=" << C->OccupancyWarps
            << "\n";
  if (!C->PartitionWarning.empty())
    std::cout << "warning: " << C->PartitionWarning << "\n";
  for (const char *K : {"gs_norm(float*)", "transpose<32>(float*)"})
    std::cout << K << ": " << (C->selectsKernel(K) ? "selected" : "skipped")
              << "\n";
  return 0;
}

// occupancy <warps/SM> <threads/block> <static> <requested> [grid blocks]:
// what the cap asks of an H100/H200-like SM (132 SMs) (228 KiB of shared memory at most, 227 KiB
// opt-in per block, 1 KiB reserved per block, 2048 threads and 32 blocks),
// against a stand-in for the driver: the carveout is the smallest of
// Hopper's configurations that holds the preference and one block (unset:
// all of it), and as many blocks run as it holds. Prints the preference
// ("untouched" when none was set), the padded bytes and the blocks that
// then fit.
int caseOccupancy(int Argc, char **Argv) {
  if (Argc < 4)
    return 2;
  SharedMemoryLimits L{233472, 232448, 1024};
  const unsigned Threads = unsigned(std::atoi(Argv[1]));
  const size_t Static = size_t(std::atoll(Argv[2]));
  int Percent = -1; // Unset: the driver favours occupancy (all of it).
  size_t Carveout = 0;
  auto Occupancy = [&](size_t Dynamic) {
    const size_t Block = Static + Dynamic + L.Reserved;
    size_t Want = Percent < 0 ? L.PerSm : L.PerSm * Percent / 100;
    Carveout = L.PerSm;
    for (size_t KiB : {0, 8, 16, 32, 64, 100, 132, 164, 196, 228})
      if (KiB * 1024 >= std::max(Want, Block)) {
        Carveout = KiB * 1024;
        break;
      }
    size_t ByThreads = 2048 / std::max(Threads, 1u);
    return int(std::min({Carveout / Block, ByThreads, size_t(32)}));
  };
  auto WholeArrayShared = [&] {
    Percent = 100;
    return true;
  };
  const unsigned long long Grid = Argc > 4 ? std::atoll(Argv[4]) : 0;
  size_t Padded = capSharedBytes(unsigned(std::atoi(Argv[0])), Threads, Static,
                                 size_t(std::atoll(Argv[3])), Grid, 132, L,
                                 WholeArrayShared, Occupancy);
  int Blocks = Occupancy(Padded);
  if (Percent < 0)
    std::cout << "untouched";
  else
    std::cout << "carveout " << Percent << "%";
  std::cout << " padded " << Padded << " blocks " << Blocks << "\n";
  return 0;
}

int caseSiteTable(int, char **) {
  std::stringstream SS;
  SS << std::cin.rdbuf();
  SiteTable T;
  std::string Err;
  if (!parseSiteTable(SS.str(), T, Err)) {
    std::fprintf(stderr, "sectorscope: error: %s\n", Err.c_str());
    return 1;
  }
  std::cout << "abi " << T.AbiVersion << ", " << T.Sites.size() << " sites\n";
  for (const Site &S : T.Sites)
    std::cout << S.Id << " " << S.Kernel << " " << opName(S.Op) << " "
              << spaceName(S.Space) << " w" << S.Width << " mlp" << S.Mlp << " "
              << S.File << ":" << S.Line << ":" << S.Column << " in '"
              << S.Function << "'\n";
  for (const auto &[K, Kinds] : T.NotInstrumented)
    for (const auto &[Kind, N] : Kinds)
      std::cout << "not instrumented in " << K << ": " << Kind << "=" << N
                << "\n";
  return 0;
}

int caseLayout(int Argc, char **Argv) {
  Mode M =
      Argc > 0 && std::string(Argv[0]) == "grid" ? Mode::Grid : Mode::Heatmap;
  std::string Err;
  auto P = PartitionModel::parse(Argc > 1 ? Argv[1] : "gt200", Err);
  ss_launch_header H = testHeader(M, 3, 1024, &*P, 100, 5);
  std::printf(
      "header %zu sites %llu part_window %llu part_site %llu log %llu "
      "total %llu chunks %u x %u parts %u gran_log2 %u windows %u bpw %u "
      "mode %u abi %u stripes %u\n",
      sizeof(ss_launch_header), (unsigned long long)H.off_sites,
      (unsigned long long)H.off_part_window,
      (unsigned long long)H.off_part_site, (unsigned long long)H.off_log,
      (unsigned long long)H.total_bytes, H.log_chunks, H.log_chunk_records,
      H.part_count, H.part_gran_log2, H.num_windows, H.blocks_per_window,
      H.mode, H.abi_version, H.site_stripes);
  // v9: the tables' device addresses, for a buffer at 1 MiB.
  bindLaunchBuffer(H, 1u << 20);
  std::printf("kind %u masks %u %#llx general %u run_offsets %#x granule_log2 "
              "%u mask %#llx "
              "dev_sites %#llx dev_part_window %#llx dev_part_site %#llx\n",
              H.part_kind, H.part_num_masks,
              (unsigned long long)
                  H.part_masks[H.part_num_masks ? H.part_num_masks - 1 : 0],
              H.part_general, H.part_run_offsets, H.part_granule_log2,
              (unsigned long long)H.part_granule_mask,
              (unsigned long long)H.dev_sites,
              (unsigned long long)H.dev_part_window,
              (unsigned long long)H.dev_part_site);
  std::vector<uint8_t> Pre = initialBufferPrefix(H);
  const auto *C =
      reinterpret_cast<const ss_site_counters *>(Pre.data() + H.off_sites);
  std::printf("site0 addr_min %#llx addr_max %llu\n",
              (unsigned long long)C[0].addr_min,
              (unsigned long long)C[0].addr_max);
  // A truncated or foreign buffer is refused, not misread.
  LaunchData D;
  std::vector<uint8_t> Full(H.total_bytes);
  std::memcpy(Full.data(), &H, sizeof(H));
  std::printf("decode full: %d\n",
              decodeLaunchBuffer(Full.data(), Full.size(), D, Err));
  // The host copies back only the used prefix (usedBytes); less is refused.
  bool Ok = decodeLaunchBuffer(Full.data(), usedBytes(H) - 8, D, Err);
  std::printf("decode short: %d (%s)\n", Ok, Err.c_str());
  reinterpret_cast<ss_launch_header *>(Full.data())->abi_version = 1;
  Ok = decodeLaunchBuffer(Full.data(), Full.size(), D, Err);
  std::printf("decode v1: %d (%s)\n", Ok, Err.c_str());
  return 0;
}

/// abi.h v9: the stripes and partition tables the host keeps for a module
/// of argv[0] sites under model argv[1] on a 256-SM GPU, so that every
/// device table index stays below 2^31.
int caseTableLimits(int Argc, char **Argv) {
  std::string Err;
  auto P = PartitionModel::parse(Argc > 1 ? Argv[1] : "gt200", Err);
  BufferRequest R;
  R.TheMode = Mode::Grid;
  R.NumSites = uint32_t(std::atoll(Argc > 0 ? Argv[0] : "1"));
  R.Parts = devicePartitions(*P);
  R.NumWindows = 64;
  R.SiteStripes = 256;
  ss_launch_header H = makeLaunchHeader(R);
  std::printf("stripes %u parts %u dropped %d\n", H.site_stripes, H.part_count,
              int(partitionTablesDropped(H)));
  return 0;
}

} // namespace

const std::vector<TestCase> &allCases() {
  static const std::vector<TestCase> Cases = {
      {"table-limits", caseTableLimits},
      {"coalesced", caseCoalesced},
      {"strided", caseStrided},
      {"misaligned", caseMisaligned},
      {"uncoalesced", caseUncoalesced},
      {"false-sharing", caseFalseSharing},
      {"vector", caseVector},
      {"hot-spot", caseHotSpot},
      {"random-hot", caseRandomHot},
      {"smem-abuse", caseSmemAbuse},
      {"smem-shared", caseSmemShared},
      {"camped-gt200", caseCampedGt200},
      {"spread-gt200", caseSpreadGt200},
      {"camped-uniform", caseCampedUniform},
      {"spread-uniform", caseSpreadUniform},
      {"grid-stride", caseGridStride},
      {"bad-range", caseBadRange},
      {"smem-no-range", caseSmemNoRange},
      {"csv", caseCsv},
      {"overflow", caseOverflow},
      {"no-data", caseNoData},
      {"summary", caseSummary},
      {"alloc", caseAlloc},
      {"threads", caseThreads},
      {"filename", caseFileName},
      {"demangle", caseDemangle},
      {"launches", caseLaunches},
      {"env", caseEnv},
      {"occupancy", caseOccupancy},
      {"sitetable", caseSiteTable},
      {"layout", caseLayout},
      {"expect", caseExpect},
  };
  return Cases;
}

} // namespace sectorscope::rt::test
