//===- MemoryOps.h - What a device instruction does to memory ---*- C++ -*-===//
//
// One place that knows which IR instructions touch memory on NVPTX, what
// they are in the ABI's terms (op, space, width), and which of them the
// instrumentation cannot see through (inline asm, async and bulk copies,
// textures, memcpy): those are only counted.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_MEMORYOPS_H
#define SECTORSCOPE_INSTRUMENTATION_MEMORYOPS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace llvm {
class DataLayout;
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace sectorscope {

/// An instrumentable access: `Ptr` is the address operand, in its own
/// address space.
struct MemoryOp {
  llvm::Instruction *I = nullptr;
  llvm::Value *Ptr = nullptr;
  unsigned Op = 0;     ///< ss_op
  unsigned Space = 0;  ///< ss_space, SS_SPACE_GENERIC when only run time knows
  unsigned Width = 0;  ///< bytes
  unsigned Offset = 0; ///< bytes from Ptr (pieces of a memcpy/memset)
  /// A load that bypasses L1: volatile or atomic, or inline PTX that says
  /// so (`ld.global.cg`, `.cv`, `.volatile`, device-scope orders).
  bool SkipsL1 = false;
  /// Read-only data (`__ldg`, `ld.global.nc`): the compiler may move the
  /// load past stores.
  bool ReadOnly = false;
  /// Inline PTX under a guard (`@p ld.global...`): the integer whose
  /// comparison with zero says in which lanes the access runs; null when
  /// every lane that reaches the statement runs it.
  llvm::Value *Guard = nullptr;
  bool GuardWhenZero = false; ///< runs where Guard == 0
  /// cp.async's global side: a load its warp does not wait for (it waits
  /// at cp.async.wait_group).
  bool AsyncCopy = false;
};

/// Why a memory operation is not instrumented; names as in the site table.
/// IndirectCall: a call through a pointer, whose callee (not known at
/// compile time, so not cloned) runs its accesses uncounted. GuardedAsm:
/// inline PTX of one load or store under a guard operand that is not an
/// integer, which the analyzer reads but the pass cannot test
/// (MemoryOps.cpp, countedAtRunTime).
enum class Uninstrumented {
  InlineAsm,
  CpAsync,
  BulkCopy,
  Texture,
  Other,
  IndirectCall,
  GuardedAsm
};
constexpr unsigned NumUninstrumentedKinds = 7;
const char *uninstrumentedName(Uninstrumented K);

/// The access `I` performs, if it is one we instrument: a load, store or
/// atomic, NVVM's ldg/ldu and atomics, or inline PTX of one load or store
/// (support/InlinePtx.h). Constant and parameter space loads are not memory
/// traffic we model and give nullopt.
/// `InKernel`: I is in a kernel, whose pointer arguments point to global
/// memory (the CUDA launch ABI; NVPTXLowerArgs relies on it too).
std::optional<MemoryOp>
classifyAccess(llvm::Instruction &I, const llvm::DataLayout &DL, bool InKernel);

/// Small fixed-size memcpy/memmove/memset (struct copies such as
/// `out[i] = in[i]` for a float4): the NVPTX backend expands them into
/// loads and stores of at most 8 bytes, as wide as the alignment allows (a
/// float4 copy is two ld.global.u64 and two st.global.u64), so each piece
/// is a site. Larger or variable sizes are left to classifyUninstrumented
/// ("other").
bool classifySmallMemIntrinsic(llvm::Instruction &I, const llvm::DataLayout &DL,
                               bool InKernel,
                               llvm::SmallVectorImpl<MemoryOp> &Ops);

/// Every access `I` performs that we instrument, one site each:
/// classifyAccess's, else a small memory intrinsic's pieces; none otherwise.
llvm::SmallVector<MemoryOp, 2>
memoryOps(llvm::Instruction &I, const llvm::DataLayout &DL, bool InKernel);

/// Largest memcpy/memset we model piece by piece (beyond it the backend may
/// emit a loop).
constexpr unsigned MaxMemIntrinsicBytes = 32;

/// Non-null kind when `I` touches memory in a way we cannot instrument.
std::optional<Uninstrumented> classifyUninstrumented(llvm::Instruction &I);

/// True if PTX text contains a memory instruction (ld, st, atom, red,
/// cp.async, tex, ...). Exposed for unit tests.
bool asmTouchesMemory(llvm::StringRef Asm);

/// ss_space of a pointer from its address space and underlying object.
unsigned staticSpace(const llvm::Value *Ptr, bool InKernel);

} // namespace sectorscope

#endif
