//===- Args.cpp - Command line of sectorscope-microbench ------------------===//
#include "microbench/host/Args.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <sstream>

namespace sectorscope::mb {

const std::vector<std::string> &experimentNames() {
  static const std::vector<std::string> Names = {
      "stream",     "campprof", "gt200", "stride",    "offset", "pitch",
      "hot_region", "latency",  "block", "loadstore", "small",  "local",
      "atomic",     "hot_load", "dirty", "streams",   "shared", "arith"};
  return Names;
}

std::string usage() {
  std::ostringstream OS;
  OS << "usage: sectorscope-microbench [options]\n"
        "  --out FILE            JSON report (default microbench.json)\n"
        "  --reps N              timed runs per measurement (default 7)\n"
        "  --footprint-mib N     streaming footprint (default 2048)\n"
        "  --camp-mib N          bytes per CampProf configuration (default "
        "256)\n"
        "  --max-warps N         sweep active warps/SM up to N (default: "
        "device max)\n"
        "  --only A,B            run only these groups:";
  for (const auto &N : experimentNames())
    OS << ' ' << N;
  OS << "\n"
        "  --quick               short sweeps (smoke test)\n"
        "  --ungated             time each launch from an idle stream, host\n"
        "                        launch call included (to compare with gated\n"
        "                        timing)\n"
        "  --slice-probe FILE    run the L2 slice probe kernels (under ncu) "
        "and\n"
        "                        write the probed addresses to FILE\n"
        "  --probe-k N           addresses per probe launch (default 12)\n"
        "  --probe-base N        reductions per unit of weight (default 32)\n"
        "  --probe-seed N        random seed of the probed addresses\n"
        "  --probe-sets S        weighted sets page:sm:count,... (default "
        "0:0:1152,1:0:192,0:-1:384,0:66:192)\n"
        "  --probe-pair-k N      addresses per pair launch (default 16)\n"
        "  --probe-enum-refs N   references tested against every near line\n"
        "  --probe-pairs N       launches of random pair tests\n"
        "  --probe-far-mask M    partition hash mask (hex); pair launches\n"
        "                        keep to one partition\n"
        "  --probe-pair-sms L    SMs that run every pair launch (default "
        "0,66)\n"
        "  --probe-unit-basis L  differences that keep the slice (hex list)\n"
        "  --probe-inv N         launches testing that basis on random "
        "addresses\n"
        "  --probe-unit-enum N   references tested against one address per\n"
        "                        coset of the basis\n"
        "  --help\n";
  return OS.str();
}

namespace {

bool parseInt(const std::string &S, long long Min, long long Max,
              long long &Out) {
  if (S.empty())
    return false;
  char *End = nullptr;
  errno = 0;
  long long V = std::strtoll(S.c_str(), &End, 10);
  if (errno || *End != '\0' || V < Min || V > Max)
    return false;
  Out = V;
  return true;
}

std::vector<std::string> split(const std::string &S, char Sep) {
  std::vector<std::string> Parts;
  std::string Cur;
  std::istringstream IS(S);
  while (std::getline(IS, Cur, Sep))
    Parts.push_back(Cur);
  return Parts;
}

} // namespace

bool parseProbeSets(const std::string &Spec, std::vector<ProbeSet> &Sets,
                    std::string &Error) {
  Sets.clear();
  for (const auto &Item : split(Spec, ',')) {
    auto F = split(Item, ':');
    long long Page, Sm, Count;
    if (F.size() != 3 || !parseInt(F[0], 0, 15, Page) ||
        !parseInt(F[1], -1024, 1023, Sm) ||
        !parseInt(F[2], 1, 1 << 20, Count)) {
      Error = "bad probe set '" + Item + "' (want page:sm:count)";
      return false;
    }
    Sets.push_back({int(Page), int(Sm), int(Count)});
  }
  if (Sets.empty()) {
    Error = "empty --probe-sets";
    return false;
  }
  return true;
}

bool parseMaskList(const std::string &Spec, std::vector<uint64_t> &Masks,
                   std::string &Error) {
  Masks.clear();
  for (const auto &Item : split(Spec, ',')) {
    char *End = nullptr;
    errno = 0;
    unsigned long long V = std::strtoull(Item.c_str(), &End, 0);
    if (Item.empty() || errno || *End != '\0' || !V || V >= (1ULL << 21) ||
        V % 32) {
      Error = "bad offset vector '" + Item +
              "' (want a non-zero multiple of 32 below 1 << 21)";
      return false;
    }
    Masks.push_back(V);
  }
  return true;
}

bool parseSmList(const std::string &Spec, std::vector<int> &Sms,
                 std::string &Error) {
  Sms.clear();
  for (const auto &Item : split(Spec, ',')) {
    long long V;
    if (!parseInt(Item, 0, 1023, V)) {
      Error = "bad SM '" + Item + "' in '" + Spec + "'";
      return false;
    }
    Sms.push_back(int(V));
  }
  if (Sms.empty()) {
    Error = "empty SM list";
    return false;
  }
  return true;
}

ParseResult parseArgs(const std::vector<std::string> &Argv) {
  ParseResult R;
  Options &O = R.Opts;
  // Every option but the flags takes one value; a missing one is an error
  // rather than a silent default.
  for (size_t I = 0; I < Argv.size(); ++I) {
    const std::string &A = Argv[I];
    auto Value = [&](std::string &V) {
      if (I + 1 >= Argv.size()) {
        R.Error = "option " + A + " needs a value";
        return false;
      }
      V = Argv[++I];
      return true;
    };
    auto IntValue = [&](long long Min, long long Max, long long &V) {
      std::string S;
      if (!Value(S))
        return false;
      if (!parseInt(S, Min, Max, V)) {
        R.Error = "option " + A + ": '" + S + "' is not an integer in [" +
                  std::to_string(Min) + ", " + std::to_string(Max) + "]";
        return false;
      }
      return true;
    };
    long long N = 0;
    if (A == "--help" || A == "-h") {
      O.Help = true;
    } else if (A == "--quick") {
      O.Quick = true;
    } else if (A == "--ungated") {
      O.Ungated = true;
    } else if (A == "--out") {
      if (!Value(O.Out))
        return R;
    } else if (A == "--reps") {
      if (!IntValue(1, 1000, N))
        return R;
      O.Reps = int(N);
    } else if (A == "--footprint-mib") {
      if (!IntValue(64, 1 << 20, N))
        return R;
      O.FootprintMiB = uint64_t(N);
    } else if (A == "--camp-mib") {
      if (!IntValue(1, 1 << 20, N))
        return R;
      O.CampMiB = uint64_t(N);
    } else if (A == "--max-warps") {
      if (!IntValue(1, 1024, N))
        return R;
      O.MaxWarps = int(N);
    } else if (A == "--only") {
      std::string S;
      if (!Value(S))
        return R;
      for (const auto &Name : split(S, ',')) {
        const auto &All = experimentNames();
        if (std::find(All.begin(), All.end(), Name) == All.end()) {
          R.Error = "unknown experiment '" + Name + "'";
          return R;
        }
        O.Only.push_back(Name);
      }
    } else if (A == "--slice-probe") {
      if (!Value(O.SliceProbe))
        return R;
    } else if (A == "--probe-k") {
      // Weights go up to base << (k-1); 20 keeps counts well inside 32 bits.
      if (!IntValue(1, 20, N))
        return R;
      O.ProbeAddrsPerLaunch = int(N);
    } else if (A == "--probe-base") {
      if (!IntValue(32, 1 << 16, N))
        return R;
      O.ProbeBase = int(N);
    } else if (A == "--probe-seed") {
      if (!IntValue(0, (1LL << 62), N))
        return R;
      O.ProbeSeed = uint64_t(N);
    } else if (A == "--probe-pair-k") {
      if (!IntValue(2, 20, N))
        return R;
      O.ProbePairK = int(N);
    } else if (A == "--probe-enum-refs") {
      if (!IntValue(0, 64, N))
        return R;
      O.ProbeEnumRefs = int(N);
    } else if (A == "--probe-pairs") {
      if (!IntValue(0, 1 << 16, N))
        return R;
      O.ProbePairLaunches = int(N);
    } else if (A == "--probe-pair-sms") {
      if (!Value(O.ProbePairSms))
        return R;
      std::vector<int> Sms;
      if (!parseSmList(O.ProbePairSms, Sms, R.Error))
        return R;
    } else if (A == "--probe-far-mask") {
      std::string S;
      if (!Value(S))
        return R;
      char *End = nullptr;
      errno = 0;
      unsigned long long V = std::strtoull(S.c_str(), &End, 0);
      if (S.empty() || errno || *End != '\0' || V >= (1ULL << 21)) {
        R.Error = "option --probe-far-mask: '" + S +
                  "' is not a mask of page-offset bits (below 1 << 21)";
        return R;
      }
      O.ProbeFarMask = V;
    } else if (A == "--probe-unit-basis") {
      if (!Value(O.ProbeUnitBasis))
        return R;
      std::vector<uint64_t> Masks;
      if (!parseMaskList(O.ProbeUnitBasis, Masks, R.Error))
        return R;
    } else if (A == "--probe-inv") {
      if (!IntValue(0, 1 << 16, N))
        return R;
      O.ProbeInvLaunches = int(N);
    } else if (A == "--probe-unit-enum") {
      if (!IntValue(0, 1024, N))
        return R;
      O.ProbeUnitEnumRefs = int(N);
    } else if (A == "--probe-sets") {
      if (!Value(O.ProbeSets))
        return R;
      std::vector<ProbeSet> Sets;
      if (!parseProbeSets(O.ProbeSets, Sets, R.Error))
        return R;
    } else {
      R.Error = "unknown option '" + A + "'";
      return R;
    }
  }
  return R;
}

bool wants(const Options &O, const std::string &Name) {
  return O.Only.empty() ||
         std::find(O.Only.begin(), O.Only.end(), Name) != O.Only.end();
}

} // namespace sectorscope::mb
