//===- UserRegex.cpp - Regular expressions from users, in linear time -----===//
#include "UserRegex.h"

#include <re2/re2.h>

namespace sectorscope::rt {

std::optional<UserRegex> UserRegex::compile(const std::string &Pattern,
                                            std::string &Problem) {
  RE2::Options Opts;
  Opts.set_log_errors(false); // the caller reports, on one line
  auto Re = std::make_shared<const RE2>(Pattern, Opts);
  if (!Re->ok()) {
    Problem = Re->error();
    return std::nullopt;
  }
  UserRegex R;
  R.Re = std::move(Re);
  return R;
}

bool UserRegex::search(const std::string &Text) const {
  return RE2::PartialMatch(Text, *Re);
}

} // namespace sectorscope::rt
