//===- Runtime.cpp - Set up from the environment, summary at exit ---------===//
#include "Runtime.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace sectorscope::rt {
namespace {

Runtime *TheRuntime = nullptr;

void printSummary() {
  if (!TheRuntime || TheRuntime->Cfg.Quiet)
    return;
  std::string S = TheRuntime->Findings.render(TheRuntime->Cfg.OutDir.Path);
  std::fputs(S.c_str(), stderr);
}

__attribute__((constructor)) void initAtLoad() { rt(); }

} // namespace

[[noreturn]] void fatal(const std::string &Msg) {
  std::fprintf(stderr, "sectorscope: error: %s\n", Msg.c_str());
  std::fflush(stderr);
  std::exit(2);
}

std::string cudaMsg(const char *What, cudaError_t E) {
  return std::string(What) + ": " + cudaGetErrorName(E) + " (" +
         cudaGetErrorString(E) + ")";
}

Runtime &rt() {
  // The constructor above normally ran first; a launch from another
  // library's constructor may come earlier.
  static std::once_flag Once;
  std::call_once(Once, [] {
    auto GetEnv = [](const char *N) { return std::getenv(N); };
    std::string Err;
    auto C = parseConfig(GetEnv, Err);
    if (!C)
      fatal(Err);
    std::string Unknown = unknownVariablesWarning(environ);
    if (!Unknown.empty())
      std::fprintf(stderr, "sectorscope: warning: %s\n", Unknown.c_str());
    auto *R = new Runtime();
    R->Cfg = std::move(*C);
    R->Reports = std::make_unique<ReportWriter>(
        R->Cfg.OutDir.Path, currentProcess(GetEnv), R->Cfg.HeatCsv.Bytes);
    TheRuntime = R;
    if (R->Cfg.Expect) // registered first: runs after the summary
      std::atexit([] { TheRuntime->Expectations.finish(); });
    std::atexit(printSummary);
  });
  return *TheRuntime;
}

void report(Runtime &R, LaunchInfo &Info, const SiteTable *Table,
            LaunchData *Data) {
  LaunchReport Rep =
      R.Reports->report(Info, Table, Data, R.Allocs.snapshot(), R.Findings);
  if (R.Cfg.Expect)
    R.Expectations.check(Rep, Table, R.Cfg.Partitions.Spec);
}

} // namespace sectorscope::rt
