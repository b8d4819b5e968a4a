//===- TextTable.h - Aligned plain-text tables -----------------*- C++ -*-===//
#ifndef SECTORSCOPE_MODEL_TEXTTABLE_H
#define SECTORSCOPE_MODEL_TEXTTABLE_H

#include <string>
#include <vector>

namespace sectorscope::model {

/// Columns padded to their widest cell; first column left-aligned, the rest
/// right-aligned (they are numbers), so the output diffs and greps well.
class TextTable {
public:
  explicit TextTable(std::vector<std::string> Header);
  void addRow(std::vector<std::string> Row);
  std::string render() const;

private:
  std::vector<std::vector<std::string>> Rows;
};

/// Fixed-point formatting ("12.35").
std::string fmtFixed(double V, int Digits);

} // namespace sectorscope::model

#endif
