//===- host_minmax.h - nvcc's host-side min and max overloads -------------===//
//
// nvcc's crt/math_functions.hpp declares min and max for every pair of
// integer widths and for float/double as __host__ __device__, plus the
// host-only int, umin, llmin and ullmin helpers (and their max twins). Clang
// includes that header with __host__ removed, so host code such as
// `max(1.0f, x)` finds no overload. These are the same overloads for the host
// side only; device code keeps clang's own.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_NVCC_HOST_MINMAX_H
#define SECTORSCOPE_NVCC_HOST_MINMAX_H
#pragma clang system_header

// The smaller and larger of two values converted to R, as nvcc's integer
// overloads compute them.
#define SECTORSCOPE_HOST_MINMAX(R, A, B)                                       \
  static inline __host__ R min(const A a, const B b) {                         \
    return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a)           \
                                                 : static_cast<R>(b);          \
  }                                                                            \
  static inline __host__ R max(const A a, const B b) {                         \
    return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a)           \
                                                 : static_cast<R>(b);          \
  }

SECTORSCOPE_HOST_MINMAX(int, int, int)
SECTORSCOPE_HOST_MINMAX(unsigned int, unsigned int, unsigned int)
SECTORSCOPE_HOST_MINMAX(unsigned int, int, unsigned int)
SECTORSCOPE_HOST_MINMAX(unsigned int, unsigned int, int)
SECTORSCOPE_HOST_MINMAX(long int, long int, long int)
SECTORSCOPE_HOST_MINMAX(unsigned long int, unsigned long int, unsigned long int)
SECTORSCOPE_HOST_MINMAX(unsigned long int, long int, unsigned long int)
SECTORSCOPE_HOST_MINMAX(unsigned long int, unsigned long int, long int)
SECTORSCOPE_HOST_MINMAX(long long int, long long int, long long int)
SECTORSCOPE_HOST_MINMAX(unsigned long long int, unsigned long long int,
                        unsigned long long int)
SECTORSCOPE_HOST_MINMAX(unsigned long long int, long long int,
                        unsigned long long int)
SECTORSCOPE_HOST_MINMAX(unsigned long long int, unsigned long long int,
                        long long int)
#undef SECTORSCOPE_HOST_MINMAX

// Floating point goes through fmin/fmax, as in nvcc: a NaN loses.
#define SECTORSCOPE_HOST_FMINMAX(R, A, B, SUFFIX)                              \
  static inline __host__ R min(const A a, const B b) {                         \
    return __builtin_fmin##SUFFIX(a, b);                                       \
  }                                                                            \
  static inline __host__ R max(const A a, const B b) {                         \
    return __builtin_fmax##SUFFIX(a, b);                                       \
  }

SECTORSCOPE_HOST_FMINMAX(float, float, float, f)
SECTORSCOPE_HOST_FMINMAX(double, double, double, )
SECTORSCOPE_HOST_FMINMAX(double, float, double, )
SECTORSCOPE_HOST_FMINMAX(double, double, float, )
#undef SECTORSCOPE_HOST_FMINMAX

// The named helpers nvcc's host side has beside them.
static inline __host__ unsigned int umin(const unsigned int a,
                                         const unsigned int b) {
  return min(a, b);
}
static inline __host__ unsigned int umax(const unsigned int a,
                                         const unsigned int b) {
  return max(a, b);
}
static inline __host__ long long int llmin(const long long int a,
                                           const long long int b) {
  return min(a, b);
}
static inline __host__ long long int llmax(const long long int a,
                                           const long long int b) {
  return max(a, b);
}
static inline __host__ unsigned long long int
ullmin(const unsigned long long int a, const unsigned long long int b) {
  return min(a, b);
}
static inline __host__ unsigned long long int
ullmax(const unsigned long long int a, const unsigned long long int b) {
  return max(a, b);
}

#endif // SECTORSCOPE_NVCC_HOST_MINMAX_H
