//===- Demangle.h - Readable kernel names ---------------------------------===//
#ifndef SECTORSCOPE_RT_DEMANGLE_H
#define SECTORSCOPE_RT_DEMANGLE_H

#include <string>

namespace sectorscope::rt {

/// The demangled name, or Mangled itself when it is not a C++ name.
std::string demangle(const std::string &Mangled);
/// The demangled name without parameters and template arguments' noise:
/// "void gemm<float>(float*, int)" -> "gemm<float>"; for file names.
std::string shortKernelName(const std::string &Demangled);

} // namespace sectorscope::rt

#endif
