#!/usr/bin/env python3
"""same-text.py A B: whether two ELF64 objects (cubins) hold the same
.text sections, byte for byte, whatever their layout. Prints
"N text sections, the same" or names the ones that differ (exit 1)."""
import struct
import sys


def text_sections(path):
    with open(path, "rb") as f:
        b = f.read()
    if b[:4] != b"\x7fELF" or b[4] != 2:
        sys.exit("%s: not a 64-bit ELF file" % path)
    shoff = struct.unpack_from("<Q", b, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", b, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", b, shoff + i * shentsize)
               for i in range(shnum)]
    names = headers[shstrndx][4]
    sections = {}
    for h in headers:
        name = b[names + h[0]:b.index(b"\0", names + h[0])].decode()
        if name.startswith(".text"):
            sections[name] = b[h[4]:h[4] + h[5]]
    return sections


a, b = (text_sections(p) for p in sys.argv[1:3])
differ = sorted(n for n in a.keys() | b.keys() if a.get(n) != b.get(n))
if differ:
    sys.exit("text sections that differ: " + " ".join(differ))
print("%d text sections, the same" % len(a))
