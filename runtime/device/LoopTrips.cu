//===- LoopTrips.cu - Trips of loops the site table cannot see -----------===//
//
// A loop without a load or store whose trip count the compiler does not
// know (a data-dependent while loop, a series evaluated to a tolerance)
// spends issue slots that no memory site's count multiplies. The pass puts
// a trip site at its head; this counts the warps' trips in the site's
// counters, in heat-map and grid mode alike. One lane per warp and trip
// adds: no record in the sampled block's log, whose room is the memory
// sites'.
//
//===----------------------------------------------------------------------===//
#include "Device.cuh"

using namespace sectorscope_rt;

extern "C" __device__ void __sectorscope_trip(uint32_t Site, uint32_t Lanes,
                                              uint32_t State) {
  if (!(State & (SS_STATE_GRID | SS_STATE_LOG)) || !header())
    return;
  if (laneId() != unsigned(__ffs(Lanes) - 1))
    return;
  bool Grid = State & SS_STATE_GRID;
  // Grid mode's counters are striped by SM (abi.h); the sampled block's
  // state carries no stripe.
  uint32_t Row =
      (Grid ? ((State >> SS_STATE_STRIPE_SHIFT) & SS_STATE_STRIPE_MASK) *
                  cfg().num_sites
            : 0) +
      Site;
  ss_site_counters *C =
      reinterpret_cast<ss_site_counters *>(cfg().dev_sites) + Row;
  unsigned N = __popc(Lanes);
  redAdd(&C->requests, 1);
  redAdd(&C->threads, Grid ? 32 - N : N);
}
