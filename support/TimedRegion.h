//===- TimedRegion.h - sectorscope's own work under -ftime-report -*- C++
//-*-===//
//
// One region of sectorscope's own work (the launch collector, the analyzer,
// SARIF output, instrumentation): a timer of the "sectorscope" group, which
// clang prints with its own groups under -ftime-report, and a scope of
// -ftime-trace's profile. Both cost a test and a branch when neither is
// asked for. Regions of the group must not nest: its total is their sum.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_SUPPORT_TIMEDREGION_H
#define SECTORSCOPE_SUPPORT_TIMEDREGION_H

#include "llvm/Pass.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/Timer.h"

namespace sectorscope {

class TimedRegion {
public:
  /// Name: the timer's key and -ftime-trace's event; Description: its line
  /// under -ftime-report; Detail: the trace event's detail (a module or
  /// file name). Timed when clang's -ftime-report set TimePassesIsEnabled
  /// (or Enabled says so).
  TimedRegion(llvm::StringRef Name, llvm::StringRef Description,
              llvm::StringRef Detail = "",
              bool Enabled = llvm::TimePassesIsEnabled)
      : Timer(Name, Description, "sectorscope", "sectorscope", Enabled),
        Trace(Name, Detail) {}

private:
  llvm::NamedRegionTimer Timer;
  llvm::TimeTraceScope Trace;
};

} // namespace sectorscope

#endif
