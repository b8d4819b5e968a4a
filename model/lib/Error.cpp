//===- Error.cpp - One-line, field-naming errors --------------------------===//
#include "sectorscope/model/Error.h"

#include <cmath>
#include <cstdio>

namespace sectorscope::model {

void fail(const std::string &File, const std::string &Field,
          const std::string &Problem) {
  std::string Msg;
  if (!File.empty())
    Msg += File + ": ";
  if (!Field.empty())
    Msg += Field + ": ";
  Msg += Problem;
  throw ModelError(Msg);
}

std::string fmtNum(double V) {
  if (std::isnan(V))
    return "nan";
  if (std::isinf(V))
    return V > 0 ? "inf" : "-inf";
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.6g", V);
  return Buf;
}

bool isValidTime(double V) { return std::isfinite(V) && V >= 0; }

double checkTime(double V, const std::string &What) {
  // A model that extrapolates a negative or NaN time is a bug or a bad fit;
  // either way the user must not see the number.
  if (!isValidTime(V))
    fail("", What,
         "model produced an invalid time (" + fmtNum(V) +
             "); the calibration does not cover this input");
  return V;
}

} // namespace sectorscope::model
