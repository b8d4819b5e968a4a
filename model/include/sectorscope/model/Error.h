//===- Error.h - One-line, field-naming errors for the model ----*- C++ -*-===//
//
// Every failure the model can report names the file and the field it came
// from, so a user fixing a 2000-row benchmark file knows where to look. The
// CLI catches ModelError at the top and prints its message on one line.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_ERROR_H
#define SECTORSCOPE_MODEL_ERROR_H

#include <stdexcept>
#include <string>

namespace sectorscope::model {

class ModelError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Throws "File: Field: Problem" (empty parts are left out).
[[noreturn]] void fail(const std::string &File, const std::string &Field,
                       const std::string &Problem);

/// Formats a double compactly for messages ("1.5", "-3", "inf").
std::string fmtNum(double V);

/// True if V is finite and >= 0: the only times we let reach an output.
bool isValidTime(double V);

/// Throws unless V is a valid time; What names the quantity in the error.
double checkTime(double V, const std::string &What);

} // namespace sectorscope::model

#endif
