//===- AccessArgs.h - The access entries' arguments -------------*- C++ -*-===//
//
// Every access entry of the device runtime (abi.h) takes the same first six
// arguments, in this order; the pass builds them once (insertAccess) and
// reads or rewrites them afterwards by these names.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_INSTRUMENTATION_ACCESSARGS_H
#define SECTORSCOPE_INSTRUMENTATION_ACCESSARGS_H

namespace sectorscope {

/// site, address, width, op | space << SS_SPACE_SHIFT (| shape <<
/// SS_SHAPE_SHIFT in grid mode), lanes, state.
enum AccessArg : unsigned {
  ArgSite,
  ArgAddress,
  ArgWidth,
  ArgOpSpace,
  ArgLanes,
  ArgState
};

} // namespace sectorscope

#endif
