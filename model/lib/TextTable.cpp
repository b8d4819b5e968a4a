//===- TextTable.cpp - Aligned plain-text tables --------------------------===//
#include "sectorscope/model/TextTable.h"

#include <algorithm>
#include <cstdio>

namespace sectorscope::model {

TextTable::TextTable(std::vector<std::string> Header) {
  Rows.push_back(std::move(Header));
}

void TextTable::addRow(std::vector<std::string> Row) {
  Row.resize(Rows.front().size());
  Rows.push_back(std::move(Row));
}

std::string TextTable::render() const {
  std::vector<size_t> W(Rows.front().size(), 0);
  for (const auto &R : Rows)
    for (size_t I = 0; I < R.size(); ++I)
      W[I] = std::max(W[I], R[I].size());
  std::string Out;
  for (size_t RI = 0; RI < Rows.size(); ++RI) {
    std::string Line;
    for (size_t I = 0; I < W.size(); ++I) {
      const std::string &C = Rows[RI][I];
      std::string Pad(W[I] - C.size(), ' ');
      if (I)
        Line += "  ";
      Line += I == 0 ? C + Pad : Pad + C;
    }
    while (!Line.empty() && Line.back() == ' ')
      Line.pop_back();
    Out += Line + "\n";
    if (RI == 0) {
      size_t Total = 0;
      for (size_t X : W)
        Total += X;
      Out += std::string(Total + 2 * (W.size() - 1), '-') + "\n";
    }
  }
  return Out;
}

std::string fmtFixed(double V, int Digits) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.*f", Digits, V);
  return Buf;
}

} // namespace sectorscope::model
