//===- Expectations.cpp - Expectation comments of a CUDA source -----------===//
#include "common/Expectations.h"
#include "common/ReadFile.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace sectorscope::expect {
namespace {

constexpr std::string_view LineMarker = "sectorscope-expect:";
constexpr std::string_view KernelMarker = "sectorscope-expect-kernel:";
constexpr std::string_view BoundWord = "sectors-per-request";

struct WordInfo {
  Word W;
  const char *Name;
  unsigned Phases; ///< Who can check it.
  bool LineScope, KernelScope;
};

const WordInfo Words[] = {
    {Word::Coalesced, "coalesced", BothPhases, true, false},
    {Word::Strided, "strided", BothPhases, true, false},
    {Word::Misaligned, "misaligned", BothPhases, true, false},
    {Word::Camped, "camped", BothPhases, true, false},
    {Word::Clean, "clean", BothPhases, true, true},
    {Word::SectorsPerRequest, "sectors-per-request", BothPhases, true, false},
    {Word::Uncoalesced, "uncoalesced", RunTime, true, false},
    {Word::FalseSharing, "false-sharing", RunTime, true, false},
    {Word::HotSpot, "hot-spot", RunTime, true, false},
    {Word::RandomHot, "random-hot", RunTime, true, false},
    {Word::SmemAbuse, "smem-abuse", RunTime, true, false},
    {Word::DataDependent, "data-dependent", CompileTime, true, false},
    {Word::NoCamping, "no-camping", BothPhases, false, true},
};

const WordInfo &info(Word W) {
  for (const WordInfo &I : Words)
    if (I.W == W)
      return I;
  return Words[0];
}

std::string_view trim(std::string_view S) {
  while (!S.empty() && std::isspace((unsigned char)S.front()))
    S.remove_prefix(1);
  while (!S.empty() && std::isspace((unsigned char)S.back()))
    S.remove_suffix(1);
  return S;
}

bool isIdentChar(char C) { return std::isalnum((unsigned char)C) || C == '_'; }

/// Splits S at Sep, keeping each piece's offset in S.
std::vector<std::pair<std::string_view, size_t>> split(std::string_view S,
                                                       char Sep) {
  std::vector<std::pair<std::string_view, size_t>> Out;
  size_t Start = 0;
  while (true) {
    size_t End = S.find(Sep, Start);
    Out.push_back({S.substr(Start, End - Start), Start});
    if (End == std::string_view::npos)
      return Out;
    Start = End + 1;
  }
}

/// Offset of the first non-space character of Piece within it.
size_t leadingSpace(std::string_view Piece) {
  size_t N = 0;
  while (N < Piece.size() && std::isspace((unsigned char)Piece[N]))
    ++N;
  return N;
}

const char *compareName(Compare C) {
  switch (C) {
  case Compare::Less:
    return "<";
  case Compare::LessEqual:
    return "<=";
  case Compare::Equal:
    return "==";
  case Compare::GreaterEqual:
    return ">=";
  case Compare::Greater:
    return ">";
  }
  return "?";
}

std::string formatNumber(double V) {
  std::ostringstream OS;
  OS << V;
  return OS.str();
}

/// "sectors-per-request <= 4": the operator and a non-negative number.
bool parseBound(std::string_view Rest, Term &T) {
  Rest = trim(Rest);
  static const std::pair<std::string_view, Compare> Ops[] = {
      {"<=", Compare::LessEqual},
      {">=", Compare::GreaterEqual},
      {"==", Compare::Equal},
      {"<", Compare::Less},
      {">", Compare::Greater}};
  bool Found = false;
  for (const auto &[Text, Op] : Ops)
    if (Rest.substr(0, Text.size()) == Text) {
      T.Op = Op;
      Rest.remove_prefix(Text.size());
      Found = true;
      break;
    }
  std::string Number(trim(Rest));
  if (!Found || Number.empty())
    return false;
  char *End = nullptr;
  double V = std::strtod(Number.c_str(), &End);
  if (*End != '\0' || !std::isfinite(V) || V < 0)
    return false;
  T.Bound = V;
  return true;
}

class LineParser {
public:
  LineParser(FileExpectations &Out, unsigned Line) : Out(Out), Line(Line) {}

  /// Parses the text after the marker; Base is its column (from 1).
  bool parse(std::string_view Body, unsigned Base, Expectation &E) {
    size_t NoteAt = Body.find(" -- ");
    if (NoteAt != std::string_view::npos) {
      E.Note = std::string(trim(Body.substr(NoteAt + 4)));
      Body = Body.substr(0, NoteAt);
    }
    bool Ok = true;
    for (auto [Clause, ClauseAt] : split(Body, ';')) {
      unsigned Phases = BothPhases;
      std::string_view Terms = Clause;
      size_t TermsAt = ClauseAt;
      std::string_view Head = trim(Clause);
      for (auto [Name, P] :
           {std::pair<std::string_view, unsigned>{"compile-time:", CompileTime},
            {"run-time:", RunTime}})
        if (Head.substr(0, Name.size()) == Name) {
          Phases = P;
          size_t Skip = leadingSpace(Clause) + Name.size();
          Terms = Clause.substr(Skip);
          TermsAt = ClauseAt + Skip;
        }
      for (auto [Piece, PieceAt] : split(Terms, ','))
        Ok &= parseTerm(Piece, Base + unsigned(TermsAt + PieceAt), Phases, E);
    }
    return Ok;
  }

private:
  bool error(unsigned Column, std::string Message) {
    Out.Errors.push_back({Line, Column, std::move(Message)});
    return false;
  }

  bool parseTerm(std::string_view Piece, unsigned Column, unsigned Phases,
                 Expectation &E) {
    Column += unsigned(leadingSpace(Piece));
    std::string_view Text = trim(Piece);
    std::string Valid = "; valid: " + validWords(E.Kind);
    if (Text.empty())
      return error(Column, "empty expectation" + Valid);
    size_t WordEnd = 0;
    while (WordEnd < Text.size() &&
           (isIdentChar(Text[WordEnd]) || Text[WordEnd] == '-'))
      ++WordEnd;
    std::string_view Name = Text.substr(0, WordEnd);
    std::string_view Rest = Text.substr(WordEnd);
    const WordInfo *I = nullptr;
    for (const WordInfo &W : Words)
      if (Name == W.Name)
        I = &W;
    bool InScope = I && (E.Kind == Expectation::Scope::Line ? I->LineScope
                                                            : I->KernelScope);
    if (!InScope)
      return error(
          Column,
          "unknown expectation '" + std::string(Text) + "'" +
              (E.Kind == Expectation::Scope::Kernel ? " for a kernel" : "") +
              Valid);
    Term T;
    T.W = I->W;
    if ((Phases & I->Phases) == 0)
      return error(Column,
                   "'" + std::string(Name) + "' is checked only at " +
                       (I->Phases == RunTime ? "run time" : "compile time") +
                       ", not under '" +
                       (Phases == RunTime ? "run-time:" : "compile-time:") +
                       "'");
    T.Phases = Phases & I->Phases;
    if (T.W == Word::SectorsPerRequest) {
      if (!parseBound(Rest, T))
        return error(Column, "malformed bound '" + std::string(Text) +
                                 "': expected " + std::string(BoundWord) +
                                 " followed by <, <=, ==, >= or > and a "
                                 "number, e.g. sectors-per-request <= 4");
    } else if (!trim(Rest).empty()) {
      std::istringstream Tokens{std::string(Rest)};
      std::string Under, Model, Extra;
      Tokens >> Under >> Model >> Extra;
      if (Under != "under" || Model.empty() || !Extra.empty())
        return error(Column, "unexpected '" + std::string(trim(Rest)) +
                                 "' after '" + std::string(Name) +
                                 "': a word takes only 'under <partition "
                                 "model>'");
      T.Under = Model;
    }
    E.Terms.push_back(std::move(T));
    return true;
  }

  FileExpectations &Out;
  unsigned Line;
};

/// The identifier before the first '(' of a line, or "".
std::string nameBeforeParen(std::string_view Code) {
  size_t Paren = Code.find('(');
  if (Paren == std::string_view::npos)
    return "";
  size_t End = Paren;
  while (End > 0 && std::isspace((unsigned char)Code[End - 1]))
    --End;
  size_t Begin = End;
  while (Begin > 0 && isIdentChar(Code[Begin - 1]))
    --Begin;
  return std::string(Code.substr(Begin, End - Begin));
}

/// The code of a line: the text before a "//" comment, trimmed.
std::string_view codeOf(std::string_view L) {
  return trim(L.substr(0, L.find("//")));
}

} // namespace

std::string Term::text() const {
  std::string S = wordName(W);
  if (W == Word::SectorsPerRequest)
    S += std::string(" ") + compareName(Op) + " " + formatNumber(Bound);
  if (!Under.empty())
    S += " under " + Under;
  return S;
}

bool Term::admits(double Sectors) const {
  switch (Op) {
  case Compare::Less:
    return Sectors < Bound;
  case Compare::LessEqual:
    return Sectors <= Bound;
  case Compare::Equal:
    return Sectors == Bound;
  case Compare::GreaterEqual:
    return Sectors >= Bound;
  case Compare::Greater:
    return Sectors > Bound;
  }
  return false;
}

bool Term::appliesTo(Phase P, const std::string &Model) const {
  return (Phases & P) && (Under.empty() || Under == Model);
}

bool Term::namesProblem() const {
  return W != Word::Coalesced && W != Word::Clean &&
         W != Word::SectorsPerRequest && W != Word::NoCamping;
}

std::vector<Term> Expectation::termsFor(Phase P,
                                        const std::string &Model) const {
  std::vector<Term> Out;
  for (const Term &T : Terms)
    if (T.appliesTo(P, Model))
      Out.push_back(T);
  return Out;
}

const char *wordName(Word W) { return info(W).Name; }

std::string validWords(Expectation::Scope S) {
  std::string Out;
  for (const WordInfo &W : Words) {
    if (!(S == Expectation::Scope::Line ? W.LineScope : W.KernelScope))
      continue;
    Out += Out.empty() ? "" : ", ";
    Out += W.Name;
    if (W.W == Word::SectorsPerRequest)
      Out += " <op> <number>";
  }
  return Out;
}

FileExpectations parseExpectations(std::string_view Text) {
  FileExpectations Out;
  std::vector<std::string_view> Lines;
  for (auto [L, At] : split(Text, '\n'))
    Lines.push_back(L);
  for (unsigned No = 0; No < Lines.size(); ++No) {
    std::string_view L = Lines[No];
    for (size_t Slash = L.find("//"); Slash != std::string_view::npos;
         Slash = L.find("//", Slash + 2)) {
      size_t At = Slash + 2 + leadingSpace(L.substr(Slash + 2));
      std::string_view Rest = L.substr(At);
      Expectation E;
      E.Line = No + 1;
      E.Column = unsigned(Slash + 1);
      std::string_view Marker;
      if (Rest.substr(0, KernelMarker.size()) == KernelMarker) {
        Marker = KernelMarker;
        E.Kind = Expectation::Scope::Kernel;
      } else if (Rest.substr(0, LineMarker.size()) == LineMarker) {
        Marker = LineMarker;
      } else {
        continue;
      }
      std::string_view Body = Rest.substr(Marker.size());
      Body = Body.substr(0, Body.find("//")); // a second comment ends it
      LineParser P(Out, E.Line);
      if (trim(Body).empty() || trim(Body).substr(0, 2) == "--") {
        Out.Errors.push_back({E.Line, E.Column,
                              "no expectation after '" + std::string(Marker) +
                                  "'; valid: " + validWords(E.Kind)});
        break;
      }
      bool Ok = P.parse(Body, unsigned(At + Marker.size() + 1), E);
      if (E.Kind == Expectation::Scope::Kernel) {
        unsigned K = No;
        if (codeOf(L.substr(0, Slash)).empty())
          for (K = No + 1; K < Lines.size() && codeOf(Lines[K]).empty(); ++K)
            ;
        for (; K < Lines.size() && K <= No + 4; ++K)
          if (!(E.KernelName = nameBeforeParen(codeOf(Lines[K]))).empty()) {
            E.KernelLine = K + 1;
            break;
          }
        if (Ok && E.KernelName.empty()) {
          Out.Errors.push_back(
              {E.Line, E.Column,
               "'sectorscope-expect-kernel:' must be on the line of a kernel "
               "definition or on the line before it"});
          Ok = false;
        }
      }
      if (Ok)
        Out.Items.push_back(std::move(E));
      break;
    }
  }
  return Out;
}

bool readExpectations(const std::string &Path, FileExpectations &Out,
                      std::string &Err) {
  // A source file; the bound and the regular-file check keep a wrong path
  // (/dev/zero, a FIFO) from hanging the reader or exhausting memory.
  constexpr uint64_t MaxSourceBytes = 64u << 20;
  UserFile F = readUserFile(Path, MaxSourceBytes, "source file");
  if (!F.Text) {
    Err = F.Error;
    return false;
  }
  Out = parseExpectations(*F.Text);
  return true;
}

} // namespace sectorscope::expect
