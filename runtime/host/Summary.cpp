//===- Summary.cpp - The end-of-run findings on stderr --------------------===//
#include "Summary.h"

namespace sectorscope::rt {

void Summary::add(const std::vector<Finding> &Fs) {
  std::lock_guard<std::mutex> G(Lock);
  for (const Finding &F : Fs)
    if (Seen.insert(F.Key).second)
      Findings.push_back(F);
}

void Summary::countLaunch(bool WroteReport) {
  std::lock_guard<std::mutex> G(Lock);
  ++Launches;
  Reports += WroteReport;
}

void Summary::noteError(const std::string &Line) {
  std::lock_guard<std::mutex> G(Lock);
  if (Seen.insert("error|" + Line).second)
    Errors.push_back(Line);
}

void Summary::noteRemark(const std::string &Line) {
  std::lock_guard<std::mutex> G(Lock);
  if (Seen.insert("note|" + Line).second)
    Remarks.push_back(Line);
}

std::string Summary::render(const std::string &OutDir) const {
  std::lock_guard<std::mutex> G(Lock);
  if (Launches == 0 && Errors.empty())
    return "";
  std::string S;
  for (const Finding &F : Findings)
    S += F.Location + ": warning: " + F.Message + " [sectorscope]\n";
  for (const std::string &E : Errors)
    S += "sectorscope: error: " + E + "\n";
  for (const std::string &N : Remarks)
    S += "sectorscope: note: " + N + "\n";
  S += "sectorscope: " + std::to_string(Findings.size()) + " finding" +
       (Findings.size() == 1 ? "" : "s") + " in " + std::to_string(Launches) +
       " profiled launch" + (Launches == 1 ? "" : "es") + "; " +
       std::to_string(Reports) + " report" + (Reports == 1 ? "" : "s") +
       " in " + OutDir + "\n";
  return S;
}

} // namespace sectorscope::rt
