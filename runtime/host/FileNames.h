//===- FileNames.h - Report file names that never collide -----------------===//
//
// Reports of many processes (MPI ranks on several hosts writing to one shared
// directory), threads and launches land side by side; a name carries all of
// host, pid, rank, thread and a per-process sequence number.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_FILENAMES_H
#define SECTORSCOPE_RT_FILENAMES_H

#include "Config.h"

#include <cstdint>
#include <string>

namespace sectorscope::rt {

struct ProcessIdentity {
  std::string Host;
  long Pid = 0;
  std::string Rank; // OMPI_COMM_WORLD_RANK, PMI_RANK, SLURM_PROCID, or ""
};

ProcessIdentity currentProcess(const GetEnvFn &GetEnv);

/// Keeps [A-Za-z0-9_.] and maps the rest to '_', at most Max characters.
std::string sanitizeForFileName(const std::string &S, size_t Max = 64);

/// "<kernel>-<host>-<pid>[-r<rank>]-t<tid>-<seq>" (no extension).
std::string launchFileStem(const std::string &ShortKernel,
                           const ProcessIdentity &P, long Tid, uint64_t Seq);

/// mkdir -p; false with Err set when it cannot be created.
bool makeDirectories(const std::string &Dir, std::string &Err);

} // namespace sectorscope::rt

#endif
