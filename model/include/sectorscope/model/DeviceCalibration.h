//===- DeviceCalibration.h - The calibration of a profile's GPU -*- C++ -*-===//
//
// A calibration holds for the GPU it was measured on: an H100 and an H200
// differ in memory bandwidth and L2 size. The device index
// (common/DeviceData.h) names the suite measured on each device; the model
// picks one by the profile's "device" block, or checks the one it is given
// and says when it was measured elsewhere.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_DEVICECALIBRATION_H
#define SECTORSCOPE_MODEL_DEVICECALIBRATION_H

#include "sectorscope/model/Calibration.h"
#include "sectorscope/model/Profile.h"

#include <string>

namespace sectorscope::model {

/// The files the device index names for P's device: its micro-benchmark
/// suite (an error when there is none, saying how to measure one) and its
/// bounds ("" when none).
struct DeviceFiles {
  std::string Suite, Bounds;
};
DeviceFiles deviceFilesFor(const Profile &P);

/// The calibration for P. Spec "auto": the suite the device index names for
/// P's device, fitted now, with the bounds the index names for it (none:
/// the band's ends are raw; another GPU's: their label says whose); an
/// error when it names no suite. Otherwise
/// the calibration file Spec.
Calibration calibrationFor(const std::string &Spec, const Profile &P);

/// Gives C the bounds of a bounds file (CorpusBounds.h); when the file was
/// fitted on another GPU than C's, their label names that GPU and the
/// result is one line saying so, else "".
std::string useBoundsFile(Calibration &C, const std::string &Path);

/// One line when C was measured on another device than P's, saying whether
/// a calibration for P's device exists; "" when they agree or either does
/// not say.
std::string calibrationDeviceWarning(const Calibration &C, const Profile &P);

} // namespace sectorscope::model

#endif
