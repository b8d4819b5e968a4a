//===- Options.h - sectorscope's plugin arguments ---------------*- C++ -*-===//
//
// Every user-visible switch of the compiler side lives here and is parsed in
// one place, Options::set(). The same parser serves the three ways in:
//   clang:  -fplugin-arg-sectorscope-<key>[=<value>]
//   opt:    -sectorscope-arg=<key>[=<value>] (repeatable)
//   tests:  Options::set() directly.
// The passes never see Options whole: each takes its own part
// (AnalyzerOptions, InstrumentOptions) through its constructor.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_SUPPORT_OPTIONS_H
#define SECTORSCOPE_SUPPORT_OPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SpecialCaseList.h"

#include <array>
#include <memory>
#include <optional>
#include <string>

namespace sectorscope {

/// The analyzer's rules. Their names are stable: they are SARIF rule ids.
enum class Rule { Strided, Misaligned, Camped, WarpRace };
constexpr unsigned NumRules = 4;
const char *ruleName(Rule R);
/// The rule of that name, if any.
std::optional<Rule> ruleNamed(llvm::StringRef Name);

enum class RuleAction { Off, Warn, Error };

/// What the compile-time analyzer checks and where it writes.
struct AnalyzerOptions {
  std::string SarifPath; ///< Write SARIF 2.1.0 here (file or directory).
  std::string Partitions = "default"; ///< Partition model spec.
  /// Check the source's `sectorscope-expect` comments (docs/expectations.md).
  bool CheckExpectations = false;
  std::array<RuleAction, NumRules> Rules = {RuleAction::Warn, RuleAction::Warn,
                                            RuleAction::Warn, RuleAction::Warn};
  /// Rules that stay warnings under -Werror (-Wno-error=sectorscope-<rule>).
  std::array<bool, NumRules> NoWarningAsError = {false, false, false, false};

  RuleAction action(Rule R) const { return Rules[unsigned(R)]; }
  /// Whether any rule reports at all.
  bool anyRuleOn() const;
  /// -Werror: every rule that warns becomes an error, except those named in
  /// -Wno-error=.
  void promoteWarnings();
};

/// How device code is instrumented. The plugin arguments
/// instrument-max-accesses, instrument-modes and instrument-ignorelist set
/// MaxAccessesPerKernel, HeatmapVariants and GridVariants, and IgnoreList; the
/// developer flags
/// -sectorscope-{device-runtime,inline-access,pair-accesses,lane-strides,
/// vectorize-first,explicit-lanes,link-runtime,max-deferred-accesses,
/// max-inlined-sites,max-inlined-sites-outside-loops,max-loop-tallies,
/// variant-max-registers} override them
/// (instrumentation/InstrumentPass.cpp).
struct InstrumentOptions {
  /// Device runtime bitcode to link; empty: sectorscope-device.bc beside
  /// the plugin.
  std::string DeviceRuntimePath;
  /// Inline the heat-map access (__sectorscope_access, a few dozen
  /// instructions) and grid mode's short paths (__sectorscope_access_grid)
  /// at each site, where a call and its return cost more than the access;
  /// off, every site calls one shared copy per module. The rest of grid
  /// mode's access, ten times larger, is always a call.
  bool InlineAccess = true;
  /// A function with more sites than this (of one mode: the heat-map
  /// access, grid mode's short paths) calls the access at each: ptxas time
  /// grows faster than the code (a tensor-core GEMM of 700 sites a kernel
  /// took over ten minutes inlined in grid mode; HeCBench kalman's device
  /// code, 740 unrolled local-array sites, 35 s with the heat-map access
  /// inlined at each, 9 s with it called).
  /// 0: no limit.
  unsigned MaxInlinedSites = 128;
  /// In grid mode, a function with more global, local or generic sites
  /// outside every loop than this calls the access at each of them: an
  /// unrolled stencil's straight-line loads (ParRes stencil's 121-point
  /// kernel) each run once a thread, yet their inlined short paths, some
  /// 380 PTX instructions each, made most of the code and of ptxas's time.
  /// A called site costs its warp more (the 121-point kernel's grid run
  /// 2.04x plain inlined, 2.24x called; docs/design.md), so a kernel of
  /// a few dozen such sites keeps them inlined. Sites in loops keep
  /// theirs. 0: no limit.
  unsigned MaxInlinedSitesOutsideLoops = 32;
  /// Grid-mode sites of a loop that sum their counts in registers until the
  /// loop exits (instrumentation/LoopTallies.h), each holding two; later
  /// sites update the counters at every request. 0: none.
  unsigned MaxLoopTallies = 8;
  /// In grid mode, a shared-memory site outside every loop (an unrolled
  /// reduction's, a convolution's) tests the state inline and is counted
  /// out of line by the blocks that count shared memory
  /// (instrumentation/SharedSitesOnce.h); off, its short path is inlined
  /// like the others'.
  bool CallSharedOutsideLoops = true;
  /// Registers a thread of a variant (sample and grid) may use when its
  /// kernel gives no launch bounds: at 64 a block of 1024 threads still
  /// launches (ptxas spills beyond), but an SM then holds at most 32 warps
  /// of the variant where the kernel may have run 64. 0: no cap.
  unsigned VariantMaxRegisters = 64;
  /// In grid mode, count a load and a store of one address by the same
  /// lanes (a read-modify-write) from one look at the warp's addresses
  /// (instrumentation/AccessPairs.h); off, each site counts its own.
  bool PairAccesses = true;
  /// In grid mode, tell the runtime the distance between lanes where the
  /// address is a row's value plus threadIdx.x times a constant
  /// (instrumentation/AddressKinds.h), so that it skips the shuffles and
  /// vote that find it; off, the runtime finds every stride itself.
  bool LaneStrides = true;
  /// Merge adjacent loads/stores into vector accesses before instrumenting,
  /// as the NVPTX backend would.
  bool VectorizeFirst = true;
  /// Group each request's lanes from the control flow (LaneMasks.h) rather
  /// than read them back with __activemask(); off: its counts are not yet
  /// compared with Nsight Compute's on a GPU.
  bool ExplicitLanes = false;
  /// Link the device runtime; off leaves calls to it external, for tests of
  /// the instrumentation alone.
  bool LinkRuntime = true;
  /// A kernel with more accesses than this (its own and those of the device
  /// functions it calls) runs uninstrumented: instrumented, every access
  /// becomes a call in two variants, and ptxas time grows with them. The
  /// report of each of its launches says so. 0: no limit.
  unsigned MaxAccessesPerKernel = 4096;
  /// The run-time modes whose variants are built (instrument-modes): a
  /// mode left out gets plain copies of the kernels, which cost ptxas
  /// little (grid variants are most of an instrumented build's ptxas
  /// time), and the site table's M record tells the host.
  bool HeatmapVariants = true, GridVariants = true;
  /// Kernels left as compiled because the user listed them, in the
  /// sanitizers' special-case-list syntax (`fun:` on the kernel's mangled or
  /// demangled name, `src:` on the file it is defined in), and the file it
  /// came from.
  std::shared_ptr<const llvm::SpecialCaseList> IgnoreList;
  std::string IgnoreListPath;
  /// How many accesses of a block may be recorded together after the last
  /// of them, so that their loads overlap (InstrumentPass.cpp, endsDeferral);
  /// more would keep that many addresses live. 1: each access is recorded
  /// right after it.
  unsigned MaxDeferredAccesses = 8;
  /// Relocatable device code (-fgpu-rdc): the device link merges this
  /// module with others, so its descriptor and site table take names of
  /// their own (instrumentation/ModuleNames.h). Set from the compile's
  /// language options.
  bool RelocatableDeviceCode = false;
};

struct Options {
  bool Analyze = true;     ///< Run the compile-time analyzer.
  bool Instrument = false; ///< Instrument device memory operations.
  bool Verbose = false;    ///< Say which modules are analyzed or skipped.
  AnalyzerOptions Analyzer;
  InstrumentOptions Instrumentation;
  /// The first instrument-<key> argument given (instrument-modes, ...):
  /// without `instrument` it changes nothing, which the plugin says.
  std::string InstrumentKeyGiven;

  /// Applies one `key[=value]`. Returns "" or a one-line error message.
  std::string set(llvm::StringRef Arg);
  /// Applies one warning option as clang spells it after `-W`
  /// (`sectorscope`, `no-sectorscope-strided`, `error=sectorscope-camped`,
  /// `no-error=sectorscope`), with clang's meaning: -Wno- turns off,
  /// -Werror= turns on as an error, -W turns on without undoing an error,
  /// -Wno-error= keeps a warning. Returns "" or a one-line error message;
  /// options of other warning groups are not sectorscope's and return "".
  std::string setWarningOption(llvm::StringRef Option);
  /// Whether a `-W` option names one of sectorscope's warning groups.
  static bool isWarningOption(llvm::StringRef Option);
  /// The valid keys, "key[=value]" and comma-separated, for error messages.
  static std::string validKeys();
};

} // namespace sectorscope

#endif
