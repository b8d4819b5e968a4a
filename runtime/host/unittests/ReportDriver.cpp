//===- ReportDriver.cpp - runtime-report-driver: one report, as at run time
//===//
//
// Writes the report of one time-mode launch the way the runtime does after
// a kernel, with the runtime's settings from the environment, and prints the
// end-of-run summary: the lit tests drive report writing (SECTORSCOPE_OUT,
// failed writes) without a GPU.
//
//===----------------------------------------------------------------------===//
#include "Config.h"
#include "Demangle.h"
#include "ReportWriter.h"

#include <cstdio>
#include <cstdlib>

using namespace sectorscope::rt;

int main() {
  auto GetEnv = [](const char *N) { return std::getenv(N); };
  std::string Err;
  auto C = parseConfig(GetEnv, Err);
  if (!C) {
    std::fprintf(stderr, "sectorscope: error: %s\n", Err.c_str());
    return 2;
  }
  ReportWriter Writer(C->OutDir.Path, currentProcess(GetEnv), C->HeatCsv.Bytes);
  Summary Findings;
  LaunchInfo Info;
  Info.Mangled = "_Z4stepPf";
  Info.Kernel = demangle(Info.Mangled);
  Info.TheMode = Mode::Time;
  Info.TimeMs = 1.5;
  Writer.report(Info, nullptr, nullptr, AllocationSnapshot(), Findings);
  std::fputs(Findings.render(C->OutDir.Path).c_str(), stderr);
  return 0;
}
