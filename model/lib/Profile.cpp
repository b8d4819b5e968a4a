//===- Profile.cpp - The run-time profile ("sectorscope-launch/1") --------===//
#include "sectorscope/model/Profile.h"
#include "sectorscope/model/Error.h"

#include <cmath>
#include <cstdlib>

namespace sectorscope::model {

double Profile::warpsPerBlock() const {
  return std::ceil(threadsPerBlock() / 32.0);
}

/// A launch dimension: the runtime writes {"x": .., "y": .., "z": ..}; an
/// array [x, y, z] (1 to 3 entries) is accepted too.
static std::array<double, 3> parseDim3(const Json &J, const Ctx &C,
                                       const char *Key) {
  std::array<double, 3> D{1, 1, 1};
  Ctx AC = C.at(Key);
  requireObject(J, C);
  if (!J.contains(Key) || J[Key].is_null())
    AC.fail("missing required field");
  const Json &A = J[Key];
  if (A.is_object()) {
    const char *Names[3] = {"x", "y", "z"};
    for (int I = 0; I < 3; ++I)
      D[I] =
          getOptNumber(A, AC, Names[I], NumRule::PositiveInteger).value_or(1);
    return D;
  }
  if (!A.is_array())
    AC.fail(std::string("expected {\"x\", \"y\", \"z\"} or an array, got ") +
            A.type_name());
  if (A.empty() || A.size() > 3)
    AC.fail("expected 1 to 3 dimensions, got " + std::to_string(A.size()));
  for (size_t I = 0; I < A.size(); ++I)
    D[I] = asNumber(A[I], AC.at(I), NumRule::PositiveInteger);
  return D;
}

static std::string patternName(const Json &P) {
  // The runtime may emit bare strings or objects; take the kind either way.
  if (P.is_string())
    return P.get<std::string>();
  if (P.is_object())
    for (const char *K : {"kind", "pattern", "name", "type"})
      if (P.contains(K) && P[K].is_string())
        return P[K].get<std::string>();
  return "";
}

static Site parseSite(const Json &J, const Ctx &C) {
  requireObject(J, C);
  Site S;
  if (J.contains("id"))
    S.Id = J["id"].is_string() ? J["id"].get<std::string>() : J["id"].dump();
  S.File = getOptString(J, C, "file").value_or("");
  S.Function = getOptString(J, C, "function").value_or("");
  S.Line = (int)getOptNumber(J, C, "line", NumRule::Integer).value_or(0);
  S.Column = (int)getOptNumber(J, C, "column", NumRule::Integer).value_or(0);
  std::string Op = getString(J, C, "op");
  if (Op == "load")
    S.TheOp = SiteOp::Load;
  else if (Op == "store")
    S.TheOp = SiteOp::Store;
  else if (Op == "atomic")
    S.TheOp = SiteOp::Atomic;
  else
    C.at("op").fail("expected \"load\", \"store\" or \"atomic\", got \"" + Op +
                    "\"");
  std::string Sp = getOptString(J, C, "space").value_or("global");
  S.TheSpace = Sp == "global"   ? Space::Global
               : Sp == "shared" ? Space::Shared
               : Sp == "local"  ? Space::Local
                                : Space::Other;
  S.Generic = S.TheSpace == Space::Other;
  S.Width = (int)getNumber(J, C, "width", NumRule::PositiveInteger);
  if (S.Width > 16 && S.TheSpace != Space::Shared)
    C.at("width").fail("impossible access width " + std::to_string(S.Width) +
                       " bytes (at most 16)");
  S.Requests = getNumber(J, C, "requests", NumRule::Count);
  S.Sectors = getNumber(J, C, "sectors", NumRule::Count);
  // A warp request touches at most 32 lanes x 2 sectors (a misaligned 16-byte
  // access straddles two): more means the counters are corrupt.
  if (S.Sectors > 64 * S.Requests)
    C.at("sectors").fail("impossible value " + fmtNum(S.Sectors) + " for " +
                         fmtNum(S.Requests) +
                         " requests (at most 64 sectors per request)");
  S.Bytes = getOptNumber(J, C, "bytes", NumRule::NonNegative).value_or(0);
  S.SectorsPerRequest =
      getOptNumber(J, C, "sectors_per_request", NumRule::NonNegative)
          .value_or(S.Requests > 0 ? S.Sectors / S.Requests : 0);
  S.IdealSectorsPerRequest =
      getOptNumber(J, C, "ideal_sectors_per_request", NumRule::NonNegative)
          .value_or(0);
  if (auto M = getOptNumber(J, C, "mlp", NumRule::Positive)) {
    if (*M < 1)
      C.at("mlp").fail("expected a number >= 1 (loads in flight together), "
                       "got " +
                       fmtNum(*M));
    S.Mlp = *M;
  }
  S.Work = getOptNumber(J, C, "work", NumRule::NonNegative).value_or(0);
  S.Waits = S.TheOp == SiteOp::Load;
  if (J.contains("waits")) {
    if (!J["waits"].is_boolean())
      C.at("waits").fail("expected true or false");
    S.Waits = J["waits"].get<bool>();
  }
  if (J.contains("skips_l1")) {
    if (!J["skips_l1"].is_boolean())
      C.at("skips_l1").fail("expected true or false");
    S.SkipsL1 = J["skips_l1"].get<bool>();
  }
  if (J.contains("object") && J["object"].is_object()) {
    S.ObjectId =
        (int)getOptNumber(J["object"], C.at("object"), "id", NumRule::Count)
            .value_or(-1);
    // A generic site's accesses were resolved one by one at run time; its
    // object says where they went (a device function's pointer parameter
    // compiles to a generic access even where it always points to global).
    if (S.TheSpace == Space::Other) {
      std::string Kind =
          getOptString(J["object"], C.at("object"), "kind").value_or("");
      S.TheSpace = Kind == "shared"  ? Space::Shared
                   : Kind == "local" ? Space::Local
                   : Kind.empty()    ? Space::Other
                                     : Space::Global;
    }
  }
  if (J.contains("evidence") && J["evidence"].is_object())
    for (auto &[Name, E] : J["evidence"].items()) {
      if (!E.is_object() || !E.contains("word_fill"))
        continue;
      Ctx EC = C.at("evidence").at(Name).at("word_fill");
      S.WordFill = asNumber(E["word_fill"], EC, NumRule::NonNegative);
      if (S.WordFill > 1)
        EC.fail("expected a share in 0..1, got " + fmtNum(S.WordFill));
    }
  if (J.contains("log") && J["log"].is_object()) {
    const Json &L = J["log"];
    Ctx LC = C.at("log");
    S.Lines = getNumber(L, LC, "lines", NumRule::Count);
    S.RereadSectors = getNumber(L, LC, "reread_sectors", NumRule::Count);
    S.RereadRequests = getNumber(L, LC, "reread_requests", NumRule::Count);
    if (S.Lines > S.Sectors || (S.Requests > 0 && S.Lines < S.Requests))
      LC.at("lines").fail("impossible value " + fmtNum(S.Lines) + " for " +
                          fmtNum(S.Requests) + " requests of " +
                          fmtNum(S.Sectors) + " sectors");
    if (S.RereadSectors > S.Sectors)
      LC.at("reread_sectors")
          .fail("more than the site's " + fmtNum(S.Sectors) + " sectors");
    if (S.RereadRequests > S.Requests)
      LC.at("reread_requests")
          .fail("more than the site's " + fmtNum(S.Requests) + " requests");
    if (L.contains("reread_windows") && L["reread_windows"].is_array()) {
      const Json &Ws = L["reread_windows"];
      for (size_t I = 0; I < Ws.size(); ++I) {
        Ctx WC = LC.at("reread_windows").at(I);
        requireObject(Ws[I], WC);
        Site::Window W;
        W.Sectors = getNumber(Ws[I], WC, "sectors", NumRule::PositiveInteger);
        W.RereadSectors =
            getNumber(Ws[I], WC, "reread_sectors", NumRule::Count);
        W.RereadRequests =
            getNumber(Ws[I], WC, "reread_requests", NumRule::Count);
        if (W.RereadSectors > S.Sectors || W.RereadRequests > S.Requests)
          WC.fail("more re-reads than the site's sectors or requests");
        if (!S.RereadWindows.empty() &&
            W.Sectors <= S.RereadWindows.back().Sectors)
          WC.at("sectors").fail("windows must grow");
        S.RereadWindows.push_back(W);
      }
    }
  }
  if (J.contains("patterns") && J["patterns"].is_array())
    for (const Json &P : J["patterns"]) {
      std::string N = patternName(P);
      if (!N.empty())
        S.Patterns.push_back(N);
    }
  return S;
}

/// A byte count the runtime may write as a number or a decimal/hex string.
static double parseSize(const Json &J, const Ctx &C) {
  if (J.is_string()) {
    const std::string &S = J.get_ref<const std::string &>();
    char *End = nullptr;
    unsigned long long V = std::strtoull(S.c_str(), &End, 0);
    if (S.empty() || *End)
      C.fail("expected a byte count, got \"" + S + "\"");
    return (double)V;
  }
  return asNumber(J, C, NumRule::Count);
}

static ProfileObject parseObject(const Json &J, const Ctx &C) {
  requireObject(J, C);
  ProfileObject O;
  O.Id = (int)getNumber(J, C, "id", NumRule::Count);
  O.Kind = getOptString(J, C, "kind").value_or("");
  if (J.contains("size") && !J["size"].is_null())
    O.SizeBytes = parseSize(J["size"], C.at("size"));
  O.Sectors = getOptNumber(J, C, "sectors", NumRule::Count).value_or(0);
  O.SpanBytes = getOptNumber(J, C, "span", NumRule::Count).value_or(0);
  if (J.contains("base") && !J["base"].is_null())
    O.Base = parseSize(J["base"], C.at("base"));
  O.Origin = getOptString(J, C, "site").value_or("");
  return O;
}

Profile parseProfile(const Json &J, const std::string &File) {
  Ctx Top(File);
  requireObject(J, Top);
  Profile P;
  P.File = File;
  std::string Schema = getString(J, Top, "schema");
  // Minor revisions ("sectorscope-launch/1.x") stay readable; /2 would not.
  if (Schema != "sectorscope-launch/1" &&
      Schema.rfind("sectorscope-launch/1.", 0) != 0)
    Top.at("schema").fail("expected \"sectorscope-launch/1\", got \"" + Schema +
                          "\"");
  P.Kernel = getString(J, Top, "kernel");
  P.Mangled = getOptString(J, Top, "mangled").value_or("");
  P.Mode = getOptString(J, Top, "mode").value_or("");
  // A failed launch has no trustworthy counters or time.
  if (auto Err = getOptString(J, Top, "error"))
    Top.at("error").fail("the launch reported an error: " + *Err);
  P.Grid = parseDim3(J, Top, "grid");
  P.Block = parseDim3(J, Top, "block");
  if (P.threadsPerBlock() > 1024)
    Top.at("block").fail("impossible block of " + fmtNum(P.threadsPerBlock()) +
                         " threads (at most 1024)");
  if (J.contains("device") && !J["device"].is_null()) {
    const Json &D = getObject(J, Top, "device");
    P.DeviceName = getOptString(D, Top.at("device"), "name").value_or("");
    P.SmCount = (int)getOptNumber(D, Top.at("device"), "sm_count",
                                  NumRule::PositiveInteger)
                    .value_or(0);
  }
  const Json &Sites = getArray(J, Top, "sites", /*NonEmpty=*/false);
  for (size_t I = 0; I < Sites.size(); ++I)
    P.Sites.push_back(parseSite(Sites[I], Top.at("sites").at(I)));
  if (J.contains("loops")) {
    const Json &Loops = getArray(J, Top, "loops", /*NonEmpty=*/false);
    for (size_t I = 0; I < Loops.size(); ++I) {
      Ctx C = Top.at("loops").at(I);
      const Json &L = Loops[I];
      requireObject(L, C);
      LoopTrips T;
      if (L.contains("id"))
        T.Id =
            L["id"].is_string() ? L["id"].get<std::string>() : L["id"].dump();
      T.Work = getNumber(L, C, "work", NumRule::NonNegative);
      T.Trips = getNumber(L, C, "trips", NumRule::Count);
      P.Loops.push_back(T);
    }
  }
  if (J.contains("objects") && J["objects"].is_array()) {
    const Json &Objs = J["objects"];
    for (size_t I = 0; I < Objs.size(); ++I)
      P.Objects.push_back(parseObject(Objs[I], Top.at("objects").at(I)));
  }
  if (J.contains("overflow") && J["overflow"].is_object())
    P.HeatOverflow = getOptNumber(J["overflow"], Top.at("overflow"),
                                  "heat_overflow", NumRule::Count)
                         .value_or(0);
  if (J.contains("heatmap") && J["heatmap"].is_object())
    P.HeatGlobalWarps = getOptNumber(J["heatmap"], Top.at("heatmap"),
                                     "global_warps", NumRule::Count)
                            .value_or(0);
  P.TimeMs = getOptNumber(J, Top, "time_ms", NumRule::Positive);
  if (J.contains("occupancy") && !J["occupancy"].is_null()) {
    const Json &O = getObject(J, Top, "occupancy");
    P.ActiveWarps = getOptNumber(O, Top.at("occupancy"), "active_warps_per_sm",
                                 NumRule::Positive);
  }
  P.WorkItems = getOptNumber(J, Top, "work_items", NumRule::Positive);
  P.SampledBlocks =
      getOptNumber(J, Top, "sampled_blocks", NumRule::Count).value_or(1);
  if (P.SampledBlocks == 0 && !P.Sites.empty())
    Top.at("sampled_blocks")
        .fail("no block took the instrumented path (sampled block outside "
              "the grid?): the counters are empty");
  P.SharedBytes =
      getOptNumber(J, Top, "shared_bytes", NumRule::Integer).value_or(0);
  P.AbiVersion =
      getOptNumber(J, Top, "abi_version", NumRule::Count).value_or(0);
  P.SharedCountingBlocks =
      getOptNumber(J, Top, "shared_counting_blocks", NumRule::Count)
          .value_or(0);
  if (J.contains("shared_counting_blocks") &&
      (P.SharedCountingBlocks == 0 || P.SharedCountingBlocks > P.SampledBlocks))
    Top.at("shared_counting_blocks")
        .fail("impossible value " + fmtNum(P.SharedCountingBlocks) +
              " (the counters cover " + fmtNum(P.SampledBlocks) + " blocks)");
  if (P.SampledBlocks > P.blocks())
    Top.at("sampled_blocks")
        .fail("impossible value " + fmtNum(P.SampledBlocks) + " (grid has " +
              fmtNum(P.blocks()) + " blocks)");
  return P;
}

Profile readProfile(const std::string &Path) {
  return parseProfile(readJsonFile(Path), Path);
}

} // namespace sectorscope::model
