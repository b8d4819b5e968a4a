//===- FlagHelp.cpp - The runtime's flags as text: table and settings -----===//
#include "Config.h"

#include <sstream>

namespace sectorscope::rt {

const std::vector<FlagInfo> &allFlags() {
  static const std::vector<FlagInfo> Flags = {
#define SECTORSCOPE_FLAG(Type, Field, Name, Default, Description)              \
  {"SECTORSCOPE_" #Name, Default, Description},
#include "Flags.inc"
  };
  return Flags;
}

std::string flagsMarkdownTable() {
  std::string S = "| Variable | Default | Meaning |\n| --- | --- | --- |\n";
  for (const FlagInfo &F : allFlags()) {
    std::string Default =
        *F.Default ? "`" + std::string(F.Default) + "`" : "unset";
    S += "| `" + std::string(F.Variable) + "` | " + Default + " | " +
         F.Description + " |\n";
  }
  return S;
}

namespace {

std::string flagValue(Mode M) { return modeName(M); }
std::string flagValue(const KernelFilter &K) { return K.Pattern; }
std::string flagValue(const LaunchSelector &L) { return L.str(); }
std::string flagValue(const BlockIndex &B) {
  return std::to_string(B[0]) + "," + std::to_string(B[1]) + "," +
         std::to_string(B[2]);
}
std::string flagValue(const PartitionChoice &P) {
  unsigned N = P.Model.count();
  return P.Model.name() + " (" + std::to_string(N) + " partition" +
         (N == 1 ? ")" : "s)");
}
std::string flagValue(const OutputDirectory &D) { return D.Path; }
std::string flagValue(const LogCapacity &L) {
  return std::to_string(L.Records);
}
std::string flagValue(const CsvBudget &C) {
  return std::to_string(C.Bytes >> 20);
}
std::string flagValue(const WindowLimit &W) {
  return std::to_string(W.Windows);
}
std::string flagValue(const SharedBlockStride &S) {
  return std::to_string(S.Blocks);
}
std::string flagValue(const OccupancyCap &O) {
  return O.WarpsPerSm ? std::to_string(O.WarpsPerSm) : "";
}
std::string flagValue(const WaitLimit &W) {
  return std::to_string(W.Limit.count());
}
std::string flagValue(bool B) { return B ? "1" : "0"; }

} // namespace

std::string describeConfig(const Config &C) {
  std::string S;
#define SECTORSCOPE_FLAG(Type, Field, Name, Default, Description)              \
  S += "SECTORSCOPE_" #Name "=" + flagValue(C.Field) + "\n";
#include "Flags.inc"
  return S;
}

} // namespace sectorscope::rt
