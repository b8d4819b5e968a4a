//===- Cases.h - The runtime-unittests cases ------------------------------===//
#ifndef SECTORSCOPE_RT_UNITTESTS_CASES_H
#define SECTORSCOPE_RT_UNITTESTS_CASES_H

#include <vector>

namespace sectorscope::rt::test {

struct TestCase {
  const char *Name;
  int (*Run)(int Argc, char **Argv);
};

const std::vector<TestCase> &allCases();

int caseExpect(int Argc, char **Argv); // ExpectCases.cpp

} // namespace sectorscope::rt::test

#endif
