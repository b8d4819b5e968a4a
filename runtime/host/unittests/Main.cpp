//===- Main.cpp - runtime-unittests: CPU tests of the host runtime --------===//
//
// `runtime-unittests <case> [args]` runs one case and prints what the lit
// tests in test/runtime check with FileCheck. No GPU is needed.
//
//===----------------------------------------------------------------------===//
#include "Cases.h"

#include <cstdio>
#include <cstring>

int main(int argc, char **argv) {
  using namespace sectorscope::rt::test;
  if (argc < 2) {
    std::fprintf(stderr, "usage: runtime-unittests <case> [args]\ncases:");
    for (const TestCase &C : allCases())
      std::fprintf(stderr, " %s", C.Name);
    std::fprintf(stderr, "\n");
    return 1;
  }
  for (const TestCase &C : allCases())
    if (std::strcmp(C.Name, argv[1]) == 0)
      return C.Run(argc - 2, argv + 2);
  std::fprintf(stderr, "runtime-unittests: unknown case '%s'\n", argv[1]);
  return 1;
}
