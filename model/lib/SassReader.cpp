//===- SassReader.cpp - Loads in flight from a kernel's SASS --------------===//
#include "sectorscope/model/SassReader.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

namespace sectorscope::model {

namespace {

struct Instruction {
  uint64_t Address = 0;
  std::string Opcode;                ///< With its modifiers: LDG.E.128.
  std::vector<std::string> Operands; ///< As printed, trimmed.
};

std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t"), E = S.find_last_not_of(" \t");
  return B == std::string::npos ? "" : S.substr(B, E - B + 1);
}

bool startsWith(const std::string &S, const char *P) {
  return S.rfind(P, 0) == 0;
}

/// "/*01b0*/  @!P0 LDG.E R8, desc[UR10][R8.64] ;  /* 0x... */": the
/// address comment is bare hex, the encoding comments start with 0x.
bool parseInstruction(const std::string &Line, Instruction &I) {
  size_t Open = Line.find("/*");
  if (Open == std::string::npos)
    return false;
  size_t Close = Line.find("*/", Open);
  if (Close == std::string::npos || Close == Open + 2)
    return false;
  std::string Addr = Line.substr(Open + 2, Close - Open - 2);
  if (!std::all_of(Addr.begin(), Addr.end(),
                   [](char C) { return std::isxdigit((unsigned char)C); }))
    return false;
  size_t Semi = Line.find(';', Close);
  if (Semi == std::string::npos)
    return false;
  I.Address = std::stoull(Addr, nullptr, 16);
  std::istringstream Text(Line.substr(Close + 2, Semi - Close - 2));
  std::string Word;
  Text >> Word;
  if (!Word.empty() && Word[0] == '@') // the guard predicate
    Text >> Word;
  I.Opcode = Word;
  std::string Rest, Operand;
  std::getline(Text, Rest);
  std::istringstream Ops(Rest);
  while (std::getline(Ops, Operand, ','))
    if (!trim(Operand).empty())
      I.Operands.push_back(trim(Operand));
  return !I.Opcode.empty();
}

/// The general registers an operand names: R8 one, R8.64 (a 64-bit
/// address) two. RZ, uniform (UR) and special (SR_) registers are not
/// tracked.
std::vector<unsigned> registersOf(const std::string &Operand) {
  std::vector<unsigned> Out;
  for (size_t I = 0; I < Operand.size(); ++I) {
    if (Operand[I] != 'R' ||
        (I && std::isalnum((unsigned char)Operand[I - 1])) ||
        I + 1 >= Operand.size() || !std::isdigit((unsigned char)Operand[I + 1]))
      continue;
    size_t J = I + 1;
    unsigned N = 0;
    while (J < Operand.size() && std::isdigit((unsigned char)Operand[J]))
      N = N * 10 + (unsigned)(Operand[J++] - '0');
    Out.push_back(N);
    if (Operand.compare(J, 3, ".64") == 0)
      Out.push_back(N + 1);
    I = J - 1;
  }
  return Out;
}

bool isGlobalLoad(const Instruction &I) { return startsWith(I.Opcode, "LDG"); }

/// Bits an LDG loads, from its modifiers.
unsigned loadBits(const std::string &Opcode) {
  std::istringstream S(Opcode);
  std::string M;
  unsigned Bits = 32;
  while (std::getline(S, M, '.')) {
    if (M == "128")
      Bits = 128;
    else if (M == "64")
      Bits = 64;
    else if (M == "U16" || M == "S16")
      Bits = 16;
    else if (M == "U8" || M == "S8")
      Bits = 8;
  }
  return Bits;
}

/// Instructions whose first operand is read, not written.
bool writesNothing(const std::string &Opcode) {
  for (const char *P : {"ST", "RED", "BRA", "BRX", "JMP", "CALL", "RET", "EXIT",
                        "BSYNC", "BSSY", "WARPSYNC", "BAR", "NOP"})
    if (startsWith(Opcode, P))
      return true;
  return false;
}

SassBody scan(const std::vector<Instruction> &Code, size_t From, size_t To) {
  SassBody B;
  B.Begin = Code[From].Address;
  B.End = Code[To].Address;
  std::set<unsigned> Pending; // registers loads have yet to fill
  std::set<unsigned> Derived; // registers computed from loaded values
  bool FirstWait = false;
  for (size_t K = From; K <= To; ++K) {
    const Instruction &I = Code[K];
    // A call may read any register: the loads before it are waited for.
    bool Reads = startsWith(I.Opcode, "CALL") && !Pending.empty();
    bool ReadsLoaded = Reads;
    size_t FirstSource = writesNothing(I.Opcode) ? 0 : 1;
    for (size_t O = FirstSource; O < I.Operands.size(); ++O)
      for (unsigned R : registersOf(I.Operands[O])) {
        Reads |= Pending.count(R) > 0;
        ReadsLoaded |= Pending.count(R) > 0 || Derived.count(R) > 0;
      }
    B.Barrier |= startsWith(I.Opcode, "BAR");
    B.Shuffle |= startsWith(I.Opcode, "SHFL");
    B.ChainedLoad |= ReadsLoaded && isGlobalLoad(I);
    if (Reads) {
      // One round trip: the loads issued before it have arrived by then.
      ++B.Waits;
      FirstWait = true;
      Pending.clear();
    }
    std::vector<unsigned> Dest;
    if (FirstSource == 1 && !I.Operands.empty())
      Dest = registersOf(I.Operands[0]);
    if (isGlobalLoad(I)) {
      unsigned Bits = loadBits(I.Opcode);
      ++B.Loads;
      B.WidestBits = std::max(B.WidestBits, Bits);
      B.InFlight += !FirstWait;
      for (unsigned W = 0; W < std::max(1u, Bits / 32) && !Dest.empty(); ++W)
        Pending.insert(Dest[0] + W);
      for (unsigned R : Dest)
        Derived.erase(R);
    } else {
      // Overwritten before it was read: no longer waits for a load.
      for (unsigned R : Dest) {
        Pending.erase(R);
        if (ReadsLoaded)
          Derived.insert(R);
        else
          Derived.erase(R);
      }
    }
  }
  // Loads still in flight at the end are waited for on the next trip (a
  // loop) or by the kernel's exit.
  B.Waits += !Pending.empty();
  return B;
}

SassKernel analyze(const std::string &Name,
                   const std::vector<Instruction> &Code) {
  SassKernel K;
  K.Name = Name;
  if (Code.empty())
    return K;
  K.Whole = scan(Code, 0, Code.size() - 1);
  for (size_t J = 0; J < Code.size(); ++J) {
    const Instruction &I = Code[J];
    if (!startsWith(I.Opcode, "BRA") || I.Operands.empty())
      continue;
    uint64_t Target;
    try {
      Target = std::stoull(I.Operands.back(), nullptr, 16);
    } catch (...) {
      continue; // a register or label target
    }
    // A backward branch closes a loop; the branch to itself after EXIT
    // (the code's end marker) does not.
    if (Target >= I.Address)
      continue;
    auto It = std::find_if(Code.begin(), Code.end(), [&](const Instruction &X) {
      return X.Address == Target;
    });
    if (It != Code.end())
      K.Loops.push_back(scan(Code, (size_t)(It - Code.begin()), J));
  }
  return K;
}

} // namespace

const SassBody &SassKernel::hotBody() const {
  const SassBody *Best = nullptr;
  for (const SassBody &L : Loops) {
    bool Innermost =
        std::none_of(Loops.begin(), Loops.end(), [&](const SassBody &O) {
          return &O != &L && O.Begin >= L.Begin && O.End <= L.End &&
                 (O.Begin != L.Begin || O.End != L.End);
        });
    if (Innermost && L.Loads && (!Best || L.Loads > Best->Loads))
      Best = &L;
  }
  return Best ? *Best : Whole;
}

std::vector<SassKernel> readSass(const std::string &Text) {
  std::vector<SassKernel> Out;
  std::set<std::string> Seen;
  std::istringstream In(Text);
  std::string Line, Name;
  std::vector<Instruction> Code;
  bool Open = false;
  auto Close = [&] {
    if (Open && Seen.insert(Name).second)
      Out.push_back(analyze(Name, Code));
    Open = false;
    Code.clear();
  };
  while (std::getline(In, Line)) {
    size_t F = Line.find("Function : ");
    if (F != std::string::npos) {
      Close();
      Name = trim(Line.substr(F + 11));
      Open = true;
      continue;
    }
    Instruction I;
    if (Open && parseInstruction(Line, I))
      Code.push_back(I);
    else if (Open && trim(Line).rfind("...", 0) == 0)
      Close(); // cuobjdump's end of a function's listing
  }
  Close();
  return Out;
}

} // namespace sectorscope::model
