//===- DeviceCalibration.cpp - The calibration for a profile's device -----===//
#include "sectorscope/model/DeviceCalibration.h"
#include "sectorscope/model/BenchData.h"
#include "sectorscope/model/CorpusBounds.h"
#include "sectorscope/model/Error.h"

#include "common/DeviceData.h"

namespace sectorscope::model {

namespace {

DeviceKey profileDevice(const Profile &P) {
  return DeviceKey{P.DeviceName, 0, P.SmCount};
}

std::string measuredOn(const Profile &P) {
  DeviceLookup L = lookupDevice(profileDevice(P), DeviceFile::Calibration);
  if (L.Data.Path.empty())
    return "no calibration measured on " + profileDevice(P).describe() +
           " in the device index (measure one there with "
           "`tools/gpu-tests.sh model`)";
  return "the device index has one measured on it: " + L.Data.Path +
         " (--calib auto fits it)";
}

} // namespace

DeviceFiles deviceFilesFor(const Profile &P) {
  if (P.DeviceName.empty())
    fail(P.File, "device", "the profile names no device");
  DeviceLookup L = lookupDevice(profileDevice(P), DeviceFile::Calibration);
  if (L.Data.Path.empty())
    fail(P.File, "device", measuredOn(P));
  return {L.Data.Path,
          lookupDevice(profileDevice(P), DeviceFile::Bounds).Data.Path};
}

Calibration calibrationFor(const std::string &Spec, const Profile &P) {
  if (Spec != "auto")
    return readCalibration(Spec);
  DeviceFiles F = deviceFilesFor(P);
  Calibration C =
      fitCalibration(readBenchData(F.Suite, "best_ms", false), FitSettings());
  // The index chose the bounds file for the device, even one fitted on
  // another GPU's programs (the H200 takes the H100's, checked on an H200
  // set): no warning to give, the label names that GPU.
  if (!F.Bounds.empty())
    useBoundsFile(C, F.Bounds);
  return C;
}

std::string useBoundsFile(Calibration &C, const std::string &Path) {
  std::string Gpu;
  C.Bounds = readBoundsFile(Path, Gpu);
  if (C.Gpu.Name.empty() || C.Gpu.Name == "unknown" || Gpu == C.Gpu.Name)
    return "";
  C.Bounds->Basis += (C.Bounds->Basis.empty() ? "" : " ") + ("on " + Gpu);
  return "bounds " + Path + " were fitted on " + Gpu +
         ", the calibration measured on " + C.Gpu.Name;
}

std::string calibrationDeviceWarning(const Calibration &C, const Profile &P) {
  if (C.Gpu.Name.empty() || C.Gpu.Name == "unknown" || P.DeviceName.empty())
    return "";
  DeviceKey Cal{C.Gpu.Name, 0, C.Gpu.SmCount};
  if (Cal.Name == P.DeviceName &&
      (!Cal.SmCount || !P.SmCount || Cal.SmCount == P.SmCount))
    return "";
  return "calibration measured on " + Cal.describe() + ", profile from " +
         profileDevice(P).describe() + ": " + measuredOn(P);
}

} // namespace sectorscope::model
