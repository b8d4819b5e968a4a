//===- PartitionSelection.cpp - The partition map of a launch's device ----===//
#include "PartitionSelection.h"

#include "sectorscope/abi.h"

namespace sectorscope::rt {

DeviceKey deviceKey(const DeviceInfo &D) {
  return DeviceKey{D.Name, D.MemoryBytes, D.SmCount};
}

PartitionModel partitionModelFor(const PartitionChoice &Choice,
                                 const DeviceKey &Dev, std::string &Note) {
  Note.clear();
  // An explicit map (gt200, linear:, xor:, a device key) was parsed at start
  // and holds on every device.
  if (Choice.Spec != "default" && Choice.Spec != "sm_90") {
    Note = Choice.Model.note();
    return Choice.Model;
  }
  std::string Err;
  std::optional<PartitionModel> M =
      PartitionModel::forRunningDevice(Choice.Spec, Dev, Err);
  if (!M) {
    Note = "partition map for " + Dev.describe() + " unusable (" + Err +
           "); using the uniform model";
    return PartitionModel();
  }
  if (M->count() > SS_MAX_PARTITIONS) {
    Note = "partition map for " + Dev.describe() + " has " +
           std::to_string(M->count()) + " partitions, at most " +
           std::to_string(SS_MAX_PARTITIONS) + " supported; using the " +
           "uniform model";
    return PartitionModel();
  }
  Note = M->note();
  return *M;
}

} // namespace sectorscope::rt
