//===- Allocations.h - Device allocations and where the host made them ----===//
//
// The heat map speaks in addresses; programmers think in arrays. Every
// cudaMalloc the pass rewrote is recorded with its host call site, so a
// sector can be reported as "q (cudaMalloc at gs.cu:88:3)".
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_ALLOCATIONS_H
#define SECTORSCOPE_RT_ALLOCATIONS_H

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace sectorscope::rt {

struct Allocation {
  uint64_t Base = 0, Size = 0;
  std::string Site; // "file:line:col", or "" when unknown
  std::string Name; // pointer expression, or ""
  bool Managed = false;
  int Device = 0;
  uint64_t Serial = 0; // allocation order, for stable object ids

  bool contains(uint64_t Addr) const { return Addr - Base < Size; }
  /// "q (cudaMalloc at gs.cu:88:3)", for diagnostics.
  std::string describe() const;
};

/// Splits the runtime's site argument "file:line:col name" in two.
void splitAllocSite(const char *Arg, std::string &Site, std::string &Name);

/// An immutable, sorted copy taken for one launch's report.
class AllocationSnapshot {
public:
  AllocationSnapshot() = default;
  explicit AllocationSnapshot(std::vector<Allocation> Sorted)
      : Allocs(std::move(Sorted)) {}
  /// The allocation holding Addr, or nullptr.
  const Allocation *find(uint64_t Addr) const;
  const std::vector<Allocation> &all() const { return Allocs; }

private:
  std::vector<Allocation> Allocs; // by Base
};

/// Live allocations; thread-safe.
class AllocationTable {
public:
  void add(Allocation A);
  /// Forgets the allocation starting at Base; false if none.
  bool remove(uint64_t Base);
  AllocationSnapshot snapshot() const;
  size_t size() const;

private:
  mutable std::mutex Lock;
  std::map<uint64_t, Allocation> Live;
  uint64_t NextSerial = 0;
};

} // namespace sectorscope::rt

#endif
