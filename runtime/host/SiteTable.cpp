//===- SiteTable.cpp - Parse the pass's site table ------------------------===//
#include "SiteTable.h"

#include "sectorscope/abi.h"

#include <algorithm>
#include <cstdlib>

namespace sectorscope::rt {

const char *opName(uint32_t Op) { return ss_op_name(Op); }
const char *spaceName(uint32_t Space) { return ss_space_name(Space); }

const Site *SiteTable::find(uint32_t Id) const {
  auto It =
      std::lower_bound(Sites.begin(), Sites.end(), Id,
                       [](const Site &S, uint32_t V) { return S.Id < V; });
  return It != Sites.end() && It->Id == Id ? &*It : nullptr;
}

std::vector<bool> SiteTable::genericSites(uint32_t First,
                                          uint32_t Count) const {
  std::vector<bool> Generic(Count);
  for (uint32_t I = 0; I < Count; ++I) {
    const Site *S = find(First + I);
    Generic[I] = S && S->Space == SS_SPACE_GENERIC;
  }
  return Generic;
}

SiteRange SiteTable::kernelSites(const std::string &Mangled) const {
  auto It = KernelSites.find(Mangled);
  return It == KernelSites.end() ? SiteRange() : It->second;
}

std::string SiteTable::whyAsCompiled(const std::string &Mangled,
                                     const std::string &Mode) const {
  if (auto It = Uninstrumented.find(Mangled); It != Uninstrumented.end())
    return It->second;
  auto It = PlainModes.find(Mode);
  return It == PlainModes.end() ? "" : It->second;
}

static std::vector<std::string_view> split(std::string_view S, char Sep) {
  std::vector<std::string_view> Out;
  size_t Start = 0;
  while (true) {
    size_t P = S.find(Sep, Start);
    Out.push_back(S.substr(Start, P == std::string_view::npos ? P : P - Start));
    if (P == std::string_view::npos)
      return Out;
    Start = P + 1;
  }
}

static bool toU32(std::string_view S, uint32_t &Out) {
  if (S.empty() || S.size() > 10)
    return false;
  uint64_t V = 0;
  for (char C : S) {
    if (C < '0' || C > '9')
      return false;
    V = V * 10 + uint64_t(C - '0');
  }
  if (V > 0xffffffffu)
    return false;
  Out = uint32_t(V);
  return true;
}

static bool parseOp(std::string_view S, uint32_t &Op) {
  if (S == "load")
    Op = SS_OP_LOAD;
  else if (S == "store")
    Op = SS_OP_STORE;
  else if (S == "atomic")
    Op = SS_OP_ATOMIC;
  else if (S == "trip")
    Op = SS_OP_TRIP;
  else
    return false;
  return true;
}

static bool parseSpace(std::string_view S, uint32_t &Space) {
  if (S == "global")
    Space = SS_SPACE_GLOBAL;
  else if (S == "shared")
    Space = SS_SPACE_SHARED;
  else if (S == "local")
    Space = SS_SPACE_LOCAL;
  else if (S == "generic")
    Space = SS_SPACE_GENERIC;
  else
    return false;
  return true;
}

bool parseSiteTable(std::string_view Text, SiteTable &Out, std::string &Err) {
  Out = SiteTable();
  unsigned LineNo = 0;
  for (std::string_view Line : split(Text, '\n')) {
    ++LineNo;
    if (!Line.empty() && Line.back() == '\r')
      Line.remove_suffix(1);
    if (Line.empty())
      continue;
    auto F = split(Line, '\t');
    auto Fail = [&](const std::string &Why) {
      Err = "site table line " + std::to_string(LineNo) + ": " + Why;
      return false;
    };
    if (F[0] == "S") {
      if (F.size() != 14)
        return Fail("expected 14 tab-separated fields in an S record, got " +
                    std::to_string(F.size()));
      Site S;
      S.Kernel = std::string(F[2]);
      if (!toU32(F[1], S.Id))
        return Fail("bad site id '" + std::string(F[1]) + "'");
      if (!parseOp(F[3], S.Op))
        return Fail("bad op '" + std::string(F[3]) + "'");
      if (!parseSpace(F[4], S.Space))
        return Fail("bad space '" + std::string(F[4]) + "'");
      // A trip site accesses nothing (abi.h): its width is 0.
      if (!toU32(F[5], S.Width) || (S.Width == 0) != (S.Op == SS_OP_TRIP))
        return Fail("bad width '" + std::string(F[5]) + "'");
      if (!toU32(F[6], S.Line) || !toU32(F[7], S.Column))
        return Fail("bad line or column");
      if (!toU32(F[8], S.Mlp) || S.Mlp == 0)
        return Fail("bad mlp '" + std::string(F[8]) + "'");
      if (!toU32(F[9], S.Work) || S.Work == 0)
        return Fail("bad work '" + std::string(F[9]) + "'");
      if (F[10] != "0" && F[10] != "1")
        return Fail("bad waits '" + std::string(F[10]) + "'");
      S.Waits = F[10] == "1";
      if (F[11] != "0" && F[11] != "1")
        return Fail("bad skips_l1 '" + std::string(F[11]) + "'");
      S.SkipsL1 = F[11] == "1";
      S.Function = std::string(F[12]);
      S.File = std::string(F[13]);
      Out.Sites.push_back(std::move(S));
    } else if (F[0] == "K") {
      if (F.size() != 3)
        return Fail("expected 3 tab-separated fields in a K record");
      auto &Kinds = Out.NotInstrumented[std::string(F[1])];
      for (std::string_view KV : split(F[2], ',')) {
        size_t Eq = KV.find('=');
        uint32_t N;
        if (Eq == std::string_view::npos || !toU32(KV.substr(Eq + 1), N))
          return Fail("bad not-instrumented count '" + std::string(KV) + "'");
        Kinds[std::string(KV.substr(0, Eq))] += N;
      }
    } else if (F[0] == "L") {
      if (F.size() != 3 || F[2].empty())
        return Fail("expected a kernel and a reason in an L record");
      Out.Uninstrumented[std::string(F[1])] =
          "not instrumented: " + std::string(F[2]);
    } else if (F[0] == "M") {
      if (F.size() != 3 || (F[1] != "heatmap" && F[1] != "grid") ||
          F[2].empty())
        return Fail("expected heatmap or grid and a reason in an M record");
      Out.PlainModes[std::string(F[1])] =
          "not instrumented for " +
          std::string(F[1] == "grid" ? "grid" : "heat-map") +
          " mode: " + std::string(F[2]);
    } else if (F[0] == "V") {
      if (F.size() != 2 || !toU32(F[1], Out.AbiVersion))
        return Fail("bad V record");
    } else {
      return Fail("unknown record kind '" + std::string(F[0]) + "'");
    }
  }
  std::sort(Out.Sites.begin(), Out.Sites.end(),
            [](const Site &A, const Site &B) { return A.Id < B.Id; });
  for (size_t I = 1; I < Out.Sites.size(); ++I)
    if (Out.Sites[I].Id == Out.Sites[I - 1].Id) {
      Err = "site table: site id " + std::to_string(Out.Sites[I].Id) +
            " appears twice";
      return false;
    }
  // Grid-mode counts are found by the kernel's first id and count, so a
  // kernel whose ids leave gaps for another's cannot be read.
  for (const Site &S : Out.Sites) {
    auto It = Out.KernelSites.try_emplace(S.Kernel, SiteRange{S.Id, 0}).first;
    if (It->second.First + It->second.Count != S.Id) {
      Err = "site table: the sites of kernel '" + S.Kernel +
            "' are not consecutive (site id " + std::to_string(S.Id) + ")";
      return false;
    }
    ++It->second.Count;
  }
  return true;
}

} // namespace sectorscope::rt
