//===- PartitionSelection.h - The map of a launch's GPU -------*- C++ -*-===//
////
//
// Partition maps are measured per device: an H100 and an H200 share compute
// capability 9.0 and hash addresses differently. `default` and `sm_90` are
// therefore resolved against each device the program launches on (its name,
// memory size and SM count), not once at start. CUDA-free, so CPU tests can
// pass any device.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_PARTITIONSELECTION_H
#define SECTORSCOPE_RT_PARTITIONSELECTION_H

#include "Config.h"
#include "Report.h"

namespace sectorscope::rt {

/// The device key of a device the runtime saw.
DeviceKey deviceKey(const DeviceInfo &D);

/// The partition model launches on Dev use. Note gets one line to tell the
/// user (no map measured for Dev, or the map file unusable) or "".
PartitionModel partitionModelFor(const PartitionChoice &Choice,
                                 const DeviceKey &Dev, std::string &Note);

} // namespace sectorscope::rt

#endif
