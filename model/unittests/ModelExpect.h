//===- ModelExpect.h - googletest checks for model numbers ------*- C++ -*-===//
//
// Two googletest assertions the model's tests need: a relative tolerance
// (coefficients span 1e-15 to 1e6, so an absolute one cannot serve them
// all) and a ModelError whose message names the file and field.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_UNITTESTS_MODELEXPECT_H
#define SECTORSCOPE_MODEL_UNITTESTS_MODELEXPECT_H

#include "sectorscope/model/Error.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace sectorscope::model {

/// googletest predicate-formatter: |Actual - Expected| <= RelTol x
/// |Expected| (an Expected of 0 needs Actual exactly 0).
inline ::testing::AssertionResult relNear(const char *ActualExpr,
                                          const char *ExpectedExpr,
                                          const char *, double Actual,
                                          double Expected, double RelTol) {
  if (std::abs(Actual - Expected) <=
      RelTol * std::max(std::abs(Expected), 1e-300))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << ActualExpr << " = " << ::testing::PrintToString(Actual)
         << ", expected " << ExpectedExpr << " = "
         << ::testing::PrintToString(Expected) << " within a relative "
         << RelTol;
}

/// The message of the ModelError that Run throws ("" if it throws none).
template <typename F> std::string modelErrorOf(F &&Run) {
  try {
    Run();
  } catch (const ModelError &E) {
    return E.what();
  }
  return "";
}

} // namespace sectorscope::model

#define EXPECT_REL_NEAR(Actual, Expected, RelTol)                              \
  EXPECT_PRED_FORMAT3(::sectorscope::model::relNear, Actual, Expected, RelTol)

/// Stmt must throw a ModelError whose message contains Needle.
#define EXPECT_MODEL_ERROR(Stmt, Needle)                                       \
  EXPECT_PRED_FORMAT2(::testing::IsSubstring, Needle,                          \
                      ::sectorscope::model::modelErrorOf([&] { Stmt; }))

#endif
