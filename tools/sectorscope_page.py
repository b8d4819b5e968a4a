#===- sectorscope_page.py - The HTML of sectorscope-report ---------------===#
#
# Builds the page from loaded reports: findings (most costly first, with
# source snippets), kernels (counters, partition histograms, model bands)
# and allocations (heat maps). Every string from a report is escaped; the
# page needs nothing but itself to open.
#
#===----------------------------------------------------------------------===#
import json
import os
from html import escape

import sectorscope_reports as reports
import sectorscope_svg as svg

SNIPPET_CONTEXT = 3
MAX_PICTURES = 200

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d232a;background:#f5f6f8}
header{background:#22313f;color:#fff;padding:14px 24px}
header h1{margin:0;font-size:20px}header p{margin:4px 0 0;color:#c9d3dd}
main{padding:8px 24px 40px;max-width:1180px;box-sizing:border-box}
h2{border-bottom:2px solid #22313f;padding-bottom:4px;margin-top:28px}
.card{background:#fff;border:1px solid #d5dae0;border-left:5px solid #999;border-radius:4px;padding:10px 14px;margin:10px 0}
.card.error{border-left-color:#b2182b}.card.warning{border-left-color:#e08214}.card.note{border-left-color:#4878a8}
.card h3{margin:0 0 4px;font-size:15px}
.badge{display:inline-block;font-size:11px;font-weight:bold;text-transform:uppercase;padding:1px 6px;border-radius:3px;color:#fff;margin-right:6px}
.badge.error{background:#b2182b}.badge.warning{background:#e08214}.badge.note{background:#4878a8}
.loc{font-family:ui-monospace,Menlo,Consolas,monospace;color:#314a63}
.cost{float:right;font-weight:bold;color:#7a2e0e}
table{border-collapse:collapse;margin:6px 0;background:#fff}
td,th{border:1px solid #d5dae0;padding:2px 8px;text-align:left;vertical-align:top}
th{background:#eef1f4}td.num{text-align:right;font-variant-numeric:tabular-nums}
pre.src{background:#1e2630;color:#d8dee9;padding:6px 0;overflow-x:auto;border-radius:4px;font-size:12.5px}
pre.src span{display:block;padding:0 10px}pre.src span.hit{background:#5b3a14;color:#fff}
.missing{color:#8a5a00;font-style:italic}
#filter{padding:4px 8px;width:320px;font-size:14px}
#script-error{display:none;background:#b2182b;color:#fff;padding:8px 24px}
svg{background:#fff;border:1px solid #d5dae0;margin:6px 0;font-family:system-ui,sans-serif}
.evidence{display:flex;flex-wrap:wrap;gap:4px;margin:6px 0}
.evidence span{background:#eef1f4;border:1px solid #d5dae0;border-radius:3px;padding:1px 7px;font-size:12.5px}
.evidence b{font-weight:600;color:#445}
details>summary{cursor:pointer;font-weight:600;margin:6px 0}
"""

SCRIPT = """
window.addEventListener('error',function(e){var b=document.getElementById('script-error');
b.style.display='block';b.textContent='Page script error: '+e.message;});
(function(){
  var cards=document.querySelectorAll('.finding');
  var box=document.getElementById('filter');
  box.addEventListener('input',function(){
    var q=box.value.toLowerCase(),shown=0;
    cards.forEach(function(c){var hit=c.textContent.toLowerCase().indexOf(q)>=0;
      c.style.display=hit?'':'none';shown+=hit?1:0;});
    document.getElementById('shown').textContent=shown+' of '+cards.length+' shown';
  });
  var s=document.createElement('span');s.id='shown';
  s.textContent=cards.length+' of '+cards.length+' shown';
  box.parentNode.appendChild(s);
  document.body.setAttribute('data-rendered','yes');
})();
"""


def h(x):
    return escape("" if x is None else str(x), quote=True)


def short_name(kernel):
    """`void ns::k<int>(float*)` -> `ns::k<int>` (cut at the parameter list)."""
    depth = 0
    for i, c in enumerate(kernel):
        depth += c == "<"
        depth -= c == ">"
        if c == "(" and depth == 0:
            return kernel[:i].split(" ")[-1] if " " in kernel[:i] else kernel[:i]
    return kernel


def describe_object(obj):
    if not obj:
        return ""
    name = obj.get("name") or (obj.get("kind") if "base" not in obj else
                               "allocation %s" % obj.get("base"))
    at = " (%s at %s)" % (obj.get("kind"), obj["site"]) if obj.get("site") else ""
    return name + at


def table(header, rows, numeric=()):
    out = ["<table><tr>%s</tr>" % "".join("<th>%s</th>" % h(c) for c in header)]
    for row in rows:
        out.append("<tr>%s</tr>" % "".join(
            '<td class="num">%s</td>' % h(v) if i in numeric else "<td>%s</td>" % h(v)
            for i, v in enumerate(row)))
    out.append("</table>")
    return "".join(out)


class Sources:
    """Source files, found through the reports' paths, the working
    directory and --source-root, read once each (bounded)."""

    def __init__(self, roots):
        self.roots = roots
        self.cache = {}

    def candidates(self, file):
        yield file
        parts = [p for p in file.split("/") if p]
        for root in self.roots:
            for i in range(len(parts)):
                yield os.path.join(root, *parts[i:])

    def lines(self, file):
        if file not in self.cache:
            self.cache[file] = None
            for c in self.candidates(file):
                if os.path.isfile(c):
                    try:
                        raw = reports.read_bounded(c, reports.MAX_SOURCE_BYTES, "source")
                        self.cache[file] = (c, raw.decode("utf-8", "replace").splitlines())
                    except reports.ReportError:
                        pass
                    break
        return self.cache[file]

    def snippet(self, site):
        file, line = site.get("file") or "", site.get("line") or 0
        found = self.lines(file) if file else None
        if not found or not 1 <= line <= len(found[1]):
            return '<p class="missing">source not found: %s</p>' % h(file or "<unknown>")
        path, text = found
        lo, hi = max(1, line - SNIPPET_CONTEXT), min(len(text), line + SNIPPET_CONTEXT)
        out = ['<pre class="src" title="%s">' % h(path)]
        for n in range(lo, hi + 1):
            out.append('<span%s>%5d  %s</span>' % (' class="hit"' if n == line else "",
                                                   n, h(text[n - 1])))
            if n == line and site.get("column"):
                out.append('<span class="hit">%s^</span>' %
                           (" " * (7 + site["column"] - 1)))
        out.append("</pre>")
        return "".join(out)


def finding_card(group, sources):
    f, launches, cost = group
    procs = sorted({r.process for r in launches})
    devices = sorted({r.device for r in launches})
    seen = "seen in %d launch%s, process%s %s, device%s %s" % (
        len(launches), "" if len(launches) == 1 else "es",
        "" if len(procs) == 1 else "es", ", ".join(procs),
        "" if len(devices) == 1 else "s", ", ".join(devices))
    if f.severity != "warning":
        title = "%s in %s" % ("launch failed" if f.severity == "error" else "note",
                              short_name(f.report.kernel))
        return ('<div class="card finding %s"><h3><span class="badge %s">%s</span>%s</h3>'
                '<p>%s</p><p>%s; report %s</p></div>' %
                (f.severity, f.severity, f.severity, h(title), h(f.message), h(seen),
                 h(f.report.name)))
    s = f.site
    ev = (s.get("evidence") or {}).get(f.pattern) or {}
    parts = ['<div class="card finding warning"><span class="cost" title="estimated '
             'extra traffic of the whole launch, summed over launches">%s</span>'
             '<h3><span class="badge warning">%s</span>%s %s in %s</h3>' %
             (h(reports.human_bytes(cost) if cost else "no extra traffic"),
              h(f.pattern.replace("_", " ")),
              h(f.pattern.replace("_", " ")), h(s.get("op")),
              h(short_name(f.report.kernel))),
             '<p><span class="loc">%s</span> &middot; %s %s, %d-byte %s &middot; '
             '%.1f sectors/request (ideal %.1f) over %s requests</p>' %
             (h(f.location), h(s.get("space")), h(s.get("op")), s.get("width") or 0,
              "access", s.get("sectors_per_request") or 0,
              s.get("ideal_sectors_per_request") or 0, h(s.get("requests"))),
             "<p>allocation: %s</p>" % h(describe_object(s.get("object")) or "none"),
             "<p>%s</p>" % h(seen)]
    if ev:
        parts.append('<div class="evidence">%s</div>' % "".join(
            "<span><b>%s</b> %s</span>" % (h(k), h(v if isinstance(v, str) else json.dumps(v)))
            for k, v in sorted(ev.items())))
    parts.append(sources.snippet(s))
    parts.append("</div>")
    return "".join(parts)


def overview(loaded, found):
    procs = sorted({r.process for r in loaded})
    devices = sorted({r.device for r in loaded})
    kernels = sorted({r.kernel for r in loaded})
    modes = sorted({r.data.get("mode") or "?" for r in loaded})
    count = lambda sev: sum(1 for g in found if g[0].severity == sev)
    return table(["reports", "processes", "devices", "kernels", "modes",
                  "findings", "failed launches"],
                 [(len(loaded), ", ".join(procs), ", ".join(devices), len(kernels),
                   ", ".join(modes), count("warning"), count("error"))])


def partition_histogram(report):
    part = report.data.get("partitions")
    if not part or not part.get("windows"):
        return ""
    if part.get("buckets") == "sector":
        totals = {}
        for w in part["windows"]:
            for c in w.get("counts") or []:
                if isinstance(c, dict) and c.get("bucket") is not None:
                    totals[c["bucket"]] = totals.get(c["bucket"], 0) + (c.get("sectors") or 0)
        labels = sorted(totals, key=lambda b: -totals[b])[:16]
        values = [totals[b] for b in labels]
        x_label = "sector bucket (sector index mod %s), busiest first" % part.get("bucket_count")
    else:
        values = [0] * (part.get("count") or 0)
        for w in part["windows"]:
            for i, c in enumerate(w.get("counts") or []):
                if i < len(values) and not isinstance(c, dict):
                    values[i] += c or 0
        labels = list(range(len(values)))
        x_label = "partition"
    hottest = values.index(max(values)) if values else None
    title = "%s: sectors per partition, all windows (model %s, skew %.1f%s)" % (
        short_name(report.kernel), part.get("model"), part.get("skew") or 0,
        ", camped" if part.get("camped") else "")
    return svg.bar_chart_svg(labels, values, title, x_label, "global sectors", hottest)


def launches_table(rs):
    def dim(d):
        d = d or {}
        return "%s,%s,%s" % (d.get("x"), d.get("y"), d.get("z"))
    rows = []
    for r in rs:
        d = r.data
        occ = d.get("occupancy") or {}
        rows.append((r.name, r.process, r.device, d.get("mode"), dim(d.get("grid")),
                     dim(d.get("block")), d.get("time_ms") or "", d.get("kernel_ms") or "",
                     occ.get("active_warps_per_sm", ""), d.get("sampled_blocks", ""),
                     d.get("error") or d.get("note") or ""))
    return table(["report", "process", "device", "mode", "grid", "block", "time ms",
                  "instrumented ms", "warps/SM", "blocks counted", "error / note"],
                 rows, numeric=(6, 7, 8, 9))


def sites_table(report):
    rows = [("%s:%s:%s" % (s.get("file"), s.get("line"), s.get("column")), s.get("op"),
             s.get("space"), s.get("width"), s.get("requests"), s.get("sectors"),
             s.get("sectors_per_request"), s.get("ideal_sectors_per_request"),
             ", ".join(s.get("patterns") or []),
             describe_object(s.get("object")))
            for s in report.data.get("sites") or []]
    if not rows:
        return "<p>no site counters in this launch</p>"
    return table(["site", "op", "space", "bytes", "requests", "sectors", "sectors/req",
                  "ideal", "patterns", "allocation"], rows, numeric=(3, 4, 5, 6, 7))


def bounds_text(band):
    """What the band's bounds are and, with a measured time, whether it lies
    inside them: "bounds at 90% (...): 0.07 .. 0.39 ms, measured inside"."""
    lo, hi = band.get("lower_ms"), band.get("upper_ms")
    label = band.get("bounds") or "raw bounds"
    if not isinstance(lo, (int, float)) or not isinstance(hi, (int, float)):
        return h(label)
    inside = band.get("inside_bounds")
    where = "" if inside is None else (", measured inside" if inside else ", measured OUTSIDE")
    return "%s: %.4g .. %.4g ms%s" % (h(label), lo, hi, where)


def kernel_section(kernel, rs, heat, band):
    parts = ["<h3>%s</h3>" % h(kernel), launches_table(rs)]
    profiled = [r for r in rs if r.data.get("sites")]
    timed = [r.data["time_ms"] for r in rs if r.data.get("time_ms")]
    for r in profiled:
        extra = []
        ni = r.data.get("not_instrumented") or {}
        if ni:
            extra.append("not instrumented: " + ", ".join("%s %s" % kv for kv in sorted(ni.items())))
        csv_name = (r.data.get("heatmap") or {}).get("csv")
        if csv_name and heat.get(r.path) is None:
            extra.append("heat map %s not found beside the report" % csv_name)
        ov = r.data.get("overflow") or {}
        if any(ov.values()):
            extra.append("overflow: " + ", ".join("%s %s" % kv for kv in sorted(ov.items())))
        parts.append("<details open><summary>counters of %s (%s mode)</summary>%s%s%s</details>" %
                     (h(r.name), h(r.data.get("mode")), sites_table(r),
                      "".join("<p>%s</p>" % h(e) for e in extra), partition_histogram(r)))
    if band and profiled:
        result, why = band(profiled[0], timed[0] if timed else None)
        if result:
            data = json.loads(result[0])
            parts.append("<p>model band (%s, from %s): best %.4g ms, worst %.4g ms at "
                         "%.0f warps/SM%s; %s</p>%s" %
                         (h(data.get("model")), h(profiled[0].name), data.get("best_ms", 0),
                          data.get("worst_ms", 0), data.get("active_warps_per_sm", 0),
                          "; measured %.4g ms" % timed[0] if timed else "",
                          bounds_text(data), result[1]))
        else:
            parts.append('<p class="missing">no model band: %s</p>' % h(why))
    return "".join(parts)


def allocation_sections(loaded, heat):
    """One section per allocation of a process, one heat map per launch
    that touched it."""
    groups, pictures = {}, 0
    for r in loaded:
        rows = heat.get(r.path)
        if not rows:
            continue
        sites = {s.get("id"): s for s in r.data.get("sites") or []}
        for obj in r.data.get("objects") or []:
            mine = [row for row in rows if row.get("object") == str(obj.get("id"))]
            if not mine:
                continue
            key = (r.process, obj.get("kind"), obj.get("base"), obj.get("size"),
                   obj.get("site"))
            g = groups.setdefault(key, {"obj": obj, "process": r.process, "parts": []})
            if pictures >= MAX_PICTURES:
                g["parts"].append("<p>heat map of %s left out: more than %d pictures</p>" %
                                  (h(r.name), MAX_PICTURES))
                continue
            pictures += 1
            base = int(obj["base"], 16) if obj.get("base") else mine[0]["addr"]
            touched = [sites[i] for i in obj.get("sites") or [] if i in sites]
            g["parts"].append(
                "<h4>%s &middot; %s</h4><p>heat-map sectors %s, words %s; patterns: %s</p>%s%s" %
                (h(short_name(r.kernel)), h(r.name), h(obj.get("sectors")),
                 h(obj.get("words")), h(", ".join(obj.get("patterns") or []) or "none"),
                 table(["site", "op", "patterns"],
                       [("%s:%s:%s" % (s.get("file"), s.get("line"), s.get("column")),
                         s.get("op"), ", ".join(s.get("patterns") or []))
                        for s in touched]) if touched else "",
                 svg.heatmap_svg(mine, base, "%s in %s: distinct warps per word" %
                                 (describe_object(obj), short_name(r.kernel)))))
    out = []
    for g in groups.values():
        obj = g["obj"]
        size = reports.human_bytes(obj["size"]) if obj.get("size") else "?"
        out.append('<div class="card allocation"><h3>%s</h3><p>%s, %s, base %s, '
                   'process %s</p>%s</div>' %
                   (h(describe_object(obj)), h(obj.get("kind")), h(size),
                    h(obj.get("base") or "-"), h(g["process"]), "".join(g["parts"])))
    return "".join(out) or "<p>no heat maps (heatmap mode writes them)</p>"


def render(loaded, heat, roots, title, band=None):
    sources = Sources(roots)
    found = reports.merge(reports.findings(loaded))
    by_kernel = {}
    for r in loaded:
        by_kernel.setdefault(r.kernel, []).append(r)
    body = [
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">',
        "<title>sectorscope: %s</title><style>%s</style></head><body>" % (h(title), CSS),
        '<div id="script-error"></div>',
        "<header><h1>sectorscope report</h1><p>%s</p></header><main>" % h(title),
        overview(loaded, found),
        '<h2 id="findings">Findings</h2><p>Most costly first. Cost: extra traffic '
        "of the whole launch in bytes, estimated from the counted blocks "
        "(sectors beyond the ideal; for camping, the hottest partition's "
        'excess). <input id="filter" type="search" placeholder="filter findings"> </p>',
        "".join(finding_card(g, sources) for g in found) or "<p>no findings</p>",
        '<h2 id="kernels">Kernels</h2>',
        "".join(kernel_section(k, rs, heat, band) for k, rs in sorted(by_kernel.items())),
        '<h2 id="allocations">Allocations</h2><p>Heat maps of the sampled block: '
        "each 4-byte word coloured by how many distinct warps touched it, 8 "
        "words to a 32-byte sector (cuThermo's reading: one warp per word and "
        "several per sector is false sharing, many warps on few words a hot "
        "spot, touched words far apart a stride).</p>",
        allocation_sections(loaded, heat),
        "</main><script>%s</script></body></html>\n" % SCRIPT,
    ]
    return "\n".join(body)
