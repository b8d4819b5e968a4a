//===- PartitionModel.cpp - Address-to-memory-partition maps --------------===//
#include "common/PartitionModel.h"
#include "common/DeviceData.h"
#include "common/ReadFile.h"

#include <cstdlib>

#include <nlohmann/json.hpp>

namespace sectorscope {

std::string partitionModelSpecs() {
  std::string Keys = knownDeviceKeys();
  return "gt200, linear:<bytes>:<count>, xor:<file.json>, " +
         (Keys.empty() ? "" : Keys + ", ") + "device:<name>, sm_90, default";
}

static bool parseUnsigned(std::string_view S, uint64_t &Out) {
  if (S.empty() || S.size() > 19)
    return false;
  Out = 0;
  for (char C : S) {
    if (C < '0' || C > '9')
      return false;
    Out = Out * 10 + uint64_t(C - '0');
  }
  return true;
}

// A map is a handful of masks; the bound keeps /dev/zero or a wrong path to
// a huge file from exhausting memory.
constexpr uint64_t MaxMapBytes = 16u << 20;

static std::optional<PartitionModel> readXorFile(const std::string &Path,
                                                 std::string &Err) {
  UserFile F = readUserFile(Path, MaxMapBytes, "partition map");
  if (!F.Text) {
    Err = F.Error;
    return std::nullopt;
  }
  auto M = PartitionModel::fromXorJson(*F.Text, Err);
  if (!M)
    Err = Path + ": " + Err;
  return M;
}

std::optional<PartitionModel> PartitionModel::parse(std::string_view Spec,
                                                    std::string &Err) {
  PartitionModel M;
  if (Spec == "gt200") {
    M.K = Kind::Linear;
    M.Name = "gt200";
    M.Granularity = 256;
    M.Count = 8;
    return M;
  }
  if (Spec.substr(0, 7) == "linear:") {
    std::string_view Rest = Spec.substr(7);
    size_t Colon = Rest.find(':');
    uint64_t Bytes = 0, N = 0;
    if (Colon == std::string_view::npos ||
        !parseUnsigned(Rest.substr(0, Colon), Bytes) ||
        !parseUnsigned(Rest.substr(Colon + 1), N) || Bytes == 0 || N == 0 ||
        N > 65536 || (Bytes & (Bytes - 1)) != 0) {
      Err = "bad partition model '" + std::string(Spec) +
            "': expected linear:<bytes>:<count> with <bytes> a power of two "
            "and 1 <= <count> <= 65536";
      return std::nullopt;
    }
    M.K = Kind::Linear;
    M.Name = std::string(Spec);
    M.Granularity = Bytes;
    M.Count = unsigned(N);
    return M;
  }
  if (Spec.substr(0, 4) == "xor:")
    return readXorFile(std::string(Spec.substr(4)), Err);
  if (Spec == "sm_90" || Spec == "default")
    return forArchitecture("sm_90", Err);
  if (Spec.substr(0, 7) == "device:")
    return forDevice(DeviceKey{std::string(Spec.substr(7))}, Err);
  if (DeviceKey Named{std::string(Spec)};
      lookupDevice(Named, DeviceFile::PartitionMap).Known)
    return forDevice(Named, Err);
  Err = "unknown partition model '" + std::string(Spec) +
        "'; valid: " + partitionModelSpecs();
  return std::nullopt;
}

std::optional<PartitionModel> PartitionModel::forDevice(const DeviceKey &Dev,
                                                        std::string &Err) {
  DeviceLookup L = lookupDevice(Dev, DeviceFile::PartitionMap);
  if (!L.Known && Dev.MemoryBytes == 0 && Dev.SmCount == 0) {
    // A name the user typed (device:<name>): a typo must not pass as "no
    // map measured".
    std::string Keys = knownDeviceKeys();
    Err = "no device '" + Dev.Name + "' in the device index (devices.json)" +
          (Keys.empty() ? "" : "; known: " + Keys);
    return std::nullopt;
  }
  if (L.Data.Path.empty()) {
    PartitionModel M;
    M.Name = "uniform (no map for " + (L.Known ? L.Data.Key : Dev.Name) + ")";
    M.Note = noMeasuredMapMessage(
                 L.Known && Dev.Name == L.Data.Key ? L.Data.Device : Dev) +
             "; using the uniform model (one partition)";
    return M;
  }
  auto M = readXorFile(L.Data.Path, Err);
  if (M) {
    M->Name = L.Data.Key.empty() ? L.Data.Device.Name : L.Data.Key;
    M->Source = L.Data.Path;
  }
  return M;
}

std::optional<PartitionModel>
PartitionModel::forArchitecture(std::string_view Arch, std::string &Err) {
  std::string Key = archDefaultDevice(Arch);
  DeviceLookup L = lookupDevice(DeviceKey{Key}, DeviceFile::PartitionMap);
  if (Key.empty() || L.Data.Path.empty()) {
    PartitionModel M;
    M.Name = std::string(Arch) + "(uniform)";
    M.Note = "no measured partition map for " + std::string(Arch) +
             "; using the uniform model (one partition)";
    return M;
  }
  auto M = readXorFile(L.Data.Path, Err);
  if (M) {
    // The compiler cannot know which device runs the code: the map is the
    // one the index names for the architecture, and the name says so.
    M->Name = std::string(Arch) + " (" + Key + ")";
    M->Source = L.Data.Path;
    M->Note = std::string(Arch) + " stands for the " + Key +
              " map: the device that will run the code is not known here; "
              "name it with partitions=<device key> or device:<name>";
  }
  return M;
}

std::optional<PartitionModel>
PartitionModel::forRunningDevice(std::string_view Spec, const DeviceKey &Dev,
                                 std::string &Err) {
  if (Spec != "sm_90" && Spec != "default")
    return parse(Spec, Err);
  DeviceLookup L = lookupDevice(Dev, DeviceFile::PartitionMap);
  if (!L.Data.Path.empty())
    return forDevice(Dev, Err);
  // No map for this device: `default` assumes nothing (one partition);
  // `sm_90` asked for an sm_90 map, so the architecture's stands in.
  std::optional<PartitionModel> M =
      Spec == "sm_90" ? forArchitecture("sm_90", Err) : PartitionModel();
  if (!M)
    return M;
  std::string Instead = M->K == Kind::Uniform
                            ? "the uniform model (one partition)"
                            : "the " + M->Name + " map";
  M->Note = noMeasuredMapMessage(Dev) + "; using " + Instead;
  if (M->K == Kind::Uniform)
    M->Name = "uniform (no map for " + Dev.Name + ")";
  return M;
}

static bool readMask(const nlohmann::json &V, uint64_t &Mask) {
  Mask = 0;
  if (V.is_number_unsigned())
    Mask = V.get<uint64_t>();
  else if (V.is_string())
    Mask = std::strtoull(V.get<std::string>().c_str(), nullptr, 0);
  return Mask != 0;
}

// Two layouts are accepted:
//  * {"masks": [m0, m1, ...], "granularity": g}: bit i of the partition index
//    is parity(address & m_i);
//  * the micro-benchmarks' map ("schema": "sectorscope-partition-map/1"),
//    whose "partition_hash" gives the one mask that splits the H200's L2 into
//    its two partitions ("mask", "granularity_bytes"). Its per-2-MiB-page
//    constant depends on physical address bits no program sees; it flips
//    every partition of a page at once, so "same partition" and the skew
//    between partitions are unaffected.
std::optional<PartitionModel> PartitionModel::fromXorJson(std::string_view Text,
                                                          std::string &Err) {
  nlohmann::json J = nlohmann::json::parse(Text, nullptr, false);
  if (J.is_discarded() || !J.is_object()) {
    Err = "not a JSON object";
    return std::nullopt;
  }
  PartitionModel M;
  M.K = Kind::Xor;
  if (J.contains("partition_hash")) {
    const nlohmann::json &H = J["partition_hash"];
    uint64_t Mask = 0;
    if (!H.is_object() || !H.contains("mask") || !readMask(H["mask"], Mask)) {
      Err = "field 'partition_hash.mask' must be a non-zero bit mask";
      return std::nullopt;
    }
    M.Masks.push_back(Mask);
    M.Name = J.value("arch", std::string("xor"));
    M.Granularity = H.value("granularity_bytes", uint64_t(0));
    M.Count = 2;
    M.PageBytes = uint64_t(2) << 20;
    return M;
  }
  M.Name = J.value("name", std::string("xor"));
  if (!J.contains("masks") || !J["masks"].is_array() || J["masks"].empty() ||
      J["masks"].size() > 16) {
    Err = "field 'masks' must be an array of 1..16 bit masks";
    return std::nullopt;
  }
  for (const auto &V : J["masks"]) {
    uint64_t Mask = 0;
    if (!readMask(V, Mask)) {
      Err = "field 'masks' holds a zero or non-numeric mask";
      return std::nullopt;
    }
    M.Masks.push_back(Mask);
  }
  M.Count = 1u << M.Masks.size();
  M.Granularity = J.value("granularity", uint64_t(0));
  return M;
}

unsigned PartitionModel::partitionOf(uint64_t Addr) const {
  switch (K) {
  case Kind::Uniform:
    return 0;
  case Kind::Linear:
    return unsigned((Addr / Granularity) % Count);
  case Kind::Xor: {
    unsigned Index = 0;
    for (size_t I = 0; I < Masks.size(); ++I)
      Index |= unsigned(__builtin_parityll(Addr & Masks[I])) << I;
    return Index;
  }
  }
  return 0;
}

} // namespace sectorscope
