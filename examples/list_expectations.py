#!/usr/bin/env python3
"""List the expected findings written in the examples' `// expect:` comments.

Grammar of a comment (one per source line that accesses memory):
    // expect: STATIC [(ACCESS)] [; run time: PATTERN[, PATTERN...]] [-- NOTE]
STATIC   the compile-time verdict for the line's global-memory access:
         clean | strided | misaligned | camped under gt200 | data-dependent
ACCESS   load | store | atomic | load, store | shared load | shared store |
         local load ... (which accesses on the line the verdict is about)
PATTERN  run-time heat-map pattern(s): coalesced | strided | uncoalesced |
         misaligned | false_sharing | hot_spot | random_hot | smem_abuse | camped

Usage: list_expectations.py [--json] [FILE.cu ...]   (default: all examples)
Output: one tab-separated line per comment: file, line, static, access,
run-time patterns (comma-separated), note.
"""
import glob
import json
import os
import re
import sys

PATTERN = re.compile(
    r'//\s*expect:\s*(?P<static>[a-z][a-z0-9 -]*?)\s*'
    r'(?:\((?P<access>[^)]*)\))?\s*'
    r'(?:;\s*run time:\s*(?P<runtime>[a-z_, ]+?))?\s*'
    r'(?:--\s*(?P<note>.*))?$')


def parse(path):
    out = []
    with open(path) as f:
        for no, line in enumerate(f, 1):
            if '// expect:' not in line:
                continue
            m = PATTERN.search(line.rstrip('\n'))
            if not m:
                raise SystemExit(f'{path}:{no}: cannot parse: {line.strip()}')
            out.append({
                'file': os.path.basename(path),
                'line': no,
                'static': m.group('static').strip(),
                'access': (m.group('access') or '').strip(),
                'runtime': [p.strip() for p in (m.group('runtime') or '').split(',') if p.strip()],
                'note': (m.group('note') or '').strip(),
            })
    return out


def main(argv):
    as_json = '--json' in argv
    files = [a for a in argv if a != '--json']
    if not files:
        here = os.path.dirname(os.path.abspath(__file__))
        files = sorted(glob.glob(os.path.join(here, '*.cu')))
    rows = [r for f in files for r in parse(f)]
    if as_json:
        json.dump(rows, sys.stdout, indent=1)
        print()
    else:
        for r in rows:
            print('\t'.join([r['file'], str(r['line']), r['static'], r['access'],
                             ','.join(r['runtime']), r['note']]))


if __name__ == '__main__':
    main(sys.argv[1:])
