//===- JsonIO.cpp - Checked JSON reading with file/field context ----------===//
#include "sectorscope/model/JsonIO.h"
#include "sectorscope/model/Error.h"

#include "common/ReadFile.h"
#include "common/WriteFile.h"

#include <cmath>
#include <iostream>

namespace sectorscope::model {

// Profiles and calibrations are a few MiB at most; the bound turns a wrong
// path (a disk image, /dev/zero) into an error instead of an exhausted memory.
constexpr uint64_t MaxInputBytes = 256u << 20;

Json readJsonFile(const std::string &Path) {
  UserFile F = readUserFile(Path, MaxInputBytes, "file");
  if (!F.Opened)
    fail(Path, "", "cannot open file (" + F.Problem + ")");
  if (!F.Text)
    fail(Path, "", F.Problem);
  const std::string &Text = *F.Text;
  if (Text.find_first_not_of(" \t\r\n") == std::string::npos)
    fail(Path, "", "file is empty");
  try {
    return Json::parse(Text);
  } catch (const nlohmann::json::parse_error &E) {
    // nlohmann's message is long and multi-part; keep the byte position.
    fail(Path, "",
         "malformed JSON at byte " + std::to_string(E.byte) +
             " (NaN and Infinity are not JSON)");
  } catch (const nlohmann::json::exception &) {
    // Only out_of_range reaches here: a number literal beyond double range.
    fail(Path, "", "a number is out of range (overflows a double)");
  }
}

void writeTextFile(const std::string &Path, const std::string &Text) {
  if (Path == "-") {
    std::cout << Text;
    std::cout.flush();
    if (!std::cout)
      fail("(stdout)", "", "write failed");
    return;
  }
  WriteStatus S = writeFileAtomically(Path, Text);
  if (!S.Opened)
    fail(Path, "", "cannot open file for writing (" + S.Problem + ")");
  if (!S.ok())
    fail(Path, "", S.Problem);
}

void writeJsonFile(const std::string &Path, const Json &J) {
  writeTextFile(Path, J.dump(2) + "\n");
}

Ctx Ctx::at(const std::string &Key) const {
  return Ctx(File, Path.empty() ? Key : Path + "." + Key);
}

Ctx Ctx::at(size_t Index) const {
  return Ctx(File, Path + "[" + std::to_string(Index) + "]");
}

void Ctx::fail(const std::string &Problem) const {
  model::fail(File, Path.empty() ? std::string("(top level)") : Path, Problem);
}

static const char *typeName(const Json &V) { return V.type_name(); }

void requireObject(const Json &V, const Ctx &C) {
  if (!V.is_object())
    C.fail(std::string("expected an object, got ") + typeName(V));
}

void requireSchema(const Json &V, const Ctx &C, const char *Expected) {
  requireObject(V, C);
  std::string Schema = getString(V, C, "schema");
  if (Schema != Expected)
    C.at("schema").fail(std::string("expected \"") + Expected + "\", got \"" +
                        Schema + "\"");
}

double asNumber(const Json &V, const Ctx &C, NumRule Rule) {
  if (!V.is_number())
    C.fail(std::string("expected a number, got ") + typeName(V));
  double D = V.get<double>();
  if (!std::isfinite(D))
    C.fail("expected a finite number, got " + fmtNum(D));
  switch (Rule) {
  case NumRule::Any:
    break;
  case NumRule::NonNegative:
    if (D < 0)
      C.fail("expected a number >= 0, got " + fmtNum(D));
    break;
  case NumRule::Positive:
    if (D <= 0)
      C.fail("expected a number > 0, got " + fmtNum(D));
    break;
  case NumRule::Integer:
    if (D != std::floor(D) || D < 0)
      C.fail("expected a non-negative integer, got " + fmtNum(D));
    break;
  case NumRule::PositiveInteger:
    if (D != std::floor(D) || D < 1)
      C.fail("expected an integer >= 1, got " + fmtNum(D));
    break;
  case NumRule::Count:
    if (D != std::floor(D) || D < 0)
      C.fail("expected a non-negative integer, got " + fmtNum(D));
    if (D > 9007199254740992.0)
      C.fail("impossible value " + fmtNum(D) + " (above 2^53)");
    break;
  }
  if ((Rule == NumRule::Integer || Rule == NumRule::PositiveInteger) &&
      D > 2147483647.0)
    C.fail("impossible value " + fmtNum(D) + " (above 2^31-1)");
  return D;
}

static const Json *member(const Json &Obj, const Ctx &C, const char *Key) {
  requireObject(Obj, C);
  auto It = Obj.find(Key);
  if (It == Obj.end() || It->is_null())
    return nullptr;
  return &*It;
}

static const Json &required(const Json &Obj, const Ctx &C, const char *Key) {
  const Json *V = member(Obj, C, Key);
  if (!V)
    C.at(Key).fail("missing required field");
  return *V;
}

double getNumber(const Json &Obj, const Ctx &C, const char *Key, NumRule Rule) {
  return asNumber(required(Obj, C, Key), C.at(Key), Rule);
}

std::optional<double> getOptNumber(const Json &Obj, const Ctx &C,
                                   const char *Key, NumRule Rule) {
  const Json *V = member(Obj, C, Key);
  if (!V)
    return std::nullopt;
  return asNumber(*V, C.at(Key), Rule);
}

std::string getString(const Json &Obj, const Ctx &C, const char *Key) {
  const Json &V = required(Obj, C, Key);
  if (!V.is_string())
    C.at(Key).fail(std::string("expected a string, got ") + typeName(V));
  return V.get<std::string>();
}

std::optional<std::string> getOptString(const Json &Obj, const Ctx &C,
                                        const char *Key) {
  const Json *V = member(Obj, C, Key);
  if (!V)
    return std::nullopt;
  if (!V->is_string())
    C.at(Key).fail(std::string("expected a string, got ") + typeName(*V));
  return V->get<std::string>();
}

bool getBool(const Json &Obj, const Ctx &C, const char *Key) {
  const Json &V = required(Obj, C, Key);
  if (!V.is_boolean())
    C.at(Key).fail(std::string("expected true or false, got ") + typeName(V));
  return V.get<bool>();
}

std::optional<bool> getOptBool(const Json &Obj, const Ctx &C, const char *Key) {
  const Json *V = member(Obj, C, Key);
  if (!V)
    return std::nullopt;
  // Benchmarks written from C often use 0/1 for flags; accept those too.
  if (V->is_number_integer() &&
      (V->get<long long>() == 0 || V->get<long long>() == 1))
    return V->get<long long>() == 1;
  if (!V->is_boolean())
    C.at(Key).fail(std::string("expected true or false, got ") + typeName(*V));
  return V->get<bool>();
}

const Json &getArray(const Json &Obj, const Ctx &C, const char *Key,
                     bool NonEmpty) {
  const Json &V = required(Obj, C, Key);
  if (!V.is_array())
    C.at(Key).fail(std::string("expected an array, got ") + typeName(V));
  if (NonEmpty && V.empty())
    C.at(Key).fail("array is empty");
  return V;
}

const Json &getObject(const Json &Obj, const Ctx &C, const char *Key) {
  const Json &V = required(Obj, C, Key);
  requireObject(V, C.at(Key));
  return V;
}

} // namespace sectorscope::model
