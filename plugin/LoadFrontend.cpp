//===- LoadFrontend.cpp - Load the frontend half inside clang only --------===//
//
// sectorscope.so is what users load, with -fplugin= or -fpass-plugin= in
// clang and -load-pass-plugin= in opt. Its clang half (the PluginASTAction)
// needs clang's symbols, which opt lacks, and linking libclang-cpp into opt
// breaks it (both define some of LLVM's command-line options). So the clang
// half lives in sectorscope-frontend.so next to this library and is loaded
// from here only when the host process is clang.
//
//===----------------------------------------------------------------------===//
#include <dlfcn.h>
#include <string>

#include "llvm/Support/raw_ostream.h"

namespace {
struct FrontendLoader {
  FrontendLoader() {
    // clang::FrontendAction::BeginSourceFile, present only in clang.
    if (!dlsym(RTLD_DEFAULT, "_ZN5clang14FrontendAction15BeginSourceFileERNS_"
                             "16CompilerInstanceERKNS_17FrontendInputFileE"))
      return;
    Dl_info Info;
    if (!dladdr(reinterpret_cast<void *>(&anchor), &Info) || !Info.dli_fname)
      return;
    std::string Path = Info.dli_fname;
    Path = Path.substr(0, Path.rfind('/') + 1) + "sectorscope-frontend.so";
    if (!dlopen(Path.c_str(), RTLD_NOW | RTLD_GLOBAL))
      llvm::errs() << "sectorscope: error: cannot load " << Path << ": "
                   << dlerror() << "\n";
  }
  static void anchor() {}
} Loader;
} // namespace
