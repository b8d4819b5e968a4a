//===- SassLoads.cpp - A profile's loads in flight from SASS --------------===//
#include "sectorscope/model/SassLoads.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/JsonIO.h"

#include "common/ReadFile.h"

#include <cxxabi.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <sstream>

namespace sectorscope::model {

const std::vector<SassKernel> &sassOfFile(const std::string &Path) {
  // Held-out validation predicts every case many times: read each once.
  static std::map<std::string, std::vector<SassKernel>> Read;
  auto It = Read.find(Path);
  if (It != Read.end())
    return It->second;
  // cuobjdump's listing of a large program is tens of MiB; the bound turns a
  // wrong path (/dev/zero, a FIFO) into an error.
  constexpr uint64_t MaxSassBytes = 1u << 30;
  UserFile F = readUserFile(Path, MaxSassBytes, "SASS listing");
  if (!F.Opened)
    fail(Path, "", "cannot open file (" + F.Problem + ")");
  if (!F.Text)
    fail(Path, "", F.Problem);
  std::vector<SassKernel> K = readSass(*F.Text);
  if (K.empty())
    fail(Path, "", "no kernel in it (expected `cuobjdump -sass` output)");
  return Read[Path] = std::move(K);
}

static std::string runCapture(const std::string &Cmd) {
  std::unique_ptr<FILE, int (*)(FILE *)> Pipe(popen(Cmd.c_str(), "r"), pclose);
  if (!Pipe)
    return "";
  std::string Out;
  char Buf[65536];
  size_t N;
  while ((N = fread(Buf, 1, sizeof Buf, Pipe.get())) > 0)
    Out.append(Buf, N);
  return Out;
}

std::string sassOfExecutable(const std::string &Exe) {
  // Not opened here: a FIFO would block the open.
  struct stat St;
  if (::stat(Exe.c_str(), &St) != 0)
    fail(Exe, "", std::strerror(errno));
  if (!S_ISREG(St.st_mode))
    fail(Exe, "", "not a regular file (expected the program's executable)");
  std::vector<std::string> Tools = {"cuobjdump"};
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *Root = std::getenv(Var))
      Tools.push_back(std::string(Root) + "/bin/cuobjdump");
  std::string Quoted = "'";
  for (char C : Exe)
    Quoted += C == '\'' ? std::string("'\\''") : std::string(1, C);
  Quoted += "'";
  for (const std::string &T : Tools) {
    std::string Out = runCapture(T + " -sass " + Quoted + " 2>/dev/null");
    if (!readSass(Out).empty())
      return Out;
  }
  fail(Exe, "",
       "no SASS from cuobjdump (not on PATH, $CUDA_HOME/bin or "
       "$CUDA_PATH/bin, or no device code in the file)");
}

static std::string demangle(const std::string &Name) {
  int Status = 0;
  std::unique_ptr<char, void (*)(void *)> D(
      abi::__cxa_demangle(Name.c_str(), nullptr, nullptr, &Status), std::free);
  return Status == 0 && D ? std::string(D.get()) : Name;
}

const SassKernel *findSassKernel(const std::vector<SassKernel> &Listing,
                                 const Profile &P) {
  for (const SassKernel &K : Listing)
    if (!P.Mangled.empty() && K.Name == P.Mangled)
      return &K;
  for (const SassKernel &K : Listing)
    if (demangle(K.Name) == P.Kernel)
      return &K;
  return nullptr;
}

std::string serialization(const SassBody &B) {
  std::string Out;
  for (auto [On, Name] : {std::pair{B.Barrier, "barrier"},
                          {B.Shuffle, "shuffle"},
                          {B.ChainedLoad, "chained load"}})
    if (On)
      Out += (Out.empty() ? "" : ", ") + std::string(Name);
  return Out.empty() ? "-" : Out;
}

std::string useSassLoadsInFlight(Profile &P,
                                 const std::vector<SassKernel> &Listing) {
  const SassKernel *K = findSassKernel(Listing, P);
  if (!K)
    return "loads in flight: from the IR (the SASS has no " + P.Kernel + ")";
  const SassBody &B = K->hotBody();
  if (!B.Loads)
    return "loads in flight: from the IR (the SASS of " + P.Kernel +
           " issues no global load)";
  // The round trips of the machine code replace the IR's only where they
  // are what a trip waits for.
  if (B.serialized())
    return "loads in flight: from the IR (a trip of " + P.Kernel +
           "'s hot loop also waits on a " + serialization(B) + ")";
  double PerTrip = B.loadsPerTrip();
  for (Site &S : P.Sites)
    if (S.TheOp == SiteOp::Load && S.TheSpace == Space::Global)
      S.Mlp = PerTrip;
  return "loads in flight: " + fmtNum(PerTrip) + " from the SASS (" +
         std::to_string(B.Loads) + " LDG in " +
         (&B == &K->Whole ? std::string("the kernel")
                          : std::string("its loop")) +
         ", " + std::to_string(B.Waits) + " round trip(s), " +
         std::to_string(B.InFlight) + " before the first wait, widest " +
         std::to_string(B.WidestBits) + " bits)";
}

} // namespace sectorscope::model
