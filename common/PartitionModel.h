//===- PartitionModel.h - Address-to-memory-partition maps ------*- C++ -*-===//
//
// Which memory partition (channel, L2 slice) a global address belongs to.
// Shared by the compile-time analyzer (camping rule), the host runtime
// (per-partition sector counts) and the model. Plain C++: no LLVM, no CUDA.
//
// Spec strings (the same for -fplugin-arg-sectorscope-partitions= and
// SECTORSCOPE_PARTITIONS=):
//   gt200                 8 partitions of 256 bytes, round robin (CampProf).
//   linear:<bytes>:<n>    n partitions of <bytes> each, round robin.
//   xor:<file.json>       an XOR-hash map, as recovered by the
//                         micro-benchmarks.
//   <key> | device:<name> the map measured on that device (common/DeviceData.h:
//                         an index key such as h100 or h200, or the CUDA
//                         device name); a known device without a measured map
//                         gets the uniform model and a note.
//   sm_90 | default       the map of the device that runs the code
//                         (forRunningDevice: the runtime). Without a device
//                         (the analyzer), the map the index names for sm_90,
//                         with a note saying so. Without any map, "uniform":
//                         no round-robin structure assumed, so only accesses
//                         of all blocks to the same bytes camp.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_COMMON_PARTITIONMODEL_H
#define SECTORSCOPE_COMMON_PARTITIONMODEL_H

#include "common/DeviceData.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sectorscope {

class PartitionModel {
public:
  enum class Kind { Uniform, Linear, Xor };

  /// Parses a spec; on failure returns nullopt and sets Err to one line.
  static std::optional<PartitionModel> parse(std::string_view Spec,
                                             std::string &Err);
  /// As parse, but `sm_90` and `default` mean the map measured on Dev; when
  /// Dev has none, `default` is the uniform model and `sm_90` the
  /// architecture's map, each with a note() naming the command to measure it.
  static std::optional<PartitionModel> forRunningDevice(std::string_view Spec,
                                                        const DeviceKey &Dev,
                                                        std::string &Err);
  /// The map measured on Dev; a device the index knows without one gives the
  /// uniform model with a note(); an unknown bare name is an error.
  static std::optional<PartitionModel> forDevice(const DeviceKey &Dev,
                                                 std::string &Err);
  /// The map the device index names for an architecture ("sm_90").
  static std::optional<PartitionModel> forArchitecture(std::string_view Arch,
                                                       std::string &Err);
  /// Loads an XOR map from JSON text ({"granularity":..,"masks":[..]}).
  static std::optional<PartitionModel> fromXorJson(std::string_view Text,
                                                   std::string &Err);

  Kind kind() const { return K; }
  const std::string &name() const { return Name; }
  /// One line the user should read about how the map was chosen (a device
  /// without a measured map, an assumed device); empty when nothing to say.
  const std::string &note() const { return Note; }
  /// The file the map was read from, if any.
  const std::string &source() const { return Source; }
  /// Bytes mapped to one partition before moving on (Linear), or the
  /// granularity below which all addresses share a partition (Xor).
  uint64_t granularity() const { return Granularity; }
  /// Number of partitions; 1 for Uniform.
  unsigned count() const { return Count; }
  /// Partition index of a byte address, in [0, count()).
  unsigned partitionOf(uint64_t Addr) const;
  /// Bytes after which a Linear map repeats (granularity * count); 0 if the
  /// map has no such period (Uniform, Xor).
  uint64_t period() const {
    return K == Kind::Linear ? Granularity * Count : 0;
  }
  const std::vector<uint64_t> &xorMasks() const { return Masks; }
  /// Bytes of the pages within which the map is known (a measured hash
  /// holds up to a constant per page, from physical address bits); 0 when
  /// it holds for every address.
  uint64_t pageBytes() const { return PageBytes; }

private:
  Kind K = Kind::Uniform;
  std::string Name = "uniform";
  uint64_t Granularity = 0;
  unsigned Count = 1;
  std::vector<uint64_t> Masks; // bit i of the index = parity(Addr & Masks[i])
  uint64_t PageBytes = 0;
  std::string Note;
  std::string Source;
};

/// The list of valid spec forms, for error messages.
std::string partitionModelSpecs();

} // namespace sectorscope

#endif
