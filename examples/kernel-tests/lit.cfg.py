# The kernel tests: static/ runs anywhere (the compile-time check of the
# kernels' sectorscope-expect comments), dynamic/ needs a GPU (REQUIRES: gpu)
# and runs the instrumented program with SECTORSCOPE_EXPECT=1.
import os

import lit.formats

config.name = "kernel-tests"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.kernel_tests_obj
config.substitutions.append(("%kernels", os.path.join(config.kernel_tests_src, "kernels")))
lit_config.load_config(config, config.sectorscope_lit_helper)
