# device-link.sh: the device link of relocatable device code (-fgpu-rdc,
# nvcc's -rdc=true / -dc), sourced by sectorscope-clang++. Clang 19's CUDA
# driver compiles such code as nvcc does (a __nv_relfatbin section and a
# __cudaRegisterLinkedBinary_<id> call per object) but leaves the device link
# to the toolkit: nvcc -dlink runs nvlink over the objects' device code and
# gives an object that registers the linked image. Device-side launches
# (dynamic parallelism) find cudadevrt there.

# Whether one of the files holds relocatable device code.
has_relocatable_device_code() {
  local f
  for f in "$@"; do
    [ -f "$f" ] && grep -q -a -m1 __nv_relfatbin "$f" && return 0
  done
  return 1
}

# Whether one of the files is already a device-link object (nvcc -dlink's).
has_device_link_object() {
  local f nm
  nm=$(command -v nm || command -v "$(dirname "$clangxx")/llvm-nm") || return 1
  for f in "$@"; do
    case "$f" in *.o) ;; *) continue ;; esac
    [ -f "$f" ] && "$nm" --defined-only "$f" 2>/dev/null |
      grep -q ' T __cudaRegisterLinkedBinary_' && return 0
  done
  return 1
}

# run_device_link OUT ARCH... -- FILE-OR-LIBRARY-ARG...: nvcc -dlink.
run_device_link() {
  local out=$1 arch
  shift
  local -a dlink=("$cuda_root/bin/nvcc" -dlink -ccbin "$clangxx" -o "$out")
  while [ $# -gt 0 ] && [ "$1" != -- ]; do
    arch=${1#sm_}
    dlink+=(-gencode "arch=compute_$arch,code=sm_$arch")
    shift
  done
  shift
  dlink+=("$@" "${nvlink_args[@]}")
  [ -n "${SECTORSCOPE_VERBOSE_WRAPPER:-}" ] && echo "${dlink[*]}" >&2
  "${dlink[@]}" || die "device link (nvcc -dlink) failed"
}
