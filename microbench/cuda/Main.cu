//===- Main.cu - sectorscope-microbench driver ----------------------------===//
//
// Runs the micro-benchmark groups in order and writes one JSON report. See
// microbench/README.md for the row schema.
//
//===----------------------------------------------------------------------===//
#include "microbench/cuda/Common.cuh"

#include <unistd.h>

namespace sectorscope::mb {
namespace {

DeviceInfo queryDevice() {
  DeviceInfo D;
  int Dev = 0;
  CK(cudaGetDevice(&Dev));
  cudaDeviceProp P{};
  CK(cudaGetDeviceProperties(&P, Dev));
  D.Name = P.name;
  D.Sms = P.multiProcessorCount;
  D.CcMajor = P.major;
  D.CcMinor = P.minor;
  D.MaxWarpsPerSm = P.maxThreadsPerMultiProcessor / P.warpSize;
  D.L2Bytes = uint64_t(P.l2CacheSize);
  D.GlobalMemBytes = P.totalGlobalMem;
  CK(cudaDeviceGetAttribute(&D.MemBusWidthBits, cudaDevAttrGlobalMemoryBusWidth,
                            Dev));
  CK(cudaDriverGetVersion(&D.DriverVersion));
  CK(cudaRuntimeGetVersion(&D.RuntimeVersion));
  char Bus[64] = {0};
  CK(cudaDeviceGetPCIBusId(Bus, sizeof(Bus), Dev));
  D.PciBusId = Bus;
  return D;
}

} // namespace
} // namespace sectorscope::mb

int main(int Argc, char **Argv) {
  using namespace sectorscope::mb;
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  ParseResult PR = parseArgs(Args);
  if (!PR.ok()) {
    std::fprintf(stderr, "sectorscope-microbench: %s\n%s", PR.Error.c_str(),
                 usage().c_str());
    return 1;
  }
  const Options &O = PR.Opts;
  if (O.Help) {
    std::fputs(usage().c_str(), stdout);
    return 0;
  }
  DeviceInfo D = queryDevice();
  Nvml Nv(D.PciBusId);
  if (Nv.available()) {
    D.DriverString = Nv.driverVersion();
    D.MaxSmClockMhz = Nv.maxSmClockMhz();
    D.MaxMemClockMhz = Nv.maxMemClockMhz();
  } else {
    std::fprintf(stderr, "sectorscope-microbench: no telemetry: %s\n",
                 Nv.error().c_str());
  }
  std::fprintf(stderr, "%s: %d SMs, %d warps/SM, L2 %llu B, driver %s\n",
               D.Name.c_str(), D.Sms, D.MaxWarpsPerSm,
               (unsigned long long)D.L2Bytes, D.DriverString.c_str());
  if (!O.SliceProbe.empty())
    return runSliceProbe(O, D);

  // The gt200 group (N = 40 arrays of 64 MiB) and the pitch group set the
  // buffer size; a little slack covers offsets and shifted accesses.
  Buffers Buf;
  Buf.Bytes = std::max<size_t>(O.FootprintMiB, 2560) << 20;
  CK(cudaMalloc(&Buf.A, Buf.Bytes + (1 << 20)));
  CK(cudaMalloc(&Buf.B, Buf.Bytes + (1 << 20)));
  // Never time untouched memory: fill both with a non-zero pattern.
  CK(cudaMemset(Buf.A, 0x5a, Buf.Bytes + (1 << 20)));
  CK(cudaMemset(Buf.B, 0xa5, Buf.Bytes + (1 << 20)));

  Provenance P;
  for (int I = 0; I < Argc; ++I)
    P.Command += (I ? " " : "") + std::string(Argv[I]);
  char Host[256] = {0};
  gethostname(Host, sizeof(Host) - 1);
  P.Host = Host;
  P.Timing = O.Ungated ? "ungated" : "gated";
  Harness H(O, D, Nv);
  // The report is rewritten after every group, so a run cut short (a time
  // limit on the GPU machine) still leaves every finished group on disk.
  auto Flush = [&](bool Complete) {
    P.DateUtc = utcNow();
    nlohmann::json J = makeReport(D, P, H.Rows);
    J["complete"] = Complete;
    J["elapsed_s"] = H.elapsed();
    std::string Err;
    if (!writeJsonFile(O.Out, J, Err)) {
      std::fprintf(stderr, "sectorscope-microbench: %s\n", Err.c_str());
      std::exit(1);
    }
  };
  using Group = void (*)(Harness &, const Buffers &);
  const std::pair<const char *, Group> Groups[] = {
      {"stream", runStream},        {"campprof", runCampProf},
      {"gt200", runGt200},          {"stride", runStride},
      {"offset", runOffset},        {"pitch", runPitch},
      {"hot_region", runHotRegion}, {"latency", runLatency},
      {"streams", runStreams},      {"block", runBlockCost},
      {"loadstore", runLoadStore},  {"small", runSmallGrid},
      {"local", runLocalMemory},    {"atomic", runHotAtomics},
      {"hot_load", runHotLoads},    {"dirty", runDirtyL2},
      {"shared", runSharedMemory},  {"arith", runArithLatency}};
  for (auto &[Name, Run] : Groups)
    if (wants(O, Name)) {
      Run(H, Buf);
      Flush(false);
    }
  Flush(true);

  // A short summary on stdout: the streaming peaks.
  for (const Row &R : H.Rows)
    if (R.Experiment == "stream" && R.WordBytes == 16)
      std::printf(
          "stream %-5s 16B bps=%d  best %.3f ms  %.0f GB/s (median %.0f)\n",
          R.Op.c_str(), R.BlocksPerSm, R.Time.BestMs,
          gbps(R.BytesMoved, R.Time.BestMs),
          gbps(R.BytesMoved, R.Time.MedianMs));
  std::fprintf(stderr, "[%6.1fs] wrote %zu rows to %s\n", H.elapsed(),
               H.Rows.size(), O.Out.c_str());
  cudaFree(Buf.A);
  cudaFree(Buf.B);
  return 0;
}
