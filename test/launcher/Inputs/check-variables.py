#!/usr/bin/env python3
# Reads `sectorscope-run --print-variables` on stdin and checks each variable
# against the runtime's sources (argv[1]: runtime/host): a variable the
# launcher sets must be one the runtime reads, and a reserved one must not
# be read yet (then the launcher should set it). The runtime names a
# variable either in full ("SECTORSCOPE_MODE") or, in its flag table, by the
# part after the prefix: SECTORSCOPE_FLAG(Type, Field, NAME, ...).
import os
import re
import sys

sources = []
for folder, dirs, files in os.walk(sys.argv[1]):
    dirs[:] = [d for d in dirs if d != "unittests"]
    for f in files:
        if f.endswith((".cpp", ".h", ".inc")):
            sources.append(open(os.path.join(folder, f)).read())
text = "\n".join(sources)
flag_names = set(re.findall(r"SECTORSCOPE_FLAG\(\s*\w+\s*,\s*\w+\s*,\s*(\w+)",
                            text))

bad = 0
for line in sys.stdin:
    variable, option, *rest = line.split()
    suffix = variable[len("SECTORSCOPE_"):]
    read = ('"%s"' % variable in text or
            suffix in flag_names)
    reserved = rest == ["reserved"]
    if read == reserved:
        bad += 1
        print("%s (%s): %s" % (variable, option, "reserved but read by the runtime"
                               if reserved else "not read by the runtime"))
    else:
        print("ok %s %s" % (variable, "reserved" if reserved else "read"))
sys.exit(1 if bad else 0)
