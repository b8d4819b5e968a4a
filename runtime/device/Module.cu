//===- Module.cu - The module descriptor ---------------------------------===//
#include "Device.cuh"

using namespace sectorscope_rt;

// One per device module. The pass replaces the initializer with the real
// number of sites and the site table; the host registers the variable
// (__cudaRegisterVar) and sets `launch` and `config` before each
// instrumented launch (abi.h).
extern "C" __constant__ ss_module __sectorscope_module = {
    SS_ABI_VERSION, 0, 0, 0, 0, {}};
