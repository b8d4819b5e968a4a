// example_util.cuh: the helpers every example program shares.
//
//   CUDA_CHECK(call)   runs a CUDA runtime call; on an error prints
//                      "file:line: call failed: <cudaGetErrorString>" to
//                      stderr and exits with status 2.
//   dump_output(name, host_data, bytes)
//                      if the environment variable SECTORSCOPE_EXAMPLE_DUMP
//                      names a directory (which must exist), writes the bytes
//                      raw to $SECTORSCOPE_EXAMPLE_DUMP/<name>.bin; on an
//                      error prints a message to stderr and exits 2. Without
//                      the variable (or with it empty) it does nothing.
//
// Every example dumps each result its GPU kernels computed, right after the
// copy back to the host: tools/gpu-tests.sh runs the plain and the
// instrumented build of each example with two dump directories and diffs
// them, to show that instrumentation leaves the results bit-identical.
#ifndef SECTORSCOPE_EXAMPLE_UTIL_CUH
#define SECTORSCOPE_EXAMPLE_UTIL_CUH

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                      \
  do {                                                                        \
    cudaError_t err_ = (call);                                                \
    if (err_ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,     \
                   #call, cudaGetErrorString(err_));                          \
      std::exit(2);                                                           \
    }                                                                         \
  } while (0)

inline void dump_output(const char *name, const void *host_data, size_t bytes) {
  const char *dir = std::getenv("SECTORSCOPE_EXAMPLE_DUMP");
  if (!dir || !*dir)
    return;
  const std::string path = std::string(dir) + "/" + name + ".bin";
  std::FILE *f = std::fopen(path.c_str(), "wb");
  if (!f) {
    std::fprintf(stderr, "dump_output: cannot open %s: %s\n", path.c_str(),
                 std::strerror(errno));
    std::exit(2);
  }
  const size_t written = bytes ? std::fwrite(host_data, 1, bytes, f) : 0;
  if (written != bytes) {
    std::fprintf(stderr, "dump_output: writing %zu bytes to %s failed: %s\n",
                 bytes, path.c_str(), std::strerror(errno));
    std::fclose(f);
    std::exit(2);
  }
  if (std::fclose(f) != 0) {
    std::fprintf(stderr, "dump_output: closing %s failed: %s\n", path.c_str(),
                 std::strerror(errno));
    std::exit(2);
  }
}

#endif // SECTORSCOPE_EXAMPLE_UTIL_CUH
