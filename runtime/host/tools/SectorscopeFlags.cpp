//===- SectorscopeFlags.cpp - sectorscope-flags: the runtime's variables --===//
//
// Lists the SECTORSCOPE_* variables the host runtime reads, from the same
// table (Flags.inc) the runtime parses them with, and shows what the runtime
// would make of the current environment.
//
//===----------------------------------------------------------------------===//
#include "Config.h"
#include "PartitionSelection.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

using namespace sectorscope;
using namespace sectorscope::rt;

static const char Usage[] =
    "usage: sectorscope-flags [--markdown | --env [--device N[,SMS[,BYTES]]]]\n"
    "  (none)      the runtime's environment variables, defaults and meaning\n"
    "  --markdown  the same as a Markdown table\n"
    "  --env       the settings the runtime reads from this environment;\n"
    "              a bad value is reported as the runtime does (exit 2)\n"
    "  --device    with --env: the partition map grid mode would use on a\n"
    "              device of that name, SM count and memory size\n";

static void printList() {
  for (const FlagInfo &F : allFlags())
    std::printf("%s (default: %s)\n    %s\n", F.Variable,
                *F.Default ? F.Default : "unset", F.Description);
}

/// "NAME[,SMS[,BYTES]]" as a device key; false if a number is malformed.
static bool parseDevice(const std::string &Text, DeviceKey &Dev) {
  size_t C1 = Text.find(','), C2 = Text.find(',', C1 + 1);
  Dev.Name = Text.substr(0, C1);
  char *End = nullptr;
  if (C1 != std::string::npos) {
    std::string Sms = Text.substr(C1 + 1, C2 - C1 - 1);
    Dev.SmCount = int(std::strtol(Sms.c_str(), &End, 10));
    if (Sms.empty() || *End)
      return false;
  }
  if (C2 != std::string::npos) {
    std::string Bytes = Text.substr(C2 + 1);
    Dev.MemoryBytes = std::strtoull(Bytes.c_str(), &End, 10);
    if (Bytes.empty() || *End)
      return false;
  }
  return !Dev.Name.empty();
}

static int printEnvironment(const char *Device) {
  std::string Unknown = unknownVariablesWarning(environ);
  if (!Unknown.empty())
    std::fprintf(stderr, "sectorscope: warning: %s\n", Unknown.c_str());
  std::string Err;
  auto C = parseConfig([](const char *N) { return std::getenv(N); }, Err);
  if (!C) {
    std::fprintf(stderr, "sectorscope: error: %s\n", Err.c_str());
    return 2;
  }
  std::fputs(describeConfig(*C).c_str(), stdout);
  if (!C->Partitions.Warning.empty())
    std::printf("warning: %s\n", C->Partitions.Warning.c_str());
  DeviceKey Dev;
  if (Device && !parseDevice(Device, Dev)) {
    std::fprintf(stderr,
                 "sectorscope-flags: bad --device '%s' (want "
                 "NAME[,SMS[,BYTES]])\n",
                 Device);
    return 1;
  }
  if (Device) {
    std::string Note;
    PartitionModel M = partitionModelFor(C->Partitions, Dev, Note);
    std::printf("partitions on %s: %s (%u partitions)\n",
                Dev.describe().c_str(), M.name().c_str(), M.count());
    if (!M.source().empty())
      std::printf("map file: %s\n", M.source().c_str());
    if (!Note.empty())
      std::printf("note: %s\n", Note.c_str());
  }
  return 0;
}

int main(int Argc, char **Argv) {
  if (Argc == 1) {
    printList();
    return 0;
  }
  if (Argc == 2 && std::strcmp(Argv[1], "--markdown") == 0) {
    std::fputs(flagsMarkdownTable().c_str(), stdout);
    return 0;
  }
  if (Argc == 2 && std::strcmp(Argv[1], "--env") == 0)
    return printEnvironment(nullptr);
  if (Argc == 4 && std::strcmp(Argv[1], "--env") == 0 &&
      std::strcmp(Argv[2], "--device") == 0)
    return printEnvironment(Argv[3]);
  bool Help = Argc == 2 && (std::strcmp(Argv[1], "--help") == 0 ||
                            std::strcmp(Argv[1], "-h") == 0);
  std::fputs(Usage, Help ? stdout : stderr);
  return Help ? 0 : 1;
}
