//===- DiagnosticPragmas.cpp - #pragma diagnostic regions ----------------===//
#include "plugin/DiagnosticPragmas.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace llvm;

namespace sectorscope {
namespace {

// `#pragma clang|GCC diagnostic <verb> ["<option>"]` from the text at the
// `#`; the pragma's tokens are clang's to lex, so the line is read as text.
struct ParsedPragma {
  StringRef Verb, Option;
};

std::optional<ParsedPragma> parsePragma(StringRef Line) {
  auto Word = [&Line](StringRef W) {
    Line = Line.ltrim(" \t");
    if (!Line.starts_with(W))
      return false;
    Line = Line.drop_front(W.size());
    return true;
  };
  if (!Word("#") || !Word("pragma") || !(Word("clang") || Word("GCC")) ||
      !Word("diagnostic"))
    return std::nullopt;
  Line = Line.ltrim(" \t");
  ParsedPragma P;
  P.Verb = Line.take_while(isAlpha);
  Line = Line.drop_front(P.Verb.size()).ltrim(" \t");
  if (Line.consume_front("\""))
    P.Option = Line.take_until([](char C) { return C == '"'; });
  return P;
}

// The rules a `-W<group>` option names, or nothing when it names none of
// sectorscope's groups.
std::optional<std::array<bool, NumRules>> rulesOf(StringRef Option) {
  std::array<bool, NumRules> Rules = {};
  if (!Option.consume_front("-W"))
    return std::nullopt;
  if (Option == "sectorscope") {
    Rules.fill(true);
    return Rules;
  }
  std::optional<Rule> R;
  if (Option.consume_front("sectorscope-"))
    R = ruleNamed(Option);
  if (!R)
    return std::nullopt;
  Rules[unsigned(*R)] = true;
  return Rules;
}

class Recorder : public PPCallbacks {
public:
  Recorder(DiagnosticPragmas &Pragmas, SourceManager &SM,
           DiagnosticsEngine &Diags)
      : Pragmas(Pragmas), SM(SM), Diags(Diags) {}

  void PragmaDirective(SourceLocation Loc,
                       PragmaIntroducerKind Introducer) override {
    if (Introducer != PIK_HashPragma)
      return;
    bool Invalid = false;
    const char *Start = SM.getCharacterData(Loc, &Invalid);
    if (Invalid)
      return;
    const char *End = Start;
    while (*End && *End != '\n' && *End != '\r')
      ++End;
    std::optional<ParsedPragma> P = parsePragma(StringRef(Start, End - Start));
    if (!P)
      return;
    DiagnosticPragmas::Event E;
    E.Loc = Loc;
    if (P->Verb == "push" || P->Verb == "pop") {
      E.Kind = P->Verb == "push" ? DiagnosticPragmas::Event::Push
                                 : DiagnosticPragmas::Event::Pop;
      Pragmas.add(E);
      return;
    }
    std::optional<std::array<bool, NumRules>> Rules = rulesOf(P->Option);
    if (!Rules)
      return;
    if (P->Verb == "ignored")
      E.To = DiagnosticPragmas::Severity::Ignored;
    else if (P->Verb == "warning")
      E.To = DiagnosticPragmas::Severity::Warning;
    else if (P->Verb == "error" || P->Verb == "fatal")
      E.To = DiagnosticPragmas::Severity::Error;
    else
      return;
    E.Rules = *Rules;
    Pragmas.add(E);
    // clang's handler, which runs next, calls the group unknown: not on
    // this line (a pushed state, popped at its end).
    Diags.pushMappings(Loc);
    Diags.setSeverity(diag::warn_pragma_diagnostic_unknown_warning,
                      diag::Severity::Ignored, Loc);
    Diags.popMappings(Loc.getLocWithOffset(End - Start));
  }

private:
  DiagnosticPragmas &Pragmas;
  SourceManager &SM;
  DiagnosticsEngine &Diags;
};

} // namespace

std::unique_ptr<PPCallbacks>
DiagnosticPragmas::recorder(SourceManager &SM, DiagnosticsEngine &Diags) {
  return std::make_unique<Recorder>(*this, SM, Diags);
}

std::optional<DiagnosticPragmas::Severity>
DiagnosticPragmas::stateAt(SourceLocation Loc, Rule R,
                           const SourceManager &SM) const {
  using State = std::array<std::optional<Severity>, NumRules>;
  State Current;
  std::vector<State> Pushed;
  for (const Event &E : Events) {
    if (!SM.isBeforeInTranslationUnit(E.Loc, Loc))
      break;
    switch (E.Kind) {
    case Event::Push:
      Pushed.push_back(Current);
      break;
    case Event::Pop:
      if (!Pushed.empty()) {
        Current = Pushed.back();
        Pushed.pop_back();
      }
      break;
    case Event::Set:
      for (unsigned I = 0; I < NumRules; ++I)
        if (E.Rules[I])
          Current[I] = E.To;
      break;
    }
  }
  return Current[unsigned(R)];
}

} // namespace sectorscope
