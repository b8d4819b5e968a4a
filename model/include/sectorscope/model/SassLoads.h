//===- SassLoads.h - A profile's loads in flight from SASS ------*- C++ -*-===//
//
// A load site's mlp comes from the IR (loads of one basic block at one
// dependence depth). When the SASS of the module that ran is at hand, the
// figure ptxas produced replaces it: the loads a warp issues before it
// waits for the first of them, in the kernel's hot loop (SassReader.h).
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_SASSLOADS_H
#define SECTORSCOPE_MODEL_SASSLOADS_H

#include "sectorscope/model/Profile.h"
#include "sectorscope/model/SassReader.h"

#include <string>
#include <vector>

namespace sectorscope::model {

/// The kernels of a `cuobjdump -sass` listing, read once per path.
const std::vector<SassKernel> &sassOfFile(const std::string &Path);

/// `cuobjdump -sass EXE`, with cuobjdump from PATH, else $CUDA_HOME/bin or
/// $CUDA_PATH/bin; fails when none runs.
std::string sassOfExecutable(const std::string &Exe);

/// The listing's kernel for the profile: by its symbol (`mangled`), else
/// by the demangled name; null when the listing lacks it.
const SassKernel *findSassKernel(const std::vector<SassKernel> &Listing,
                                 const Profile &P);

/// What besides its loads a trip of B waits for ("barrier, shuffle"), or
/// "-" when nothing.
std::string serialization(const SassBody &B);

/// Gives every global load site of P the SASS figure of loads in flight
/// when the listing has P's kernel with loads in its hot body; returns the
/// note that says which figure the sites carry.
std::string useSassLoadsInFlight(Profile &P,
                                 const std::vector<SassKernel> &Listing);

} // namespace sectorscope::model

#endif
