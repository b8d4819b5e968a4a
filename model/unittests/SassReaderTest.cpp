//===- SassReaderTest.cpp - Loads in flight read from SASS text -----------===//
#include "sectorscope/model/SassReader.h"
#include "sectorscope/model/SassLoads.h"

#include <gtest/gtest.h>

using namespace sectorscope::model;

namespace {

/// A listing as cuobjdump prints it: an address comment, the instruction,
/// its encoding comments.
std::string listing(const std::string &Name,
                    const std::vector<std::string> &Code) {
  std::string S = "\tcode for sm_90\n\t\tFunction : " + Name + "\n";
  unsigned A = 0;
  for (const std::string &I : Code) {
    char Addr[16];
    std::snprintf(Addr, sizeof Addr, "%04x", A);
    S += "        /*" + std::string(Addr) + "*/  " + I +
         " ;   /* 0x000fe20000000800 */\n"
         "                /* 0x000fc80000010203 */\n";
    A += 0x10;
  }
  return S + "\t\t..........\n";
}

} // namespace

TEST(SassReader, LoadsBeforeTheFirstUseInALoop) {
  std::vector<SassKernel> K = readSass(
      listing("_Z1kPKfPf", {"LDC R1, c[0x0][0x28]",                // 0x00
                            "LDG.E R4, desc[UR4][R2.64]",          // 0x10
                            "LDG.E.64 R6, desc[UR4][R2.64+0x8]",   // 0x20: loop
                            "LDG.E.128 R8, desc[UR4][R2.64+0x10]", // 0x30
                            "IADD3 R2, P0, R2, 0x20, RZ",          // 0x40
                            "FADD R12, R7.reuse, UR6",     // 0x50: waits
                            "LDG.E R13, desc[UR4][R2.64]", // 0x60
                            "@!P0 BRA 0x20",               // 0x70
                            "EXIT",                        // 0x80
                            "BRA 0x90"}));                 // 0x90
  ASSERT_EQ(K.size(), 1u);
  EXPECT_EQ(K[0].Name, "_Z1kPKfPf");
  // The branch to itself after EXIT is no loop.
  ASSERT_EQ(K[0].Loops.size(), 1u);
  const SassBody &L = K[0].hotBody();
  EXPECT_EQ(L.Begin, 0x20u);
  EXPECT_EQ(L.End, 0x70u);
  EXPECT_EQ(L.Loads, 3u);
  EXPECT_EQ(L.InFlight, 2u); // R7 is the .64 load's second register
  EXPECT_EQ(L.WidestBits, 128u);
  EXPECT_EQ(L.Waits, 2u); // the FADD, and the load left at the end
  EXPECT_DOUBLE_EQ(L.loadsPerTrip(), 1.5);
  EXPECT_EQ(K[0].Whole.Loads, 4u);
  EXPECT_EQ(K[0].Whole.InFlight, 3u);
}

TEST(SassReader, UniformRegistersCallsAndOverwrites) {
  std::vector<SassKernel> K = readSass(
      listing("_Z1gv", {"LDG.E R4, desc[UR4][R2.64]", // reads UR4, not R4
                        "LDG.E R5, desc[UR4][R2.64]",
                        "MOV R4, 0x1",           // overwrites R4 unread
                        "IADD3 R6, R4, UR4, RZ", // reads the new R4: no wait
                        "LDG.E.U8 R7, desc[UR4][R2.64]",
                        "CALL.REL.NOINC 0x100", // may read R5: waits
                        "LDG.E R8, desc[UR4][R2.64]",
                        "STG.E desc[UR4][R2.64], R8", // a store reads its value
                        "EXIT"}));
  ASSERT_EQ(K.size(), 1u);
  EXPECT_TRUE(K[0].Loops.empty());
  const SassBody &B = K[0].hotBody();
  EXPECT_EQ(&B, &K[0].Whole);
  EXPECT_EQ(B.Loads, 4u);
  EXPECT_EQ(B.InFlight, 3u);
  EXPECT_EQ(B.Waits, 2u);
  EXPECT_EQ(B.WidestBits, 32u);
}

TEST(SassReader, OneEntryPerKernelAcrossArchitectures) {
  std::string Text = listing("_Z1av", {"LDG.E R4, desc[UR4][R2.64]", "EXIT"}) +
                     listing("_Z1bv", {"EXIT"}) + listing("_Z1av", {"EXIT"});
  std::vector<SassKernel> K = readSass(Text);
  ASSERT_EQ(K.size(), 2u);
  EXPECT_EQ(K[0].Whole.Loads, 1u); // the first listing of _Z1av
  EXPECT_EQ(K[1].Whole.Loads, 0u);
  EXPECT_TRUE(readSass("no listing here\n").empty());
}

TEST(SassReader, ProfileSitesTakeTheLoopsFigure) {
  std::vector<SassKernel> K =
      readSass(listing("_Z3sumPKfPf", {"LDG.E R4, desc[UR4][R2.64]",
                                       "LDG.E R5, desc[UR4][R2.64+0x4]",
                                       "FADD R6, R4, R5", "BRA 0x0", "EXIT"}));
  Profile P;
  P.Kernel = "sum(float const*, float*)"; // found by the demangled name
  Site Load, Store;
  Store.TheOp = SiteOp::Store;
  P.Sites = {Load, Store};
  std::string Note = useSassLoadsInFlight(P, K);
  EXPECT_NE(Note.find("2 from the SASS"), std::string::npos) << Note;
  EXPECT_EQ(P.Sites[0].Mlp, 2);
  EXPECT_EQ(P.Sites[1].Mlp, 1);
  Profile Other;
  Other.Kernel = "other()";
  Other.Sites = {Load};
  EXPECT_NE(useSassLoadsInFlight(Other, K).find("from the IR"),
            std::string::npos);
  EXPECT_EQ(Other.Sites[0].Mlp, 1);
}

// A trip that also waits on a barrier, a shuffle or a load whose address
// comes from a load of the trip (a gather) keeps the IR's figure: the
// machine code's loads in flight do not shorten it. A reduction over loaded
// values (FADD into an accumulator) chains nothing.
TEST(SassReader, SerializedTripsKeepTheIRFigure) {
  auto Body = [](const char *Extra) {
    std::vector<std::string> Code = {
        "LDG.E R4, desc[UR4][R2.64]",     // 0x00: loop
        "LDG.E R5, desc[UR4][R2.64+0x4]", // 0x10
        "FADD R9, R9, R4",                // 0x20: waits; R9 derived
        "FADD R9, R9, R5",                // 0x30
        "IADD3 R2, P0, R2, 0x8, RZ",      // 0x40
        Extra,                            // 0x50
        "@!P0 BRA 0x0",                   // 0x60
        "EXIT"};
    return readSass(listing("_Z3sumPKfPf", Code));
  };
  std::vector<SassKernel> Plain = Body("NOP");
  EXPECT_EQ(serialization(Plain[0].hotBody()), "-");
  EXPECT_EQ(serialization(Body("BAR.SYNC.DEFER_BLOCKING 0x0")[0].hotBody()),
            "barrier");
  EXPECT_EQ(serialization(Body("SHFL.BFLY PT, R9, R9, 0x1, 0x1f")[0].hotBody()),
            "shuffle");
  // x[col[j]]: the index is loaded, scaled, then used as an address.
  std::vector<SassKernel> Gather = readSass(listing(
      "_Z3sumPKfPf", {"LDG.E R4, desc[UR4][R2.64]", "LEA R6, P1, R4, R10, 0x2",
                      "LDG.E R7, desc[UR4][R6.64]", "FADD R9, R9, R7",
                      "@!P0 BRA 0x0", "EXIT"}));
  EXPECT_EQ(serialization(Gather[0].hotBody()), "chained load");
  Profile P;
  P.Kernel = "sum(float const*, float*)";
  P.Sites = {Site()};
  std::string Note = useSassLoadsInFlight(P, Gather);
  EXPECT_NE(Note.find("from the IR (a trip of"), std::string::npos) << Note;
  EXPECT_EQ(P.Sites[0].Mlp, 1);
  EXPECT_NE(useSassLoadsInFlight(P, Plain).find("2 from the SASS"),
            std::string::npos);
}
