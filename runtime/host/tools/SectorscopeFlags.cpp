//===- SectorscopeFlags.cpp - sectorscope-flags: the runtime's variables --===//
//
// Lists the SECTORSCOPE_* variables the host runtime reads, from the same
// table (Flags.inc) the runtime parses them with, and shows what the runtime
// would make of the current environment.
//
//===----------------------------------------------------------------------===//
#include "Config.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

using namespace sectorscope::rt;

static const char Usage[] =
    "usage: sectorscope-flags [--markdown | --env]\n"
    "  (none)      the runtime's environment variables, defaults and meaning\n"
    "  --markdown  the same as a Markdown table\n"
    "  --env       the settings the runtime reads from this environment;\n"
    "              a bad value is reported as the runtime does (exit 2)\n";

static void printList() {
  for (const FlagInfo &F : allFlags())
    std::printf("%s (default: %s)\n    %s\n", F.Variable,
                *F.Default ? F.Default : "unset", F.Description);
}

static int printEnvironment() {
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
    return printEnvironment();
  bool Help = Argc == 2 && (std::strcmp(Argv[1], "--help") == 0 ||
                            std::strcmp(Argv[1], "-h") == 0);
  std::fputs(Usage, Help ? stdout : stderr);
  return Help ? 0 : 1;
}
