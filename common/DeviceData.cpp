//===- DeviceData.cpp - Measured data per GPU: maps, calibrations ---------===//
//===//
#include "common/DeviceData.h"
#include "common/ReadFile.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <strings.h>

#include <dlfcn.h>
#include <nlohmann/json.hpp>

namespace sectorscope {

std::string DeviceKey::describe() const {
  std::string S = Name.empty() ? "an unnamed GPU" : Name;
  std::string Detail;
  if (SmCount > 0)
    Detail = std::to_string(SmCount) + " SMs";
  if (MemoryBytes > 0) {
    char Gib[32];
    std::snprintf(Gib, sizeof Gib, "%.1f GiB", double(MemoryBytes) / (1 << 30));
    Detail += (Detail.empty() ? "" : ", ") + std::string(Gib);
  }
  return Detail.empty() ? S : S + " (" + Detail + ")";
}

std::vector<std::string> dataDirectories() {
  std::vector<std::string> Dirs;
  if (const char *Env = std::getenv("SECTORSCOPE_DATA_DIR"); Env && *Env)
    Dirs.push_back(Env);
  if (const char *Xdg = std::getenv("XDG_DATA_HOME"); Xdg && *Xdg)
    Dirs.push_back(std::string(Xdg) + "/sectorscope");
  else if (const char *Home = std::getenv("HOME"); Home && *Home)
    Dirs.push_back(std::string(Home) + "/.local/share/sectorscope");
  // share/ beside the lib/ or bin/ holding this code: no source path is
  // compiled in, so a build tree and an installed tree work alike.
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&dataDirectories), &Info) &&
      Info.dli_fname) {
    std::string Object = Info.dli_fname;
    size_t Slash = Object.rfind('/');
    if (Slash != std::string::npos)
      Dirs.push_back(Object.substr(0, Slash) + "/../share/sectorscope/data");
  }
  return Dirs;
}

std::string findDataFile(const std::string &Name) {
  for (const std::string &D : dataDirectories())
    if (isRegularFile(D + "/" + Name))
      return D + "/" + Name;
  return "";
}

namespace {

// An index is a short list; the bound keeps a wrong file from costing memory.
constexpr uint64_t MaxIndexBytes = 1u << 20;

struct Index {
  std::string Dir;
  nlohmann::json J;
};

// The indexes of the data directories that have one, in search order.
std::vector<Index> readIndexes(std::vector<std::string> *Problems) {
  std::vector<Index> Out;
  for (const std::string &D : dataDirectories()) {
    std::string Path = D + "/devices.json";
    if (!isRegularFile(Path))
      continue;
    UserFile F = readUserFile(Path, MaxIndexBytes, "device index");
    nlohmann::json J;
    if (F.Text)
      J = nlohmann::json::parse(*F.Text, nullptr, false);
    if (!F.Text || J.is_discarded() || !J.is_object() ||
        !J.value("devices", nlohmann::json()).is_array()) {
      if (Problems)
        Problems->push_back(F.Text ? Path + ": not a device index" : F.Error);
      continue;
    }
    Out.push_back({D, std::move(J)});
  }
  return Out;
}

DeviceKey entryDevice(const nlohmann::json &E) {
  DeviceKey K;
  K.Name = E.value("name", std::string());
  K.MemoryBytes = E.value("global_mem_bytes", uint64_t(0));
  K.SmCount = E.value("sm_count", 0);
  return K;
}

// Memory sizes of one model differ a little with the driver's reservation
// and ECC; other models of one name differ by far more (H100 80 vs 94 GB).
bool sameMemory(uint64_t A, uint64_t B) {
  if (!A || !B)
    return true;
  uint64_t Diff = A > B ? A - B : B - A;
  return Diff <= std::max(A, B) / 32;
}

bool matches(const DeviceKey &Want, const std::string &Key,
             const DeviceKey &Have) {
  bool Named = strcasecmp(Want.Name.c_str(), Key.c_str()) == 0 ||
               strcasecmp(Want.Name.c_str(), Have.Name.c_str()) == 0;
  return Named &&
         (!Want.SmCount || !Have.SmCount || Want.SmCount == Have.SmCount) &&
         sameMemory(Want.MemoryBytes, Have.MemoryBytes);
}

const char *fieldOf(DeviceFile What) {
  switch (What) {
  case DeviceFile::PartitionMap:
    return "partition_map";
  case DeviceFile::Calibration:
    return "calibration";
  case DeviceFile::Bounds:
    return "bounds";
  }
  return "";
}

} // namespace

DeviceLookup lookupDevice(const DeviceKey &Dev, DeviceFile What) {
  DeviceLookup L;
  for (const Index &I : readIndexes(&L.Problems)) {
    for (const nlohmann::json &E : I.J["devices"]) {
      if (!E.is_object())
        continue;
      std::string Key = E.value("key", std::string());
      DeviceKey Have = entryDevice(E);
      if (!matches(Dev, Key, Have))
        continue;
      if (!L.Known) {
        L.Known = true;
        L.Data.Key = Key;
        L.Data.Device = Have;
      }
      std::string File = E.value(fieldOf(What), std::string());
      if (File.empty())
        continue;
      std::string Path = File[0] == '/' ? File : I.Dir + "/" + File;
      if (!isRegularFile(Path))
        continue;
      L.Data = {Key, Have, Path, I.Dir};
      return L;
    }
  }
  return L;
}

std::string archDefaultDevice(std::string_view Arch) {
  for (const Index &I : readIndexes(nullptr)) {
    const nlohmann::json &D = I.J.value("arch_defaults", nlohmann::json());
    if (D.is_object() && D.contains(std::string(Arch)) &&
        D[std::string(Arch)].is_string())
      return D[std::string(Arch)].get<std::string>();
  }
  return "";
}

std::string knownDeviceKeys() {
  std::vector<std::string> Keys;
  for (const Index &I : readIndexes(nullptr))
    for (const nlohmann::json &E : I.J["devices"]) {
      std::string K = E.is_object() ? E.value("key", std::string()) : "";
      if (!K.empty() && std::find(Keys.begin(), Keys.end(), K) == Keys.end())
        Keys.push_back(K);
    }
  std::string Out;
  for (const std::string &K : Keys)
    Out += (Out.empty() ? "" : ", ") + K;
  return Out;
}

std::string noMeasuredMapMessage(const DeviceKey &Dev) {
  return "no measured partition map for " + Dev.describe() +
         "; measure one on that GPU with `" + MeasurePartitionsCommand +
         "` (needs Nsight Compute)";
}

} // namespace sectorscope
