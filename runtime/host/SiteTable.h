//===- SiteTable.h - The pass's per-module table of access sites ----------===//
//
// The pass describes every instrumented access as one text line in device
// memory (format in abi.h); the device counts by site id only, so this table
// is what turns counters back into file:line:column and op/space/width.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_SITETABLE_H
#define SECTORSCOPE_RT_SITETABLE_H

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sectorscope::rt {

struct Site {
  uint32_t Id = 0;
  std::string Kernel; // mangled
  uint32_t Op = 0;    // ss_op
  uint32_t Space = 0; // ss_space
  uint32_t Width = 0;
  uint32_t Line = 0, Column = 0;
  uint32_t Mlp = 1;     // loads in flight together (abi.h)
  uint32_t Work = 1;    // issue slots per execution (abi.h)
  bool Waits = false;   // the warp waits for the value (abi.h)
  bool SkipsL1 = false; // a volatile or atomic load (abi.h)
  std::string Function, File;
};

const char *opName(uint32_t Op);
const char *spaceName(uint32_t Space);

/// A kernel's sites: ids First .. First + Count - 1 (abi.h: consecutive).
struct SiteRange {
  uint32_t First = 0, Count = 0;
};

struct SiteTable {
  uint32_t AbiVersion = 0; // from the V line; 0 if absent
  std::vector<Site> Sites; // sorted by id
  // kernel (mangled) -> not-instrumented kind -> count
  std::map<std::string, std::map<std::string, uint64_t>> NotInstrumented;
  // kernel (mangled) -> why the pass left it uninstrumented (L records)
  std::map<std::string, std::string> Uninstrumented;
  // run-time mode (heatmap, grid) -> why the module has no variants for it
  // (M records), as the report's note: its launches run as compiled
  std::map<std::string, std::string> PlainModes;
  // kernel (mangled) -> its sites; grid variants count from First
  std::map<std::string, SiteRange> KernelSites;

  const Site *find(uint32_t Id) const;
  /// The sites of kernel `Mangled`; none ({0, 0}) if it has no site.
  SiteRange kernelSites(const std::string &Mangled) const;
  /// Why kernel `Mangled` runs as compiled in `Mode` (heatmap, grid): its L
  /// record's note, else the mode's M record's, else "".
  std::string whyAsCompiled(const std::string &Mangled,
                            const std::string &Mode) const;
  /// For sites First .. First + Count - 1, whether each is generic
  /// (LaunchData::GenericSites).
  std::vector<bool> genericSites(uint32_t First, uint32_t Count) const;
};

/// Parses the table text; on a malformed line returns false with Err naming
/// the line number and what was expected.
bool parseSiteTable(std::string_view Text, SiteTable &Out, std::string &Err);

} // namespace sectorscope::rt

#endif
