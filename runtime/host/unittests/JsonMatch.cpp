//===- JsonMatch.cpp - Assert parts of a JSON report ----------------------===//
#include "JsonMatch.h"

namespace sectorscope::rt::test {
namespace {

using Json = nlohmann::ordered_json;

/// "" when Want is in Got; otherwise where and how they differ.
std::string firstDifference(const Json &Got, const Json &Want,
                            const std::string &At) {
  auto Differ = [&] {
    return At + ": expected " + Want.dump() + ", got " + Got.dump();
  };
  if (Want.is_object()) {
    if (!Got.is_object())
      return Differ();
    for (const auto &[Key, Value] : Want.items()) {
      if (!Got.contains(Key))
        return At + "." + Key + ": missing";
      if (std::string M = firstDifference(Got[Key], Value, At + "." + Key);
          !M.empty())
        return M;
    }
    return "";
  }
  if (Want.is_array()) {
    if (!Got.is_array())
      return Differ();
    bool Prefix = !Want.empty() && Want.back() == "...";
    size_t N = Want.size() - (Prefix ? 1 : 0);
    if (Got.size() < N || (!Prefix && Got.size() != N))
      return Differ();
    for (size_t I = 0; I < N; ++I)
      if (std::string M = firstDifference(Got[I], Want[I],
                                          At + "[" + std::to_string(I) + "]");
          !M.empty())
        return M;
    return "";
  }
  // 4 and 4.0 are different values in a report: compare the text.
  return Got.dump() == Want.dump() ? "" : Differ();
}

} // namespace

::testing::AssertionResult jsonContains(const Json &Actual,
                                        const std::string &Expected) {
  std::string M = firstDifference(Actual, Json::parse(Expected), "$");
  if (M.empty())
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << M;
}

void expectJson(const Json &Actual, const std::string &Expected,
                const char *File, int Line) {
  if (::testing::AssertionResult R = jsonContains(Actual, Expected); !R)
    ADD_FAILURE_AT(File, Line) << R.message();
}

} // namespace sectorscope::rt::test
