//===- MemoryOps.h - What a device instruction does to memory ---*- C++ -*-===//
//
// One place that knows which IR instructions touch memory on NVPTX, what
// they are in the ABI's terms (op, space, width), and which of them the
// instrumentation cannot see through (inline asm, async and bulk copies,
// textures, memcpy): those are only counted.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_PASS_MEMORYOPS_H
#define SECTORSCOPE_PASS_MEMORYOPS_H

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
  unsigned Op = 0;    ///< ss_op
  unsigned Space = 0; ///< ss_space, SS_SPACE_GENERIC when only run time knows
  unsigned Width = 0; ///< bytes
};

/// Why a memory operation is not instrumented; names as in the site table.
enum class Uninstrumented { InlineAsm, CpAsync, BulkCopy, Texture, Other };
constexpr unsigned NumUninstrumentedKinds = 5;
const char *uninstrumentedName(Uninstrumented K);

/// The access `I` performs, if it is one we instrument. Constant and
/// parameter space loads are not memory traffic we model and give nullopt.
/// `InKernel`: I is in a kernel, whose pointer arguments point to global
/// memory (the CUDA launch ABI; NVPTXLowerArgs relies on it too).
std::optional<MemoryOp> classifyAccess(llvm::Instruction &I,
                                       const llvm::DataLayout &DL,
                                       bool InKernel);

/// Small fixed-size memcpy/memmove/memset (struct copies such as
/// `out[i] = in[i]` for a float4): the backend turns them into one load and
/// one store of that size, so they are a load site and a store site. Larger
/// or variable sizes are left to classifyUninstrumented ("other").
bool classifySmallMemIntrinsic(llvm::Instruction &I, const llvm::DataLayout &DL,
                               bool InKernel,
                               llvm::SmallVectorImpl<MemoryOp> &Ops);

/// Largest memcpy/memset we model as one access per side: a 16-byte vector
/// access is the widest the hardware has.
constexpr unsigned MaxMemIntrinsicBytes = 16;

/// Non-null kind when `I` touches memory in a way we cannot instrument.
std::optional<Uninstrumented> classifyUninstrumented(llvm::Instruction &I);

/// True if PTX text contains a memory instruction (ld, st, atom, red,
/// cp.async, tex, ...). Exposed for unit tests.
bool asmTouchesMemory(llvm::StringRef Asm);

/// ss_space of a pointer from its address space and underlying object.
unsigned staticSpace(const llvm::Value *Ptr, bool InKernel);

} // namespace sectorscope

#endif
