//===- surfaces.h - Surface-object reads and writes -----------------------===//
//
// surf1Dread/write, surf2Dread/write and surf3Dread/write on a
// cudaSurfaceObject_t, as CUDA's surface_indirect_functions.h declares them.
// nvcc implements them with a built-in that clang 19's texture support does
// not cover, so they are PTX suld.b/sust.b here: x is a byte offset, the value
// is moved as raw bits of 1, 2, 4, 8 or 16 bytes, and the boundary mode picks
// .zero, .clamp or .trap. Layered and cubemap surfaces are not provided.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_NVCC_SURFACES_H
#define SECTORSCOPE_NVCC_SURFACES_H
#pragma clang system_header

// CUDA's own header would declare the same templates with nvcc's built-in.
#define __SURFACE_INDIRECT_FUNCTIONS_H__

// One suld/sust per boundary mode and dimension: OP(mode, dim, coordinates).
#define SECTORSCOPE_SURF_DIMS(OP, MODE)                                        \
  if (Dim == 1)                                                                \
    OP(MODE, ".1d", "{%[x]}");                                                 \
  else if (Dim == 2)                                                           \
    OP(MODE, ".2d", "{%[x], %[y]}");                                           \
  else                                                                         \
    OP(MODE, ".3d", "{%[x], %[y], %[z], %[z]}");
#define SECTORSCOPE_SURF_EACH(OP)                                              \
  switch (Mode) {                                                              \
  case cudaBoundaryModeZero:                                                   \
    SECTORSCOPE_SURF_DIMS(OP, ".zero") break;                                  \
  case cudaBoundaryModeClamp:                                                  \
    SECTORSCOPE_SURF_DIMS(OP, ".clamp") break;                                 \
  default:                                                                     \
    SECTORSCOPE_SURF_DIMS(OP, ".trap") break;                                  \
  }
#define SECTORSCOPE_SURF_COORDS                                                \
  [s] "l"(Surf), [x] "r"(X), [y] "r"(Y), [z] "r"(Z)

// A value of Bytes bytes as the lanes one suld.b/sust.b moves.
template <int Bytes> struct __sectorscope_surf_lanes;

// Each instance reads SECTORSCOPE_SURF_SHAPE (the PTX vector and lane
// type), _VALS (the lanes' operands) and _OUTS/_INS (their constraints).
#define SECTORSCOPE_SURF_LANES(BYTES, LANE, COUNT)                             \
  template <> struct __sectorscope_surf_lanes<BYTES> {                         \
    LANE L[COUNT];                                                             \
    template <int Dim>                                                         \
    __device__ void store(cudaSurfaceObject_t Surf, int X, int Y, int Z,       \
                          cudaSurfaceBoundaryMode Mode) const {                \
      SECTORSCOPE_SURF_EACH(SECTORSCOPE_SUST)                                  \
    }                                                                          \
    template <int Dim>                                                         \
    __device__ void load(cudaSurfaceObject_t Surf, int X, int Y, int Z,        \
                         cudaSurfaceBoundaryMode Mode) {                       \
      SECTORSCOPE_SURF_EACH(SECTORSCOPE_SULD)                                  \
    }                                                                          \
  };
#define SECTORSCOPE_SUST(M, D, C)                                              \
  asm volatile("sust.b" D SECTORSCOPE_SURF_SHAPE M " [%[s], " C                \
               "], " SECTORSCOPE_SURF_VALS ";"                                 \
               :                                                               \
               : SECTORSCOPE_SURF_COORDS, SECTORSCOPE_SURF_INS                 \
               : "memory")
#define SECTORSCOPE_SULD(M, D, C)                                              \
  asm volatile("suld.b" D SECTORSCOPE_SURF_SHAPE M " " SECTORSCOPE_SURF_VALS   \
               ", [%[s], " C "];"                                              \
               : SECTORSCOPE_SURF_OUTS                                         \
               : SECTORSCOPE_SURF_COORDS                                       \
               : "memory")

#define SECTORSCOPE_SURF_SHAPE ".b8"
#define SECTORSCOPE_SURF_VALS "{%[a]}"
#define SECTORSCOPE_SURF_OUTS [a] "=h"(L[0])
#define SECTORSCOPE_SURF_INS [a] "h"(L[0])
SECTORSCOPE_SURF_LANES(1, unsigned short, 1)
#undef SECTORSCOPE_SURF_SHAPE
#define SECTORSCOPE_SURF_SHAPE ".b16"
SECTORSCOPE_SURF_LANES(2, unsigned short, 1)
#undef SECTORSCOPE_SURF_SHAPE
#undef SECTORSCOPE_SURF_OUTS
#undef SECTORSCOPE_SURF_INS
#define SECTORSCOPE_SURF_SHAPE ".b32"
#define SECTORSCOPE_SURF_OUTS [a] "=r"(L[0])
#define SECTORSCOPE_SURF_INS [a] "r"(L[0])
SECTORSCOPE_SURF_LANES(4, unsigned int, 1)
#undef SECTORSCOPE_SURF_SHAPE
#undef SECTORSCOPE_SURF_VALS
#undef SECTORSCOPE_SURF_OUTS
#undef SECTORSCOPE_SURF_INS
#define SECTORSCOPE_SURF_SHAPE ".v2.b32"
#define SECTORSCOPE_SURF_VALS "{%[a], %[b]}"
#define SECTORSCOPE_SURF_OUTS [a] "=r"(L[0]), [b] "=r"(L[1])
#define SECTORSCOPE_SURF_INS [a] "r"(L[0]), [b] "r"(L[1])
SECTORSCOPE_SURF_LANES(8, unsigned int, 2)
#undef SECTORSCOPE_SURF_SHAPE
#undef SECTORSCOPE_SURF_VALS
#undef SECTORSCOPE_SURF_OUTS
#undef SECTORSCOPE_SURF_INS
#define SECTORSCOPE_SURF_SHAPE ".v4.b32"
#define SECTORSCOPE_SURF_VALS "{%[a], %[b], %[c], %[d]}"
#define SECTORSCOPE_SURF_OUTS                                                  \
  [a] "=r"(L[0]), [b] "=r"(L[1]), [c] "=r"(L[2]), [d] "=r"(L[3])
#define SECTORSCOPE_SURF_INS                                                   \
  [a] "r"(L[0]), [b] "r"(L[1]), [c] "r"(L[2]), [d] "r"(L[3])
SECTORSCOPE_SURF_LANES(16, unsigned int, 4)
#undef SECTORSCOPE_SURF_SHAPE
#undef SECTORSCOPE_SURF_VALS
#undef SECTORSCOPE_SURF_OUTS
#undef SECTORSCOPE_SURF_INS
#undef SECTORSCOPE_SURF_LANES
#undef SECTORSCOPE_SUST
#undef SECTORSCOPE_SULD
#undef SECTORSCOPE_SURF_COORDS
#undef SECTORSCOPE_SURF_EACH
#undef SECTORSCOPE_SURF_DIMS

template <int Dim, class T>
static __device__ void
__sectorscope_surf_write(const T &Value, cudaSurfaceObject_t Surf, int X, int Y,
                         int Z, cudaSurfaceBoundaryMode Mode) {
  __sectorscope_surf_lanes<sizeof(T)> Lanes;
  __builtin_memcpy(&Lanes.L, &Value, sizeof(T));
  Lanes.template store<Dim>(Surf, X, Y, Z, Mode);
}

template <int Dim, class T>
static __device__ void __sectorscope_surf_read(T *Ptr, cudaSurfaceObject_t Surf,
                                               int X, int Y, int Z,
                                               cudaSurfaceBoundaryMode Mode) {
  __sectorscope_surf_lanes<sizeof(T)> Lanes;
  Lanes.template load<Dim>(Surf, X, Y, Z, Mode);
  __builtin_memcpy(Ptr, &Lanes.L, sizeof(T));
}

template <class T>
static __device__ void
surf1Dwrite(T Value, cudaSurfaceObject_t Surf, int X,
            cudaSurfaceBoundaryMode Mode = cudaBoundaryModeTrap) {
  __sectorscope_surf_write<1>(Value, Surf, X, 0, 0, Mode);
}
template <class T>
static __device__ void
surf2Dwrite(T Value, cudaSurfaceObject_t Surf, int X, int Y,
            cudaSurfaceBoundaryMode Mode = cudaBoundaryModeTrap) {
  __sectorscope_surf_write<2>(Value, Surf, X, Y, 0, Mode);
}
template <class T>
static __device__ void
surf3Dwrite(T Value, cudaSurfaceObject_t Surf, int X, int Y, int Z,
            cudaSurfaceBoundaryMode Mode = cudaBoundaryModeTrap) {
  __sectorscope_surf_write<3>(Value, Surf, X, Y, Z, Mode);
}

template <class T>
static __device__ void
surf1Dread(T *Ptr, cudaSurfaceObject_t Surf, int X,
           cudaSurfaceBoundaryMode Mode = cudaBoundaryModeTrap) {
  __sectorscope_surf_read<1>(Ptr, Surf, X, 0, 0, Mode);
}
template <class T>
static __device__ void
surf2Dread(T *Ptr, cudaSurfaceObject_t Surf, int X, int Y,
           cudaSurfaceBoundaryMode Mode = cudaBoundaryModeTrap) {
  __sectorscope_surf_read<2>(Ptr, Surf, X, Y, 0, Mode);
}
template <class T>
static __device__ void
surf3Dread(T *Ptr, cudaSurfaceObject_t Surf, int X, int Y, int Z,
           cudaSurfaceBoundaryMode Mode = cudaBoundaryModeTrap) {
  __sectorscope_surf_read<3>(Ptr, Surf, X, Y, Z, Mode);
}
template <class T>
static __device__ T
surf1Dread(cudaSurfaceObject_t Surf, int X,
           cudaSurfaceBoundaryMode Mode = cudaBoundaryModeTrap) {
  T Value;
  surf1Dread(&Value, Surf, X, Mode);
  return Value;
}
template <class T>
static __device__ T
surf2Dread(cudaSurfaceObject_t Surf, int X, int Y,
           cudaSurfaceBoundaryMode Mode = cudaBoundaryModeTrap) {
  T Value;
  surf2Dread(&Value, Surf, X, Y, Mode);
  return Value;
}
template <class T>
static __device__ T
surf3Dread(cudaSurfaceObject_t Surf, int X, int Y, int Z,
           cudaSurfaceBoundaryMode Mode = cudaBoundaryModeTrap) {
  T Value;
  surf3Dread(&Value, Surf, X, Y, Z, Mode);
  return Value;
}

#endif // SECTORSCOPE_NVCC_SURFACES_H
