//===- Demangle.cpp - Readable kernel names -------------------------------===//
#include "Demangle.h"

#include <cstdlib>
#include <cxxabi.h>

namespace sectorscope::rt {

std::string demangle(const std::string &Mangled) {
  int Status = 0;
  char *D = abi::__cxa_demangle(Mangled.c_str(), nullptr, nullptr, &Status);
  if (Status != 0 || !D)
    return Mangled;
  std::string S = D;
  std::free(D);
  return S;
}

std::string shortKernelName(const std::string &Demangled) {
  // Cut the parameter list: the last '(' at template depth 0.
  int Depth = 0;
  size_t Paren = std::string::npos;
  for (size_t I = 0; I < Demangled.size(); ++I) {
    char C = Demangled[I];
    if (C == '<')
      ++Depth;
    else if (C == '>')
      --Depth;
    else if (C == '(' && Depth == 0) {
      Paren = I;
      break;
    }
  }
  std::string S = Demangled.substr(0, Paren);
  // Drop a leading return type ("void ").
  Depth = 0;
  size_t Space = std::string::npos;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '<')
      ++Depth;
    else if (S[I] == '>')
      --Depth;
    else if (S[I] == ' ' && Depth == 0)
      Space = I;
  }
  if (Space != std::string::npos)
    S = S.substr(Space + 1);
  return S;
}

} // namespace sectorscope::rt
