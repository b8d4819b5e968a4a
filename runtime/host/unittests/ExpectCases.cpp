//===- ExpectCases.cpp - runtime-unittests: run-time expectations ---------===//
//
// `expect <source.cu> [exit]`: one heat-map launch of five sites on the
// lines of <source.cu> (test/runtime/Inputs/expect-kernel.cu), written by
// the fake device, analyzed and checked against the file's comments; prints
// the check's report, or with `exit` ends the way the runtime does at exit.
//
//===----------------------------------------------------------------------===//
#include "Cases.h"
#include "FakeDevice.h"

#include "Demangle.h"
#include "Expectations.h"

#include <cstdio>
#include <iostream>

namespace sectorscope::rt::test {

int caseExpect(int Argc, char **Argv) {
  if (Argc < 1) {
    std::fprintf(stderr,
                 "usage: runtime-unittests expect <source.cu> [exit]\n");
    return 1;
  }
  const std::string File = Argv[0];
  const char *Kernel = "_Z4testPfS_";
  // Site id, line and column in the source; other()'s site is never run.
  struct {
    const char *Kern;
    unsigned Line, Col;
  } Places[] = {{Kernel, 5, 13}, {Kernel, 6, 13}, {Kernel, 7, 13},
                {Kernel, 8, 13}, {Kernel, 9, 13}, {"_Z5otherPf", 16, 18}};
  std::string Text;
  for (unsigned Id = 0; Id < 6; ++Id)
    Text += "S\t" + std::to_string(Id) + "\t" + Places[Id].Kern +
            "\tload\tglobal\t4\t" + std::to_string(Places[Id].Line) + "\t" +
            std::to_string(Places[Id].Col) + "\t1\ttest(float*, float*)\t" +
            File + "\n";
  SiteTable T;
  std::string Err;
  if (!parseSiteTable(Text, T, Err)) {
    std::fprintf(stderr, "bad test table: %s\n", Err.c_str());
    return 3;
  }
  const uint64_t B = 0x7f0000000000ull;
  FakeDevice D(testHeader(Mode::Heatmap, 6));
  Dim Grid{1}, Block{256};
  D.run(T, Grid, Block, [&](Dim, Dim Th) {
    uint64_t I = Th.X;
    return std::vector<Access>{{0, B + 4 * I},
                               {1, B + 4 * (I * 64)},
                               {2, B + 4 * (I * 64 + 1)},
                               {3, B + 4 * (I + 1)},
                               {4, B + 4 * (I + 2)}};
  });
  LaunchData Data;
  if (!decodeLaunchBuffer(D.bytes().data(), D.bytes().size(), Data, Err)) {
    std::fprintf(stderr, "decode: %s\n", Err.c_str());
    return 3;
  }
  LaunchInfo I;
  I.Mangled = Kernel;
  I.Kernel = demangle(Kernel);
  I.Block[0] = 256;
  I.TheMode = Mode::Heatmap;
  LaunchReport R = analyzeLaunch(I, &T, &Data, AllocationSnapshot());
  ExpectationCheck Check;
  Check.check(R, &T, "default");
  if (Argc > 1 && std::string(Argv[1]) == "exit") {
    Check.finish();
    return 0;
  }
  unsigned Failures = 0;
  std::cout << Check.render(Failures) << "failures: " << Failures << "\n";
  return 0;
}

} // namespace sectorscope::rt::test
