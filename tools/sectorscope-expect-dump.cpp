//===- sectorscope-expect-dump.cpp - Expectation comments as JSON ---------===//
//
// `sectorscope-expect-dump FILE...` prints the `sectorscope-expect` comments
// of the files as one JSON array, read by the same parser as the analyzer
// and the runtime, so scripts (analysis/score-expectations.py) need no
// grammar of their own. Malformed comments go to stderr as compiler-style
// errors and make the exit status 1.
//
//===----------------------------------------------------------------------===//
#include "common/Expectations.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

using namespace sectorscope::expect;

static nlohmann::ordered_json termJson(const Term &T) {
  nlohmann::ordered_json J;
  J["word"] = wordName(T.W);
  J["text"] = T.text();
  nlohmann::ordered_json Phases = nlohmann::ordered_json::array();
  if (T.Phases & CompileTime)
    Phases.push_back("compile-time");
  if (T.Phases & RunTime)
    Phases.push_back("run-time");
  J["phases"] = Phases;
  J["under"] = T.Under.empty() ? nlohmann::ordered_json()
                               : nlohmann::ordered_json(T.Under);
  if (T.W == Word::SectorsPerRequest) {
    std::string Text = T.text();
    J["bound"] = Text.substr(Text.find(' ') + 1);
  }
  return J;
}

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    std::fprintf(stderr, "usage: sectorscope-expect-dump FILE...\n");
    return 2;
  }
  nlohmann::ordered_json All = nlohmann::ordered_json::array();
  int Status = 0;
  for (int I = 1; I < Argc; ++I) {
    FileExpectations F;
    std::string Err;
    if (!readExpectations(Argv[I], F, Err)) {
      std::fprintf(stderr, "sectorscope-expect-dump: error: %s\n", Err.c_str());
      Status = 1;
      continue;
    }
    for (const ParseError &E : F.Errors) {
      std::fprintf(stderr, "%s:%u:%u: error: %s\n", Argv[I], E.Line, E.Column,
                   E.Message.c_str());
      Status = 1;
    }
    for (const Expectation &E : F.Items) {
      nlohmann::ordered_json J;
      J["file"] = Argv[I];
      J["line"] = E.Line;
      J["column"] = E.Column;
      bool Kernel = E.Kind == Expectation::Scope::Kernel;
      J["scope"] = Kernel ? "kernel" : "line";
      if (Kernel) {
        J["kernel"] = E.KernelName;
        J["kernel_line"] = E.KernelLine;
      }
      J["terms"] = nlohmann::ordered_json::array();
      for (const Term &T : E.Terms)
        J["terms"].push_back(termJson(T));
      J["note"] = E.Note;
      All.push_back(std::move(J));
    }
  }
  std::cout << All.dump(1) << "\n";
  return Status;
}
