#===- sectorscope_reports.py - Read a run's launch reports, list findings -===#
#
# Shared by sectorscope-run (exit codes, CSV of findings) and
# sectorscope-report (the HTML page): one reader of the runtime's
# `sectorscope-launch/1` JSON and `.heat.csv` files, one definition of a
# finding and of its estimated cost. The files come from other processes and
# machines, so every read is bounded and refuses anything but a regular file.
#
#===----------------------------------------------------------------------===#
import csv
import io
import json
import os
import re
import stat

SCHEMA = "sectorscope-launch/1"
MAX_JSON_BYTES = 64 << 20
MAX_CSV_BYTES = 256 << 20
MAX_SOURCE_BYTES = 8 << 20
MAX_REPORTS = 20000
SECTOR_BYTES = 32
HEX_RE = re.compile(r"^0x[0-9a-fA-F]{1,16}$")


class ReportError(Exception):
    """One line for the user: what is wrong, with the path."""


def read_bounded(path, max_bytes, what):
    """The bytes of a regular file of at most max_bytes, else ReportError.

    O_NONBLOCK keeps a FIFO from blocking the open; fstat then refuses it,
    and devices such as /dev/zero, before a byte is read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as e:
        raise ReportError("%s '%s': %s" % (what, path, e.strerror))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ReportError("%s '%s': not a regular file" % (what, path))
        if st.st_size > max_bytes:
            raise ReportError("%s '%s': %d bytes, more than the limit of %d" %
                              (what, path, st.st_size, max_bytes))
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > max_bytes:
                raise ReportError("%s '%s': more than the limit of %d bytes" %
                                  (what, path, max_bytes))
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as e:
        raise ReportError("%s '%s': %s" % (what, path, e.strerror))
    finally:
        os.close(fd)


# <kernel>-<host>-<pid>[-r<rank>]-t<tid>-<seq>[.<n>].json; <kernel> has no
# '-'; .<n> where an earlier process with this host and pid took the name.
NAME_RE = re.compile(r"^(?P<kernel>[^-]*)-(?P<host>.+)-(?P<pid>\d+)"
                     r"(?:-r(?P<rank>\d+))?-t(?P<tid>\d+)-(?P<seq>\d+)"
                     r"(?:\.\d+)?\.json$")


class Report:
    """One launch report and where it came from."""

    def __init__(self, path, data):
        self.path = path
        self.name = os.path.basename(path)
        self.data = data
        # Who launched it: the report says (`process`); reports written
        # without it are named after it.
        m = NAME_RE.match(self.name)
        proc = data.get("process")
        if isinstance(proc, dict):
            self.host = str(proc.get("host", "?"))
            self.pid = str(proc.get("pid", "?"))
            self.rank = proc.get("rank")
        else:
            self.host = m.group("host") if m else "?"
            self.pid = m.group("pid") if m else "?"
            self.rank = m.group("rank") if m else None
        dev = data.get("device") or {}
        self.device = "%s #%s" % (dev.get("name", "?"), dev.get("ordinal", "?"))

    @property
    def process(self):
        rank = " rank %s" % self.rank if self.rank is not None else ""
        return "%s:%s%s" % (self.host, self.pid, rank)

    @property
    def kernel(self):
        return self.data.get("kernel") or self.data.get("mangled") or "?"

    def scale(self):
        """Blocks of the launch per block the counters saw: heat-map mode
        samples one block, so its counts stand for 1/blocks of the launch."""
        g = self.data.get("grid") or {}
        blocks = g.get("x", 1) * g.get("y", 1) * g.get("z", 1)
        sampled = self.data.get("sampled_blocks") or 1
        return max(1.0, blocks / float(sampled))


# The types of the fields the tools read, as the runtime writes them
# (docs/abi.md). A field may be absent or null (older reports, a launch
# that failed); present, it has its type, so no reader has to guess.
NUM, INT, STR, BOOL = "number", "integer", "string", "boolean"
HEX = "hexadecimal address"
DIM3 = {"x": INT, "y": INT, "z": INT}
EVIDENCE = {"sectors": NUM, "skew": NUM, "false_shared_sectors": NUM,
            "max_sector_warps": NUM}
OBJECT = {"id": INT, "kind": STR, "base": HEX, "size": INT, "name": STR,
          "site": STR, "sites": [INT], "sectors": NUM, "words": NUM,
          "patterns": [STR]}
SITE = {"id": INT, "file": STR, "line": INT, "column": INT, "function": STR,
        "op": STR, "space": STR, "width": INT, "requests": NUM,
        "sectors": NUM, "bytes": NUM, "threads": NUM,
        "sectors_per_request": NUM, "ideal_sectors_per_request": NUM,
        "patterns": [STR], "evidence": {"*": EVIDENCE}, "object": OBJECT}
# Per partition (a list of sectors) or per sector bucket (pairs).
WINDOW = {"counts": ([NUM], [{"bucket": INT, "sectors": NUM}])}
REPORT_FIELDS = {
    "kernel": STR, "mangled": STR, "mode": STR, "grid": DIM3, "block": DIM3,
    "sampled_blocks": INT, "time_ms": NUM, "kernel_ms": NUM, "error": STR,
    "note": STR, "process": {"host": STR, "pid": INT, "rank": INT},
    "device": {"name": STR, "ordinal": INT},
    "occupancy": {"active_blocks_per_sm": NUM, "active_warps_per_sm": NUM},
    "not_instrumented": {"*": NUM}, "overflow": {"*": NUM},
    "heatmap": {"csv": STR}, "sites": [SITE], "objects": [OBJECT],
    "partitions": {"model": STR, "buckets": STR, "bucket_count": INT, "count": INT,
                   "skew": NUM, "camped": BOOL, "windows": [WINDOW]},
}


def type_error(value, spec, where):
    """Where value first differs from spec, as one phrase, or None."""
    if value is None:
        return None
    if isinstance(spec, tuple):  # one of several forms
        errors = [type_error(value, s, where) for s in spec]
        return None if None in errors else errors[0]
    if isinstance(spec, list):
        if not isinstance(value, list):
            return "%s is not a list" % where
        for i, item in enumerate(value):
            e = type_error(item, spec[0], "%s[%d]" % (where, i))
            if e:
                return e
        return None
    if isinstance(spec, dict):
        if not isinstance(value, dict):
            return "%s is not an object" % where
        for key, item in value.items():
            sub = spec.get(key, spec.get("*"))
            e = type_error(item, sub, "%s.%s" % (where, key) if where else key) if sub else None
            if e:
                return e
        return None
    ok = {NUM: lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
          INT: lambda v: isinstance(v, int) and not isinstance(v, bool),
          STR: lambda v: isinstance(v, str),
          BOOL: lambda v: isinstance(v, bool),
          HEX: lambda v: isinstance(v, str) and HEX_RE.match(v) is not None}[spec](value)
    return None if ok else "%s is not a%s %s" % (where, "n" if spec[0] in "aeiou" else "", spec)


def parse_report(path, raw):
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise ReportError("report '%s': not valid JSON (%s)" %
                          (path, str(e).splitlines()[0]))
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise ReportError("report '%s': not a %s report" % (path, SCHEMA))
    problem = type_error(data, REPORT_FIELDS, "")
    if problem:
        raise ReportError("report '%s': %s" % (path, problem))
    return Report(path, data)


def report_paths(directory):
    """The *.json files of a report directory, sorted; ReportError if the
    directory cannot be listed."""
    try:
        st = os.stat(directory)
    except OSError as e:
        raise ReportError("report directory '%s': %s" % (directory, e.strerror))
    if not stat.S_ISDIR(st.st_mode):
        raise ReportError("report directory '%s': not a directory" % directory)
    try:
        names = sorted(n for n in os.listdir(directory) if n.endswith(".json"))
    except OSError as e:
        raise ReportError("report directory '%s': %s" % (directory, e.strerror))
    if len(names) > MAX_REPORTS:
        raise ReportError("report directory '%s': %d reports, more than the "
                          "limit of %d" % (directory, len(names), MAX_REPORTS))
    return [os.path.join(directory, n) for n in names]


def load_reports(paths):
    return [parse_report(p, read_bounded(p, MAX_JSON_BYTES, "report"))
            for p in paths]


def load_heat_csv(report):
    """Rows of the report's heat-map CSV as dicts, or None without one."""
    heat = report.data.get("heatmap") or {}
    name = heat.get("csv")
    if not name:
        return None
    path = os.path.join(os.path.dirname(report.path), os.path.basename(name))
    if not os.path.lexists(path):
        return None  # a report copied without its CSV: the page says so
    raw = read_bounded(path, MAX_CSV_BYTES, "heat map")
    try:
        rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8"))))
        for r in rows:
            r["addr"] = int(r["address"], 16)
            r["sector_warps"] = int(r["sector_warps"])
            r["words"] = [int(r["w%d" % i]) for i in range(8)]
    except (UnicodeDecodeError, KeyError, ValueError, TypeError, csv.Error):
        raise ReportError("heat map '%s': not a sectorscope heat-map CSV" % path)
    return rows


class Finding:
    """A pattern other than `coalesced` on a site (a warning), or a launch's
    error (an error), with its estimated cost in bytes."""

    def __init__(self, report, severity, pattern, site=None, message=""):
        self.report = report
        self.severity = severity
        self.pattern = pattern
        self.site = site
        self.message = message
        self.cost = estimated_cost(report, pattern, site) if site else 0.0

    @property
    def location(self):
        s = self.site
        if not s:
            return ""
        return "%s:%s:%s" % (s.get("file") or "<unknown>", s.get("line", 0),
                             s.get("column", 0))

    @property
    def key(self):
        """Findings with one key are one finding seen in several launches."""
        return (self.report.kernel, self.location, self.pattern, self.severity,
                self.message if self.severity == "error" else "")


def excess_sectors(site):
    """Sectors the site moved beyond what contiguous, aligned accesses of
    the same lanes need."""
    ideal = site.get("ideal_sectors_per_request") or 0
    return max(0.0, (site.get("sectors") or 0) - ideal * (site.get("requests") or 0))


def estimated_cost(report, pattern, site):
    """Bytes the pattern costs the whole launch, extrapolated from the
    counted blocks: sectors beyond the ideal for coalescing patterns; for
    false sharing the extra warps' copies of each shared sector; for
    camping the sectors the hottest partition serves beyond an even
    spread (sectors x (skew - 1)). Patterns that cost latency rather than
    traffic (hot_spot, random_hot, smem_abuse) cost what the site's excess
    sectors are, often nothing."""
    ev = (site.get("evidence") or {}).get(pattern) or {}
    sectors = excess_sectors(site)
    if pattern == "false_sharing":
        shared = ev.get("false_shared_sectors") or 0
        warps = ev.get("max_sector_warps") or 1
        sectors = max(sectors, shared * (warps - 1))
    if pattern == "camped":
        return (ev.get("sectors") or 0) * max(0.0, (ev.get("skew") or 1) - 1) * SECTOR_BYTES
    return sectors * SECTOR_BYTES * report.scale()


def findings(reports):
    """Every finding of every report, most costly first."""
    out = []
    for r in reports:
        if r.data.get("error"):
            out.append(Finding(r, "error", "error", message=r.data["error"]))
        if r.data.get("note"):
            out.append(Finding(r, "note", "note", message=r.data["note"]))
        for s in r.data.get("sites") or []:
            for p in s.get("patterns") or []:
                if p != "coalesced":
                    out.append(Finding(r, "warning", p, site=s))
    fold_grid_guesses(out)
    order = {"error": 0, "warning": 1, "note": 2}
    out.sort(key=lambda f: (order[f.severity], -f.cost, f.location, f.pattern))
    return out


def mode_of(finding):
    return finding.report.data.get("mode")


def fold_grid_guesses(found):
    """Grid mode keeps no heat map, so a site's `uncoalesced` there
    (`regular: null`) only says the requests take too many sectors; a
    heat-map launch of the same kernel says which pattern that is. Such a
    grid finding takes the heat-map finding's pattern, so that the page
    shows one finding for the site, not a guess beside the answer."""
    answered = {}
    for f in found:
        if f.site and mode_of(f) == "heatmap" and f.pattern in ("strided", "uncoalesced"):
            answered.setdefault((f.report.kernel, f.location), f.pattern)
    for f in found:
        ev = ((f.site or {}).get("evidence") or {}).get("uncoalesced") or {}
        if mode_of(f) == "grid" and f.pattern == "uncoalesced" and ev.get("regular") is None:
            f.pattern = answered.get((f.report.kernel, f.location), f.pattern)


def merge(found):
    """Findings with one key folded into one: [(first, launches, cost)],
    most costly first. Launches of one kernel repeat its findings."""
    groups = {}
    for f in found:
        g = groups.setdefault(f.key, [f, [], 0.0])
        # The card shows its first finding's site: a heat-map launch's, whose
        # evidence names the pattern, over a grid launch's.
        if mode_of(g[0]) != "heatmap" and mode_of(f) == "heatmap":
            g[0] = f
        g[1].append(f.report)
        g[2] += f.cost
    order = {"error": 0, "warning": 1, "note": 2}
    return sorted((tuple(g) for g in groups.values()),
                  key=lambda g: (order[g[0].severity], -g[2], g[0].location))


def count_of(n, noun):
    """"1 report", "2 reports"."""
    return "%d %s%s" % (n, noun, "" if n == 1 else "s")


def human_bytes(n):
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(n) < 1024 or unit == "TiB":
            return ("%d %s" % (n, unit)) if unit == "B" else ("%.1f %s" % (n, unit))
        n /= 1024.0
