//===- NvmlTest.cpp - Telemetry without a device NVML knows ---------------===//
//
// NVML is optional: for a device NVML does not know (or without
// libnvidia-ml at all) telemetry reads -1 and the suite carries on.
//
//===----------------------------------------------------------------------===//
#include "microbench/host/Nvml.h"

#include <gtest/gtest.h>

using namespace sectorscope::mb;

namespace {

TEST(Nvml, UnknownDeviceDegradesToMinusOne) {
  // No device has this bus id: with or without libnvidia-ml, telemetry must
  // degrade to -1 values and a reason, never a crash.
  Nvml N("ffff:ff:1f.7");
  Telemetry T = N.sample();
  EXPECT_TRUE(!N.available() && !N.error().empty());
  EXPECT_TRUE(T.SmClockMhz == -1 && T.MemClockMhz == -1 && T.TempC == -1 &&
              T.PowerW == -1);
  EXPECT_TRUE(N.driverVersion().empty() && N.maxSmClockMhz() == 0);
}

} // namespace
