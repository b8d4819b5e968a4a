//===- ModuleNames.h - Names of a module's descriptor and table -*- C++ -*-===//
//
// Every instrumented device module defines a descriptor (abi.h's ss_module)
// and a site table. Compiled whole (no -fgpu-rdc), each translation unit is a
// CUDA module of its own, and the descriptor is __sectorscope_module. With
// relocatable device code the device link merges every unit into one image,
// where each unit's descriptor must keep a name of its own: the plain name
// followed by clang's id of the unit, "__nv_<hex>", the id clang's
// __cudaRegisterLinkedBinary__nv_<hex> call carries. The host and device
// jobs of a unit compute it from the same source file name, so the host half
// registers by name the descriptor its own device half defined.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_MODULENAMES_H
#define SECTORSCOPE_INSTRUMENTATION_MODULENAMES_H

#include <string>

namespace llvm {
class Module;
}

namespace sectorscope {

/// clang's id of the translation unit in relocatable device code,
/// "__nv_<hex>": the GUID of its internal __cuda_fatbin_wrapper, which
/// hashes the module's source file name.
std::string relocatableUnitId(const llvm::Module &M);

/// The module descriptor's name: __sectorscope_module, followed by the
/// unit's id for relocatable device code.
std::string moduleDescriptorName(const llvm::Module &M, bool Relocatable);

/// The site table's name, likewise.
std::string siteTableName(const llvm::Module &M, bool Relocatable);

} // namespace sectorscope

#endif
