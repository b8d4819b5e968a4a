# Finds LLVM 19, Clang 19 and the CUDA toolkit; fails with one clear line each.

find_package(LLVM CONFIG QUIET HINTS /usr/lib/llvm-19/lib/cmake/llvm)
if(NOT LLVM_FOUND)
  message(FATAL_ERROR "sectorscope: LLVM 19 not found; run tools/setup.sh "
                      "or pass -DLLVM_DIR=<llvm-19>/lib/cmake/llvm")
endif()
if(NOT LLVM_VERSION_MAJOR EQUAL 19)
  message(FATAL_ERROR "sectorscope: needs LLVM 19, found LLVM ${LLVM_PACKAGE_VERSION} "
                      "at ${LLVM_DIR}; pass -DLLVM_DIR=<llvm-19>/lib/cmake/llvm")
endif()
find_package(Clang CONFIG QUIET HINTS ${LLVM_INSTALL_PREFIX}/lib/cmake/clang)
if(NOT Clang_FOUND)
  message(FATAL_ERROR "sectorscope: Clang 19 CMake package not found; "
                      "install libclang-19-dev (tools/setup.sh does)")
endif()
message(STATUS "sectorscope: LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM_INSTALL_PREFIX}")

set(SECTORSCOPE_LLVM_BINDIR ${LLVM_TOOLS_BINARY_DIR})
find_program(SECTORSCOPE_CLANGXX NAMES clang++-19 clang++
             HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
find_program(SECTORSCOPE_CLANG NAMES clang-19 clang
             HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
find_program(SECTORSCOPE_OPT NAMES opt HINTS ${LLVM_TOOLS_BINARY_DIR} NO_DEFAULT_PATH)
find_program(SECTORSCOPE_FILECHECK NAMES FileCheck HINTS ${LLVM_TOOLS_BINARY_DIR})
find_program(SECTORSCOPE_LLVM_LINK NAMES llvm-link HINTS ${LLVM_TOOLS_BINARY_DIR})
set(SECTORSCOPE_LIT ${LLVM_INSTALL_PREFIX}/build/utils/lit/lit.py CACHE FILEPATH
    "lit.py from llvm-19-tools")
if(NOT SECTORSCOPE_CLANGXX)
  message(FATAL_ERROR "sectorscope: clang++-19 not found; install clang-19")
endif()

# The CUDA toolkit: nvcc on PATH unless SECTORSCOPE_CUDA_PATH names the root.
set(SECTORSCOPE_CUDA_PATH "" CACHE PATH "CUDA toolkit root (default: from nvcc on PATH)")
# A root must have the headers and the shared cudart the runtime links: an
# nvcc on PATH outside its toolkit (a copy or a wrapper in /usr/local/bin)
# would otherwise name a root without them.
function(sectorscope_is_cuda_root dir out)
  if(EXISTS ${dir}/include/cuda.h AND EXISTS ${dir}/lib64/libcudart.so)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()
if(NOT SECTORSCOPE_CUDA_PATH)
  find_program(SECTORSCOPE_NVCC nvcc HINTS ENV CUDA_PATH PATH_SUFFIXES bin
               PATHS /usr/local/cuda/bin)
  set(_candidates)
  if(SECTORSCOPE_NVCC)
    get_filename_component(_nvcc_real ${SECTORSCOPE_NVCC} REALPATH)
    get_filename_component(_bin ${_nvcc_real} DIRECTORY)
    get_filename_component(_root ${_bin} DIRECTORY)
    list(APPEND _candidates ${_root})
  endif()
  if(DEFINED ENV{CUDA_PATH})
    list(APPEND _candidates $ENV{CUDA_PATH})
  endif()
  list(APPEND _candidates /usr/local/cuda)
  foreach(_root IN LISTS _candidates)
    sectorscope_is_cuda_root(${_root} _ok)
    if(_ok)
      get_filename_component(_root ${_root} REALPATH)
      set(SECTORSCOPE_CUDA_PATH ${_root} CACHE PATH "" FORCE)
      break()
    endif()
  endforeach()
endif()
sectorscope_is_cuda_root("${SECTORSCOPE_CUDA_PATH}" _ok)
if(NOT SECTORSCOPE_CUDA_PATH OR NOT _ok)
  message(FATAL_ERROR "sectorscope: no CUDA toolkit found (include/cuda.h and "
                      "lib64/libcudart.so under the root of nvcc on PATH, "
                      "CUDA_PATH or /usr/local/cuda); pass "
                      "-DSECTORSCOPE_CUDA_PATH=<cuda-root>")
endif()
set(SECTORSCOPE_NVCC ${SECTORSCOPE_CUDA_PATH}/bin/nvcc)
option(SECTORSCOPE_BUILD_CUDA "Build CUDA programs (examples, micro-benchmarks)" ON)
message(STATUS "sectorscope: CUDA toolkit at ${SECTORSCOPE_CUDA_PATH}")

# Compile flags for code that becomes part of sectorscope.so. Debian's LLVM
# is one shared libLLVM with RTTI on: we use its headers and link the dylib.
function(sectorscope_llvm_component target)
  target_include_directories(${target} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS}
                             ${CLANG_INCLUDE_DIRS})
  target_include_directories(${target} PRIVATE ${SECTORSCOPE_SOURCE_DIR})
  separate_arguments(_defs NATIVE_COMMAND "${LLVM_DEFINITIONS}")
  target_compile_options(${target} PRIVATE ${_defs})
  if(NOT LLVM_ENABLE_RTTI)
    target_compile_options(${target} PRIVATE -fno-rtti)
  endif()
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()

# The data the code reads (data/PROVENANCE.md), copied into the build tree
# where the installed tree keeps it, so lookups beside the library work in both.
# Every JSON file there: the device index (devices.json) and the files it names.
file(GLOB SECTORSCOPE_DATA_FILES CONFIGURE_DEPENDS
     ${SECTORSCOPE_SOURCE_DIR}/data/*.json)
file(COPY ${SECTORSCOPE_DATA_FILES}
     DESTINATION ${CMAKE_BINARY_DIR}/share/sectorscope/data)
