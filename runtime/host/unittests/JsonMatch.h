//===- JsonMatch.h - Assert parts of a JSON report --------------*- C++ -*-===//
//
// The reports' tests state the values they care about as JSON text; keys
// left out are not checked. An expected array must match element by
// element and in length, unless its last element is the string "...": then
// only its first elements are checked.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_UNITTESTS_JSONMATCH_H
#define SECTORSCOPE_RT_UNITTESTS_JSONMATCH_H

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace sectorscope::rt::test {

/// Success when every value of Expected (JSON text) is in Actual; otherwise
/// names the first path that differs, with both values.
::testing::AssertionResult jsonContains(const nlohmann::ordered_json &Actual,
                                        const std::string &Expected);

/// A non-fatal failure at the caller's line unless Actual contains
/// Expected (write it as R"j(...)j": report values hold ")\"").
void expectJson(const nlohmann::ordered_json &Actual,
                const std::string &Expected,
                const char *File = __builtin_FILE(),
                int Line = __builtin_LINE());

} // namespace sectorscope::rt::test

#endif
