//===- RuntimeLinker.cpp - Link the device runtime into a module ----------===//
#include "instrumentation/RuntimeLinker.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <dlfcn.h>

using namespace llvm;

namespace sectorscope {

static void anchor() {}

std::string defaultDeviceRuntimePath() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&anchor), &Info) || !Info.dli_fname)
    return "sectorscope-device.bc";
  SmallString<256> Path(Info.dli_fname);
  sys::path::remove_filename(Path);
  sys::path::append(Path, "sectorscope-device.bc");
  return std::string(Path);
}

std::string linkDeviceRuntime(Module &M, StringRef Path, StringSet<> &Defined) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return ("cannot read the device runtime '" + Path +
            "': " + Buf.getError().message())
        .str();
  auto RTOr = parseBitcodeFile((*Buf)->getMemBufferRef(), M.getContext());
  if (!RTOr)
    return ("cannot parse the device runtime '" + Path +
            "': " + toString(RTOr.takeError()))
        .str();
  std::unique_ptr<Module> RT = std::move(*RTOr);
  RT->setDataLayout(M.getDataLayout());
  RT->setTargetTriple(M.getTargetTriple());
  // Module flags such as nvvm-reflect-ftz use the Override behaviour: a
  // user's -ffast-math would clash with the runtime's default.
  for (const char *Name : {"llvm.module.flags", "llvm.ident"})
    if (NamedMDNode *N = RT->getNamedMetadata(Name))
      RT->eraseNamedMetadata(N);

  // The runtime was compiled for sm_90; it runs in the user's code, so it
  // takes the user's target (PTX version and features).
  Attribute CPU, Features;
  for (Function &F : M)
    if (!F.isDeclaration() && F.hasFnAttribute("target-cpu")) {
      CPU = F.getFnAttribute("target-cpu");
      Features = F.getFnAttribute("target-features");
      break;
    }
  for (Function &F : *RT) {
    if (F.isDeclaration())
      continue;
    Defined.insert(F.getName());
    if (CPU.isValid())
      F.addFnAttr(CPU);
    if (Features.isValid())
      F.addFnAttr(Features);
  }

  if (Linker::linkModules(M, std::move(RT)))
    return "cannot link the device runtime '" + Path.str() + "'";
  for (const auto &E : Defined)
    if (Function *F = M.getFunction(E.getKey()))
      if (!F->isDeclaration())
        F->setLinkage(GlobalValue::InternalLinkage);
  return "";
}

} // namespace sectorscope
