# nvcc-flags.sh: nvcc's command-line spellings in clang's terms. Sourced by
# sectorscope-clang++, so that `make NVCC=sectorscope-clang++` and build
# files written for nvcc work unchanged. docs/nvcc-compat.md lists every flag.
#
# translate_nvcc_flags ARG... fills
#   clang_args     the arguments for clang++, clang's own passed unchanged
#   nvlink_args    -Xnvlink options, for the device link
#   device_link    1 for -dlink: the objects' device code is linked by itself
# and stops with one line (die) on an nvcc flag that has no clang meaning.

# nvcc flags (short and long spellings) that clang cannot honour.
nvcc_unsupported=" -cuda --cuda -cubin --cubin -fatbin --fatbin -optix-ir
  --optix-ir -ltoir --ltoir -dw --device-w -lib --lib -run --run -objtemp
  --objdir-as-tempdir -odir --output-directory -arbin --archiver-binary -ldir
  --libdevice-directory -target-dir --target-directory -use-local-env
  --use-local-env -force-cl-env-setup --force-cl-env-setup -opt-info
  --optimization-info -dopt --dopt -Ofc --Ofast-compile -dlto --dlink-time-opt
  -lto --lto -gen-opt-lto --gen-opt-lto -forward-unknown-to-host-linker
  --forward-unknown-to-host-linker -forward-unknown-opts --forward-unknown-opts
  -noprof --dont-use-profile -dryrun --dryrun -split-compile-extended
  --split-compile-extended -fdevice-syntax-only --fdevice-syntax-only
  -fdevice-time-trace --fdevice-time-trace -keep-dir --keep-dir -clean
  --clean-targets -time --time -run-args --run-args -idp --input-drive-prefix
  -ddp --dependency-drive-prefix -dp --drive-prefix -nodlink --no-device-link
  --entries -keep-device-functions --keep-device-functions -ewp
  --extensible-whole-program -no-compress --no-compress -qpp-config
  --qpp-config -astoolspatch --compile-as-tools-patch -code-ls --list-gpu-code
  -arch-ls --list-gpu-arch -hls --host-linker-script -aug-hls
  --augment-host-linker-script --relocatable-link -jtd --jump-table-density
  -reloc-ptx --relocatable-ptx -device-stack-protector --device-stack-protector
  -compress-mode --compress-mode -sanitize --sanitize -jobserver --jobserver
  -static-global-template-stub --static-global-template-stub
  -device-entity-has-hidden-visibility --device-entity-has-hidden-visibility
  -Xarchive --archive-options -optf --options-file -cudadevrt --cudadevrt "
nvcc_unsupported=$(echo $nvcc_unsupported)
nvcc_unsupported=" $nvcc_unsupported "

# nvcc flags that take a value, possibly as the next argument.
nvcc_with_value=" -arch --gpu-architecture -code --gpu-code -gencode
  --generate-code -Xcompiler --compiler-options -Xptxas --ptxas-options
  --linker-options -Xnvlink --nvlink-options -Xcudafe -ccbin --compiler-bindir
  --x --std -rdc --relocatable-device-code -maxrregcount --maxrregcount
  -default-stream --default-stream -cudart --cudart -t --threads
  -split-compile --split-compile -ftz --ftz -fmad --fmad -prec-div --prec-div
  -prec-sqrt --prec-sqrt --output-file --include-path --system-include
  --define-macro --undefine-macro --library --library-path --pre-include
  --optimize --dependency-output --dependency-target-name --machine
  -diag-suppress --diag-suppress -diag-warn --diag-warn -diag-error
  --diag-error -brief-diag --brief-diagnostics --Werror "
nvcc_with_value=$(echo $nvcc_with_value)
nvcc_with_value=" $nvcc_with_value "

# clang flags whose value is the next argument: never read as a flag.
clang_with_value=" -o -I -L -D -U -l -x -include -imacros -isystem -idirafter
  -iquote -isysroot -MF -MT -MQ -Xclang -mllvm -Xlinker -Xarch_device
  -Xarch_host -Xcuda-ptxas -Xcuda-fatbinary -Xassembler -Xpreprocessor
  -Xoffload-linker -target -z -T -u "
clang_with_value=$(echo $clang_with_value)
clang_with_value=" $clang_with_value "

# nvcc's words for GPU code (sm_90, compute_90, lto_90) as clang archs.
nvcc_arch() {
  local v
  for v in $(echo "$1" | tr ',[]"'"'" '    '); do
    case "$v" in
    sm_* | compute_* | lto_*) clang_args+=("--cuda-gpu-arch=sm_${v#*_}") ;;
    native | all | all-major)
      die "nvcc arch '$v' is not supported; name one, e.g. -arch=sm_90" ;;
    *) die "unknown GPU arch '$v' (expected sm_NN or compute_NN)" ;;
    esac
  done
}

# -gencode arch=compute_90,code=[sm_90,compute_90]: the code= list, or arch=.
nvcc_gencode() {
  local spec=${1//\"/}
  case "$spec" in
  *code=*) nvcc_arch "${spec#*code=}" ;;
  arch=*) nvcc_arch "${spec#arch=}" ;;
  *) die "cannot read -gencode '$1' (expected arch=compute_NN,code=sm_NN)" ;;
  esac
}

# Comma- or space-separated options, each behind PREFIX (if any).
nvcc_list() {
  local prefix=$1 item
  for item in $(echo "$2" | tr ',' ' '); do
    if [ -n "$prefix" ]; then clang_args+=("$prefix" "$item"); else clang_args+=("$item"); fi
  done
}

nvcc_bool() {
  case "$2" in
  true | false) ;;
  *) die "nvcc flag '$1' takes true or false, not '$2'" ;;
  esac
}

# One nvcc flag NAME with its VALUE (empty for a flag without one).
nvcc_flag() {
  local name=$1 value=$2
  case "$name" in
  -arch | --gpu-architecture | -code | --gpu-code) nvcc_arch "$value" ;;
  -gencode | --generate-code) nvcc_gencode "$value" ;;
  -Xcompiler | --compiler-options) nvcc_list "" "$value" ;;
  -Xptxas | --ptxas-options) nvcc_list -Xcuda-ptxas "$value" ;;
  --linker-options) nvcc_list -Xlinker "$value" ;;
  -Xnvlink | --nvlink-options) nvlink_args+=("-Xnvlink=$value") ;;
  -rdc | --relocatable-device-code)
    nvcc_bool "$name" "$value"
    [ "$value" = true ] && clang_args+=(-fgpu-rdc) ;;
  -dc | --device-c) clang_args+=(-fgpu-rdc -c) ;;
  -dlink | --device-link) device_link=1 ;;
  --x) clang_args+=(-x "$value") ;;
  --std) clang_args+=("-std=$value") ;;
  -lineinfo | --generate-line-info) clang_args+=(-Xarch_device -gline-tables-only) ;;
  -G | --device-debug) clang_args+=(--cuda-noopt-device-debug -Xarch_device -g) ;;
  -use_fast_math | --use_fast_math)
    clang_args+=(-fgpu-flush-denormals-to-zero -fgpu-approx-transcendentals) ;;
  -ftz | --ftz)
    nvcc_bool "$name" "$value"
    [ "$value" = true ] && clang_args+=(-fgpu-flush-denormals-to-zero) ;;
  -fmad | --fmad)
    nvcc_bool "$name" "$value"
    [ "$value" = false ] && clang_args+=(-ffp-contract=off) ;;
  -prec-div | --prec-div | -prec-sqrt | --prec-sqrt) nvcc_bool "$name" "$value" ;;
  -maxrregcount | --maxrregcount) clang_args+=(-Xcuda-ptxas "--maxrregcount=$value") ;;
  -res-usage | --resource-usage) clang_args+=(-Xcuda-ptxas -v) ;;
  -default-stream | --default-stream)
    [ "$value" = per-thread ] && clang_args+=(-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1) ;;
  -ptx | --ptx) clang_args+=(--cuda-device-only -S) ;;
  -keep | --keep) clang_args+=(-save-temps) ;;
  -noeh | --no-exceptions) clang_args+=(-fno-exceptions) ;;
  --machine) [ "$value" = 64 ] || die "nvcc flag '--machine $value': only 64 is supported"
    clang_args+=(-m64) ;;
  --m64) clang_args+=(-m64) ;;
  --Werror) [ "$value" = all-warnings ] && clang_args+=(-Werror) ;;
  --output-file) clang_args+=(-o "$value") ;;
  --include-path) clang_args+=("-I$value") ;;
  --system-include) clang_args+=(-isystem "$value") ;;
  --define-macro) clang_args+=("-D$value") ;;
  --undefine-macro) clang_args+=("-U$value") ;;
  --library) clang_args+=("-l$value") ;;
  --library-path) clang_args+=("-L$value") ;;
  --pre-include) clang_args+=(-include "$value") ;;
  --optimize) clang_args+=("-O$value") ;;
  --dependency-output) clang_args+=(-MF "$value") ;;
  --dependency-target-name) clang_args+=(-MT "$value") ;;
  --compile) clang_args+=(-c) ;;
  --preprocess) clang_args+=(-E) ;;
  --generate-dependencies) clang_args+=(-M) ;;
  --generate-nonsystem-dependencies) clang_args+=(-MM) ;;
  --generate-dependencies-with-compile) clang_args+=(-MD) ;;
  --generate-nonsystem-dependencies-with-compile) clang_args+=(-MMD) ;;
  --generate-dependency-targets) clang_args+=(-MP) ;;
  --shared) clang_args+=(-shared) ;;
  --debug) clang_args+=(-g) ;;
  --profile) clang_args+=(-pg) ;;
  --verbose) clang_args+=(-v) ;;
  --disable-warnings) clang_args+=(-w) ;;
  --save-temps) clang_args+=(-save-temps) ;;
  --Wreorder) clang_args+=(-Wreorder) ;;
  --Wno-deprecated-declarations) clang_args+=(-Wno-deprecated-declarations) ;;
  # What clang does anyway, or has no counterpart for that changes the code:
  # constexpr and lambdas are host and device as needed; cudafe's and nvcc's
  # diagnostics and threads; the host compiler, which clang is; the cudart
  # flavour (always the shared one, see sectorscope-clang++).
  -expt-relaxed-constexpr | --expt-relaxed-constexpr | -expt-extended-lambda | \
    --expt-extended-lambda | -extended-lambda | --extended-lambda | \
    -Wno-deprecated-gpu-targets | --Wno-deprecated-gpu-targets | \
    -Wdefault-stream-launch | --Wdefault-stream-launch | \
    -Wmissing-launch-bounds | --Wmissing-launch-bounds | \
    -Wext-lambda-captures-this | --Wext-lambda-captures-this | \
    -Xcudafe | -ccbin | --compiler-bindir | -allow-unsupported-compiler | \
    --allow-unsupported-compiler | -forward-unknown-to-host-compiler | \
    --forward-unknown-to-host-compiler | -t | --threads | -split-compile | \
    --split-compile | -cudart | --cudart | -diag-suppress | --diag-suppress | \
    -diag-warn | --diag-warn | -diag-error | --diag-error | -err-no | \
    --display-error-number | -no-err-no | --no-display-error-number | \
    -brief-diag | --brief-diagnostics | -restrict | --restrict | \
    -src-in-ptx | --source-in-ptx | -extra-device-vectorization | \
    --extra-device-vectorization | -nohdinitlist | \
    --no-host-device-initializer-list | -nohdmoveforward | \
    --no-host-device-move-forward | -link | --link) ;;
  *) return 1 ;;
  esac
  return 0
}

translate_nvcc_flags() {
  clang_args=() nvlink_args=() device_link=0
  local -a in=("$@")
  local i=0 n=$# a name
  while [ $i -lt $n ]; do
    a=${in[i]}
    i=$((i + 1))
    name=${a%%=*}
    case "$a" in
    -x)
      # nvcc's language name for CUDA is cu.
      [ $i -lt $n ] || die "flag '-x' needs a value"
      case "${in[i]}" in cu) clang_args+=(-x cuda) ;; *) clang_args+=(-x "${in[i]}") ;; esac
      i=$((i + 1))
      continue ;;
    -x=cu | --x=cu) clang_args+=(-x cuda); continue ;;
    -Werror)
      # nvcc's -Werror names a kind in the next argument.
      case "${in[i]:-}" in
      all-warnings) i=$((i + 1)) ;;
      cross-execution-space-call | reorder | deprecated-declarations | \
        default-stream-launch | missing-launch-bounds | ext-lambda-captures-this)
        i=$((i + 1)); continue ;;
      esac
      clang_args+=(-Werror)
      continue ;;
    -std)
      [ $i -lt $n ] || die "flag '-std' needs a value"
      clang_args+=("-std=${in[i]}")
      i=$((i + 1))
      continue ;;
    esac
    if [[ $clang_with_value == *" $a "* ]]; then
      clang_args+=("$a")
      if [ $i -lt $n ]; then clang_args+=("${in[i]}"); i=$((i + 1)); fi
      continue
    fi
    if [[ $nvcc_unsupported == *" $name "* ]]; then
      die "nvcc flag '$a' is not supported (docs/nvcc-compat.md lists the nvcc flags it takes)"
    fi
    if [[ $nvcc_with_value == *" $name "* ]]; then
      if [ "$name" = "$a" ]; then
        [ $i -lt $n ] || die "nvcc flag '$a' needs a value"
        nvcc_flag "$name" "${in[i]}"
        i=$((i + 1))
      else
        nvcc_flag "$name" "${a#*=}"
      fi
      continue
    fi
    nvcc_flag "$a" "" || clang_args+=("$a")
  done
}
