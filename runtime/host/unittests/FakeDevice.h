//===- FakeDevice.h - Plays the device runtime's part on host memory ------===//
//
// The CPU tests cannot run kernels, so this writes a launch buffer exactly as
// abi.h says the device runtime does (the sampled block's lane records,
// grid-mode counters and per-partition counts), and the tests feed the bytes to
// the real post-processing.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_UNITTESTS_FAKEDEVICE_H
#define SECTORSCOPE_RT_UNITTESTS_FAKEDEVICE_H

#include "Buffers.h"
#include "SiteTable.h"

#include <functional>
#include <map>
#include <optional>
#include <vector>

namespace sectorscope::rt::test {

struct Dim {
  uint32_t X = 1, Y = 1, Z = 1;
  uint64_t count() const { return uint64_t(X) * Y * Z; }
};

/// One access a thread makes: site id and byte address.
struct Access {
  uint32_t Site;
  uint64_t Addr;
};

class FakeDevice {
public:
  explicit FakeDevice(const ss_launch_header &H);

  /// One warp-level request of Site by the lanes of Mask, at Addrs (in
  /// lane order).
  void request(uint32_t Site, const SiteTable &T, uint32_t Warp,
               uint64_t BlockLinear, uint32_t Mask,
               const std::vector<uint64_t> &Addrs);

  /// Runs a "kernel": Fn(block, thread) lists one thread's accesses in
  /// program order; the k-th accesses of a warp's lanes form its k-th
  /// request(s). Only blocks that would take the instrumented path run.
  void run(const SiteTable &T, Dim Grid, Dim Block,
           const std::function<std::vector<Access>(Dim, Dim)> &Fn);

  /// A grid variant's site ids count from its kernel's first site (abi.h):
  /// the accesses give ids from 0, the table's are `First` more.
  void countSitesFrom(uint32_t First) { FirstSite = First; }

  const std::vector<uint8_t> &bytes() const { return Buf; }
  ss_launch_header &header() {
    return *reinterpret_cast<ss_launch_header *>(Buf.data());
  }

private:
  /// Heat-map mode: the request as the device's lanes log it (abi.h).
  void log(uint32_t Site, uint32_t Warp, uint32_t Width, uint32_t Space,
           uint32_t Op, uint32_t Mask, const std::vector<uint64_t> &Addrs);
  std::vector<uint8_t> Buf;
  uint32_t FirstSite = 0;
};

/// A header for tests, as InstrumentedLaunch.cpp would make it.
ss_launch_header
testHeader(Mode M, uint32_t NumSites, uint64_t LogRecords = 1u << 18,
           const PartitionModel *Parts = nullptr, uint32_t BlocksPerWindow = 16,
           uint32_t NumWindows = 4, uint32_t BlockThreads = 1024);

} // namespace sectorscope::rt::test

#endif
