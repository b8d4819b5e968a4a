//===- Allocations.cpp - Device allocation bookkeeping --------------------===//
#include "Allocations.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace sectorscope::rt {

std::string Allocation::describe() const {
  std::string Api = Managed ? "cudaMallocManaged" : "cudaMalloc";
  std::string Where = Site.empty() ? Api : Api + " at " + Site;
  if (!Name.empty())
    return Name + " (" + Where + ")";
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "0x%llx", (unsigned long long)Base);
  return "allocation " + std::string(Buf) + " of " + std::to_string(Size) +
         " bytes (" + Where + ")";
}

void splitAllocSite(const char *Arg, std::string &Site, std::string &Name) {
  Site.clear();
  Name.clear();
  if (!Arg)
    return;
  std::string S = Arg;
  // File names may hold spaces, the line:col part never does: the name
  // starts after the first space that follows ":<digits>:<digits>".
  size_t Sp = std::string::npos;
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] != ' ' || I == 0 || !std::isdigit((unsigned char)S[I - 1]))
      continue;
    size_t C2 = S.rfind(':', I);
    if (C2 == std::string::npos || C2 == 0)
      continue;
    size_t C1 = S.rfind(':', C2 - 1);
    if (C1 == std::string::npos)
      continue;
    auto Digits = [&](size_t B, size_t E) {
      return E > B && std::all_of(S.begin() + B, S.begin() + E, [](char C) {
               return std::isdigit((unsigned char)C);
             });
    };
    if (Digits(C1 + 1, C2) && Digits(C2 + 1, I)) {
      Sp = I;
      break;
    }
  }
  if (Sp == std::string::npos) {
    Site = S;
    return;
  }
  Site = S.substr(0, Sp);
  Name = S.substr(Sp + 1);
}

const Allocation *AllocationSnapshot::find(uint64_t Addr) const {
  auto It = std::upper_bound(
      Allocs.begin(), Allocs.end(), Addr,
      [](uint64_t A, const Allocation &X) { return A < X.Base; });
  if (It == Allocs.begin())
    return nullptr;
  --It;
  return It->contains(Addr) ? &*It : nullptr;
}

void AllocationTable::add(Allocation A) {
  std::lock_guard<std::mutex> G(Lock);
  A.Serial = NextSerial++;
  // A base the driver handed out again replaces the freed record (a free
  // we did not see, e.g. from an uninstrumented TU).
  Live[A.Base] = std::move(A);
}

bool AllocationTable::remove(uint64_t Base) {
  std::lock_guard<std::mutex> G(Lock);
  return Live.erase(Base) != 0;
}

AllocationSnapshot AllocationTable::snapshot() const {
  std::lock_guard<std::mutex> G(Lock);
  std::vector<Allocation> V;
  V.reserve(Live.size());
  for (const auto &[B, A] : Live)
    V.push_back(A);
  return AllocationSnapshot(std::move(V));
}

size_t AllocationTable::size() const {
  std::lock_guard<std::mutex> G(Lock);
  return Live.size();
}

} // namespace sectorscope::rt
