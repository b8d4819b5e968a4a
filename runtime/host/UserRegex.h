//===- UserRegex.h - User regular expressions, linear-time matching -------===//
//
// A pattern from the environment runs against every kernel name of a
// program. std::regex backtracks, so '(.*)*(.*)*Z' takes exponential time
// and never returns; RE2 matches in time linear in the name whatever the
// pattern, and refuses what it cannot do so (back-references, look-around)
// with a reason.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_RT_USERREGEX_H
#define SECTORSCOPE_RT_USERREGEX_H

#include <memory>
#include <optional>
#include <string>

namespace re2 {
class RE2;
}

namespace sectorscope::rt {

class UserRegex {
public:
  /// Compiles Pattern (RE2 syntax); on failure returns nullopt and sets
  /// Problem to RE2's reason ("missing ): gs_(").
  static std::optional<UserRegex> compile(const std::string &Pattern,
                                          std::string &Problem);
  /// True if the pattern matches anywhere in Text.
  bool search(const std::string &Text) const;

private:
  std::shared_ptr<const re2::RE2> Re; // RE2 is not copyable; configs are
};

} // namespace sectorscope::rt

#endif
