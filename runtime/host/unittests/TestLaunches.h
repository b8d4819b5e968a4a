//===- TestLaunches.h - Launches as the real path would see them -*- C++
//-*-===//
//
// A site table, two allocations and a launch buffer written by FakeDevice,
// fed to the real post-processing.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_UNITTESTS_TESTLAUNCHES_H
#define SECTORSCOPE_RT_UNITTESTS_TESTLAUNCHES_H

#include "FakeDevice.h"
#include "JsonMatch.h"

#include "Report.h"

#include <functional>
#include <string>
#include <vector>

namespace sectorscope::rt::test {

constexpr uint64_t ArrA = 0x7f0000000000ull; // "a", 1 MiB
constexpr uint64_t ArrB = 0x7f0000100000ull; // "b", 1 MiB
constexpr const char *TestKernel = "_Z4testPfS_";

/// An S record of the site table, in test(float*, float*) of k.cu.
std::string siteLine(uint32_t Id, const char *Op, const char *Space,
                     uint32_t Width, uint32_t Line, uint32_t Col,
                     const char *Kern = TestKernel);

/// Parses a site table the test wrote; a bad one fails the test.
SiteTable parseTestTable(const std::string &Text);

/// "a" at ArrA (main.cu:20:3) and an unnamed one at ArrB (main.cu:21:3).
AllocationSnapshot twoArrays();

LaunchInfo launchInfo(Mode M, Dim Grid, Dim Block);

/// Decodes the fake device's bytes with the real decoder and analyzes;
/// `FirstSite` as InstrumentedLaunch.cpp finds it for a grid-mode launch.
LaunchReport analyze(FakeDevice &D, const LaunchInfo &I, const SiteTable &T,
                     const AllocationSnapshot &Allocs, uint32_t FirstSite = 0);

/// One site, one global array, 4 blocks of 256 threads: a[Index(block,
/// thread)], heat-map mode.
LaunchReport oneSite(const char *Op, uint32_t Width,
                     const std::function<uint64_t(uint64_t, uint64_t)> &Index);

/// "<location>: <message>" of each finding, in order.
std::vector<std::string> findingLines(const LaunchReport &R);

/// The report's sites[I].
nlohmann::ordered_json siteJson(const LaunchReport &R, size_t I);

} // namespace sectorscope::rt::test

#endif
