//===- SiteTable.cpp - The per-module table of access sites ---------------===//
#include "instrumentation/SiteTable.h"

#include "sectorscope/abi.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace sectorscope {

const char *opName(unsigned Op) { return ss_op_name(Op); }
const char *spaceName(unsigned Space) { return ss_space_name(Space); }

namespace {
/// Fields never contain the table's separators.
std::string field(StringRef S) {
  std::string R = S.str();
  for (char &C : R)
    if (C == '\t' || C == '\n' || C == '\r')
      C = ' ';
  return R;
}
/// Headers of the toolchain: clang's CUDA wrappers (atomicAdd is
/// __fAtomicAdd in __clang_cuda_device_functions.h) and the CUDA toolkit's.
bool isToolchainHeader(StringRef File) {
  StringRef Base = sys::path::filename(File);
  StringRef Ext = sys::path::extension(Base);
  bool Header = Ext == ".h" || Ext == ".hpp";
  // CUDA's own headers, wherever the toolkit is installed.
  if (Header && (Base.starts_with("sm_") || Base.starts_with("device_") ||
                 Base.starts_with("cuda_") || File.contains("/crt/")))
    return true;
  return Base.starts_with("__clang_cuda_") || File.contains("/lib/clang/") ||
         File.contains("/cuda-compat/") || File.contains("/usr/local/cuda") ||
         File.contains("/targets/x86_64-linux/include/") ||
         File.contains("/targets/sbsa-linux/include/");
}

/// Clang's CUDA wrappers (atomicAdd's body) and the project's compat
/// headers: never the line to show while a frame outside them calls them.
bool isClangWrapper(const DILocation *L) {
  StringRef File = L->getFilename();
  return sys::path::filename(File).starts_with("__clang_cuda_") ||
         File.contains("/lib/clang/") || File.contains("/cuda-compat/");
}

/// The access's own position, unless it is inside a toolchain header: then
/// the innermost inlined-at frame in user code, the line a programmer can
/// change (the atomicAdd call, not its body). A kernel that is all toolkit
/// code (CUB's) gets its innermost frame past clang's wrappers: where the
/// library calls atomicAdd.
const DILocation *userFrame(const DILocation *DL) {
  const DILocation *Library = nullptr;
  for (const DILocation *L = DL; L; L = L->getInlinedAt()) {
    if (!isToolchainHeader(L->getFilename()) &&
        !isToolchainHeader(L->getDirectory()))
      return L;
    if (!Library && !isClangWrapper(L))
      Library = L;
  }
  return Library ? Library : DL;
}
} // namespace

unsigned SiteTable::add(StringRef Kernel, const MemoryOp &Op, const Function &F,
                        unsigned Mlp, unsigned Work) {
  SiteRecord R;
  R.Mlp = Mlp ? Mlp : 1;
  R.Work = Work ? Work : 1;
  R.Waits = (Op.Op == SS_OP_LOAD && !Op.AsyncCopy) ||
            (Op.Op == SS_OP_ATOMIC && !Op.I->use_empty());
  R.SkipsL1 = Op.SkipsL1;
  R.Id = Sites.size();
  R.Kernel = field(Kernel);
  R.Op = Op.Op;
  R.Space = Op.Space;
  R.Width = Op.Width;
  if (const DILocation *DL = userFrame(Op.I->getDebugLoc().get())) {
    R.Line = DL->getLine();
    R.Column = DL->getColumn();
    if (DISubprogram *SP = DL->getScope()->getSubprogram())
      R.Function = field(SP->getName());
    SmallString<256> Path(DL->getFilename());
    if (!Path.empty() && !sys::path::is_absolute(Path) &&
        !DL->getDirectory().empty()) {
      Path = DL->getDirectory();
      sys::path::append(Path, DL->getFilename());
    }
    R.File = field(Path);
  }
  if (R.Function.empty()) {
    // Without debug info: the function's own name, not its clone's nor its
    // sample variant's.
    StringRef Name = F.getName();
    Name = Name.substr(0, Name.find(".sectorscope."));
    Name = Name.substr(0, Name.find(SS_SAMPLE_KERNEL_SUFFIX));
    R.Function = field(demangle(Name));
  }
  Sites.push_back(std::move(R));
  return Sites.back().Id;
}

void SiteTable::countUninstrumented(StringRef Kernel, Uninstrumented K) {
  auto It = Uninstr.find(Kernel.str());
  if (It == Uninstr.end())
    It = Uninstr.insert({Kernel.str(), {}}).first;
  ++It->second[unsigned(K)];
}

void SiteTable::addUninstrumentedKernel(StringRef Kernel, StringRef Reason) {
  UninstrumentedKernels.push_back({field(Kernel), field(Reason)});
}

void SiteTable::addPlainMode(StringRef Mode, StringRef Reason) {
  PlainModes.push_back({field(Mode), field(Reason)});
}

std::string SiteTable::text() const {
  std::string S;
  raw_string_ostream OS(S);
  OS << "V\t" << SS_ABI_VERSION << '\n';
  for (const SiteRecord &R : Sites)
    OS << "S\t" << R.Id << '\t' << R.Kernel << '\t' << opName(R.Op) << '\t'
       << spaceName(R.Space) << '\t' << R.Width << '\t' << R.Line << '\t'
       << R.Column << '\t' << R.Mlp << '\t' << R.Work << '\t' << R.Waits << '\t'
       << R.SkipsL1 << '\t' << R.Function << '\t' << R.File << '\n';
  for (const auto &[Kernel, Counts] : Uninstr) {
    OS << "K\t" << field(Kernel) << '\t';
    bool First = true;
    for (unsigned K = 0; K < NumUninstrumentedKinds; ++K) {
      if (!Counts[K])
        continue;
      if (!First)
        OS << ',';
      OS << uninstrumentedName(Uninstrumented(K)) << '=' << Counts[K];
      First = false;
    }
    OS << '\n';
  }
  for (const auto &[Kernel, Reason] : UninstrumentedKernels)
    OS << "L\t" << Kernel << '\t' << Reason << '\n';
  for (const auto &[Mode, Reason] : PlainModes)
    OS << "M\t" << Mode << '\t' << Reason << '\n';
  return S;
}

} // namespace sectorscope
