# sectorscope's lit suite. Substitutions:
#   %wrapper      sectorscope-clang++ from this build
#   %clangxx      plain clang++ 19 with only the CUDA 13 shim flags (%cuda_flags)
#   %clang_cc1    clang -cc1
#   %plugin       sectorscope.so
#   %opt          opt with the plugin loaded (-load-pass-plugin)
#   %bin          this build's bin/ directory (unit-test programs, CLIs)
#   %compat       the compat CUDA root;  %cuda_flags  flags to use it
#   %src          the source tree;       %examples    examples/
#   %abi          SS_ABI_VERSION from abi.h (checks use FileCheck -DABI=%abi)
# Feature `gpu`: a usable NVIDIA GPU is present (nvidia-smi lists one).
# Feature `jsonschema`: Python's jsonschema (python3-jsonschema) validates
# SARIF against the OASIS schema.
import os
import re
import shutil
import subprocess

import lit.formats

config.name = "sectorscope"
config.test_format = lit.formats.ShTest(not lit_config.isWindows)
config.suffixes = [".ll", ".cu", ".test", ".c", ".cpp"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.sectorscope_obj_root, "test")

bin_dir = os.path.join(config.sectorscope_obj_root, "bin")
tools = config.llvm_tools_dir
config.environment["PATH"] = os.pathsep.join([tools, bin_dir, config.environment.get("PATH", "")])
# Runs must not write reports into the source tree.
# The user's measured maps (common/DeviceData.h) must not change results:
# a directory no test writes stands for it.
config.environment["XDG_DATA_HOME"] = os.path.join(config.test_exec_root, "no-user-data")
config.environment["SECTORSCOPE_OUT"] = os.path.join(config.test_exec_root, "sectorscope-out")
for var in ["HOME", "TMPDIR"]:
    if var in os.environ:
        config.environment[var] = os.environ[var]

cuda_flags = "--cuda-path={0} -isystem {0}/stub-include -Wno-unknown-cuda-version --cuda-gpu-arch=sm_90".format(
    config.sectorscope_compat)
config.substitutions.append(("%cuda_flags", cuda_flags))
config.substitutions.append(("%clang_cc1", config.clang + " -cc1"))
config.substitutions.append(("%clangxx", config.clangxx + " " + cuda_flags))
config.substitutions.append(("%wrapper", os.path.join(bin_dir, "sectorscope-clang++")))
config.substitutions.append(("%plugin", config.sectorscope_plugin))
config.substitutions.append(("%opt", os.path.join(tools, "opt") + " -load-pass-plugin=" + config.sectorscope_plugin))
config.substitutions.append(("%bin", bin_dir))
config.substitutions.append(("%obj", config.sectorscope_obj_root))
config.substitutions.append(("%compat", config.sectorscope_compat))
config.substitutions.append(("%src", config.sectorscope_src_root))
with open(os.path.join(config.sectorscope_src_root, "runtime", "include", "sectorscope", "abi.h")) as f:
    abi_version = re.search(r"#define SS_ABI_VERSION (\d+)u", f.read()).group(1)
config.substitutions.append(("%abi", abi_version))
config.substitutions.append(("%examples", os.path.join(config.sectorscope_src_root, "examples")))


def have_gpu():
    if os.environ.get("SECTORSCOPE_GPU") in ("0", "1"):
        return os.environ["SECTORSCOPE_GPU"] == "1"
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=20)
    except Exception:
        return False
    return out.returncode == 0 and "GPU" in out.stdout


try:
    import jsonschema  # noqa: F401
    config.available_features.add("jsonschema")
except ImportError:
    pass

if have_gpu():
    config.available_features.add("gpu")
