//===- PartitionModel.cpp - Address-to-memory-partition maps --------------===//
#include "common/PartitionModel.h"
#include "common/ReadFile.h"

#include <cstdlib>

#include <dlfcn.h>
#include <nlohmann/json.hpp>

namespace sectorscope {

const char *partitionModelSpecs() {
  return "gt200, linear:<bytes>:<count>, xor:<file.json>, sm_90, default";
}

// Where calibration data lives: $SECTORSCOPE_DATA_DIR, then share/ beside the
// lib/ or bin/ holding this code. The build tree has the install tree's
// layout, so one rule serves both and no source path is compiled in.
static std::string findDataFile(const std::string &Name) {
  std::vector<std::string> Dirs;
  if (const char *Env = std::getenv("SECTORSCOPE_DATA_DIR"))
    Dirs.push_back(Env);
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&findDataFile), &Info) &&
      Info.dli_fname) {
    std::string Lib = Info.dli_fname;
    size_t Slash = Lib.rfind('/');
    if (Slash != std::string::npos)
      Dirs.push_back(Lib.substr(0, Slash) + "/../share/sectorscope/data");
  }
  for (const std::string &D : Dirs)
    if (!D.empty() && isRegularFile(D + "/" + Name))
      return D + "/" + Name;
  return "";
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
  if (Spec == "sm_90" || Spec == "default") {
    // The calibrated H200 map, when the micro-benchmarks recovered one.
    std::string Path = findDataFile("h200-partition-map.json");
    if (!Path.empty()) {
      auto X = readXorFile(Path, Err);
      if (X)
        X->Name = "sm_90";
      return X;
    }
    M.Name = Spec == "sm_90" ? "sm_90(uniform)" : "uniform";
    return M;
  }
  Err = "unknown partition model '" + std::string(Spec) +
        "'; valid: " + partitionModelSpecs();
  return std::nullopt;
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
