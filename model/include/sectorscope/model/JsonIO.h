//===- JsonIO.h - Checked JSON reading with file/field context --*- C++ -*-===//
//
// The inputs come from three other components written in parallel, so the
// readers are tolerant of extra fields but strict about the ones they use:
// a missing, mistyped, non-finite or out-of-range value is an error naming
// the file and the JSON path (e.g. "bench.json: rows[3].best_ms: ...").
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_JSONIO_H
#define SECTORSCOPE_MODEL_JSONIO_H

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace sectorscope::model {

using Json = nlohmann::ordered_json;

/// Reads and parses a JSON file; errors name the file and the parse position.
Json readJsonFile(const std::string &Path);

/// Writes J (pretty-printed) to Path, or to stdout if Path is "-".
void writeJsonFile(const std::string &Path, const Json &J);

/// Writes text to Path, or to stdout if Path is "-".
void writeTextFile(const std::string &Path, const std::string &Text);

/// Where a JSON value came from: file name and JSON path.
class Ctx {
public:
  Ctx(std::string File, std::string Path = "")
      : File(std::move(File)), Path(std::move(Path)) {}
  Ctx at(const std::string &Key) const;
  Ctx at(size_t Index) const;
  const std::string &file() const { return File; }
  const std::string &path() const { return Path; }
  [[noreturn]] void fail(const std::string &Problem) const;

private:
  std::string File;
  std::string Path;
};

/// Range checks applied to numbers. Integer and PositiveInteger also cap at
/// INT_MAX, so the value always fits an int; Count is a non-negative integer
/// up to 2^53 (counters summed over a grid).
enum class NumRule {
  Any,
  NonNegative,
  Positive,
  Integer,
  PositiveInteger,
  Count
};

/// Required members. Obj must be an object (checked).
double getNumber(const Json &Obj, const Ctx &C, const char *Key,
                 NumRule Rule = NumRule::Any);
std::string getString(const Json &Obj, const Ctx &C, const char *Key);
bool getBool(const Json &Obj, const Ctx &C, const char *Key);
const Json &getArray(const Json &Obj, const Ctx &C, const char *Key,
                     bool NonEmpty = true);
const Json &getObject(const Json &Obj, const Ctx &C, const char *Key);

/// Optional members: absent or null gives nullopt; present must be valid.
std::optional<double> getOptNumber(const Json &Obj, const Ctx &C,
                                   const char *Key,
                                   NumRule Rule = NumRule::Any);
std::optional<std::string> getOptString(const Json &Obj, const Ctx &C,
                                        const char *Key);
std::optional<bool> getOptBool(const Json &Obj, const Ctx &C, const char *Key);

/// Checks a bare value (an array element) against a rule.
double asNumber(const Json &V, const Ctx &C, NumRule Rule = NumRule::Any);
void requireObject(const Json &V, const Ctx &C);
/// V is an object whose "schema" is Expected.
void requireSchema(const Json &V, const Ctx &C, const char *Expected);

} // namespace sectorscope::model

#endif
