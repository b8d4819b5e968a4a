//===- ModuleNames.cpp - Names of a module's descriptor and table ---------===//
#include "instrumentation/ModuleNames.h"

#include "llvm/IR/GlobalValue.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace sectorscope {

std::string relocatableUnitId(const Module &M) {
  // As clang's CGNVCUDARuntime names the unit: the wrapper is internal, so
  // its GUID takes in the source file name.
  uint64_t Guid = GlobalValue::getGUID(GlobalValue::getGlobalIdentifier(
      "__cuda_fatbin_wrapper", GlobalValue::InternalLinkage,
      M.getSourceFileName()));
  std::string Id;
  raw_string_ostream(Id) << "__nv_" << format("%" PRIx64, Guid);
  return Id;
}

static std::string nameFor(const char *Base, const Module &M,
                           bool Relocatable) {
  return Relocatable ? Base + relocatableUnitId(M) : std::string(Base);
}

std::string moduleDescriptorName(const Module &M, bool Relocatable) {
  return nameFor("__sectorscope_module", M, Relocatable);
}

std::string siteTableName(const Module &M, bool Relocatable) {
  return nameFor("__sectorscope_site_table", M, Relocatable);
}

} // namespace sectorscope
