//===- FileNames.cpp - Report file names ----------------------------------===//
#include "FileNames.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace sectorscope::rt {

ProcessIdentity currentProcess(const GetEnvFn &GetEnv) {
  ProcessIdentity P;
  char Host[256] = {0};
  if (gethostname(Host, sizeof(Host) - 1) != 0 || !Host[0])
    std::strcpy(Host, "host");
  P.Host = sanitizeForFileName(Host, 40);
  P.Pid = long(getpid());
  for (const char *V :
       {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID"})
    if (const char *R = GetEnv(V); R && *R) {
      P.Rank = sanitizeForFileName(R, 16);
      break;
    }
  return P;
}

std::string sanitizeForFileName(const std::string &S, size_t Max) {
  std::string Out;
  for (char C : S) {
    if (Out.size() >= Max)
      break;
    bool Ok = (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
              (C >= '0' && C <= '9') || C == '_' || C == '.';
    Out += Ok ? C : '_';
  }
  // No hidden files, no "..".
  while (!Out.empty() && Out[0] == '.')
    Out[0] = '_';
  return Out.empty() ? "_" : Out;
}

std::string launchFileStem(const std::string &ShortKernel,
                           const ProcessIdentity &P, long Tid, uint64_t Seq) {
  char SeqBuf[32];
  std::snprintf(SeqBuf, sizeof(SeqBuf), "%05llu", (unsigned long long)Seq);
  std::string S = sanitizeForFileName(ShortKernel) + "-" + P.Host + "-" +
                  std::to_string(P.Pid);
  if (!P.Rank.empty())
    S += "-r" + P.Rank;
  S += "-t" + std::to_string(Tid) + "-" + SeqBuf;
  return S;
}

bool makeDirectories(const std::string &Dir, std::string &Err) {
  std::string Path;
  for (size_t I = 0; I <= Dir.size(); ++I) {
    if (I == Dir.size() || Dir[I] == '/') {
      if (!Path.empty() && mkdir(Path.c_str(), 0777) != 0 && errno != EEXIST) {
        Err = "cannot create '" + Path + "': " + std::strerror(errno);
        return false;
      }
    }
    if (I < Dir.size())
      Path += Dir[I];
  }
  struct stat St;
  if (stat(Dir.c_str(), &St) != 0 || !S_ISDIR(St.st_mode)) {
    Err = "'" + Dir + "' is not a directory";
    return false;
  }
  return true;
}

} // namespace sectorscope::rt
