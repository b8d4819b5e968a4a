//===- InlinePtx.h - What an inline PTX statement does ----------*- C++ -*-===//
//
// CUDA's cache-hinted loads and stores (__ldcs, __ldcg, __stcs, ... in
// sm_32_intrinsics.hpp, and their half and bfloat16 overloads) are inline
// PTX of one `ld.global.<hint>` or `st.global.<hint>` whose address is an
// operand of the asm statement; so is much hand-written code (`ld.global.nc`,
// `ld.global.L1::no_allocate.v4.f32`). Such a statement is one access whose
// address the IR knows, and the analyzer and the instrumentation treat it as
// the load or store it is, and so one guarded by an operand compared with
// zero (`setp.ne.b32 p, %2, 0; @p ld.global.v4.u32 ...`, CUTLASS's and
// TVM's bounds-checked loads) beside register moves. Anything else with a
// memory instruction (two memory statements, a register address, shared or
// texture space, other arithmetic) stays opaque. An asynchronous copy of
// global memory into shared memory (`cp.async`) is read as the global load
// it makes.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_SUPPORT_INLINEPTX_H
#define SECTORSCOPE_SUPPORT_INLINEPTX_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace llvm {
class CallBase;
class Value;
} // namespace llvm

namespace sectorscope {

/// The instruction statements of inline PTX, trimmed: declarations (`.reg`)
/// and braces issue nothing and are left out.
llvm::SmallVector<llvm::StringRef, 4> ptxInstructions(llvm::StringRef Asm);

/// A global or generic load or store written as one inline PTX statement.
struct PtxAccess {
  bool IsStore = false;
  /// `ld.global`/`st.global`; false for the generic `ld`/`st`.
  bool Global = false;
  /// Bypasses L1: `.cg` (cache in L2 only), `.cv`, `.volatile`, and the
  /// memory-model orders at device or system scope.
  bool SkipsL1 = false;
  /// `.nc`: read-only data (the non-coherent path `__ldg` takes), which the
  /// compiler may move past stores.
  bool ReadOnly = false;
  unsigned Width = 0;      ///< bytes: the vector's elements times their size
  unsigned AddressArg = 0; ///< the call argument that holds the address
  /// The pointer that argument holds, set by ptxAccess: the argument, or
  /// the pointer an integer argument was made from (`ptrtoint`, as libcu++'s
  /// `__cvta_generic_to_global` leaves a cp.async's source).
  llvm::Value *Address = nullptr;
  uint64_t Offset = 0; ///< bytes added to it (`[$1+8]`)
  /// The call argument a guard predicate compares with zero, when the
  /// statement has one: whether the access runs depends on that argument in
  /// each lane.
  std::optional<unsigned> GuardArg;
  /// The access runs in the lanes whose guard argument is zero (`setp.eq`,
  /// or `@!p` on `setp.ne`), not in those where it is not.
  bool GuardWhenZero = false;
  /// `cp.async.{ca,cg}.shared.global`: a read of global memory into shared
  /// memory that completes later (`__pipeline_memcpy_async`), checked and
  /// counted as the load of its global side; its warp does not wait for it.
  bool AsyncCopy = false;
  /// The call argument that holds the width, when the statement names an
  /// operand for it (cp.async's `"n"(16)`); ptxAccess resolves it.
  std::optional<unsigned> WidthArg;
  /// cp.async's src-size operand, when it names one: no byte is read where
  /// it is zero (CUTLASS's zero fill of out-of-bounds lanes). ptxAccess
  /// makes a non-constant one the guard.
  std::optional<unsigned> SourceSizeArg;
};

/// The statements `Asm` as one load or store at call argument
/// `AddressArg`, if they are one (`Constraints` maps asm operands to call
/// arguments). Callers use ptxAccess.
std::optional<PtxAccess> parsePtxAccess(llvm::StringRef Asm,
                                        llvm::StringRef Constraints);

/// What a cp.async's src-size operand makes of the copy: std::nullopt when
/// it is a known zero (the copy reads nothing), nullptr when it is another
/// known value (the copy reads as written; a partial copy is counted
/// whole), else the value itself, which guards the read (no byte is read
/// where it is zero: CUTLASS's zero fill).
std::optional<llvm::Value *> asyncCopySourceGuard(llvm::Value *SourceSize);

/// The access `Call` performs, if it calls such inline PTX with the address
/// in a pointer argument.
std::optional<PtxAccess> ptxAccess(const llvm::CallBase &Call);

} // namespace sectorscope

#endif
