#===- sectorscope_svg.py - Inline SVG pictures for sectorscope-report -----===#
#
# Two pictures, each a string of SVG to put straight into the page: an
# allocation's heat map (cuThermo's reading: each 4-byte word coloured by the
# number of distinct warps of the sampled block that touched it, one
# 32-byte sector = 8 words) and a bar chart (the partition histogram).
#
#===----------------------------------------------------------------------===#
from html import escape

WORDS_PER_SECTOR = 8
SECTORS_PER_ROW = 16
ROW_BYTES = SECTORS_PER_ROW * 32
MAX_ROWS = 128
CELL_W, CELL_H = 5, 9
LEFT, TOP = 92, 34

# Distinct warps -> colour (ColorBrewer YlOrRd); 0 = a word of a touched
# sector that no warp touched.
WARP_CLASSES = [(0, 0, "#dfe4ea"), (1, 1, "#f2c230"), (2, 2, "#f59a23"),
                (3, 4, "#e8601c"), (5, 8, "#c8261b"), (9, 16, "#8c0f26"),
                (17, 32, "#4a0a1f")]


def warp_colour(n):
    for lo, hi, colour in WARP_CLASSES:
        if lo <= n <= hi:
            return colour
    return WARP_CLASSES[-1][2]


def _text(x, y, s, anchor="start", size=11, extra=""):
    return '<text x="%g" y="%g" font-size="%d" text-anchor="%s"%s>%s</text>' % (
        x, y, size, anchor, extra, escape(str(s)))


def heatmap_svg(rows, base, title):
    """rows: the heat-map CSV rows of one allocation (sorted by address);
    base: the allocation's first byte (or the first sector's address)."""
    by_row = {}
    for r in rows:
        by_row.setdefault((r["addr"] - base) // ROW_BYTES, []).append(r)
    shown = sorted(by_row)[:MAX_ROWS]
    width = LEFT + SECTORS_PER_ROW * WORDS_PER_SECTOR * CELL_W + 20
    height = TOP + len(shown) * CELL_H + 84
    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="heat" width="%d" '
           'height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">' %
           (width, height, width, height, escape(title, quote=True)),
           _text(LEFT, 14, title, size=12, extra=' font-weight="bold"')]
    # x axis: byte offset inside a row, one tick per sector
    for s in range(SECTORS_PER_ROW + 1):
        x = LEFT + s * WORDS_PER_SECTOR * CELL_W
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#888"/>' %
                   (x, TOP - 4, x, TOP))
        if s % 2 == 0:
            out.append(_text(x, TOP - 7, s * 32, "middle", 9))
    previous = None
    for i, row in enumerate(shown):
        y = TOP + i * CELL_H
        if previous is not None and row != previous + 1:
            out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#9aa5b1" '
                       'stroke-width="0.6" stroke-dasharray="2,3"/>' %
                       (LEFT - 6, y, width - 20, y))
        previous = row
        if i % 4 == 0 or len(shown) <= 16:
            out.append(_text(LEFT - 4, y + CELL_H - 1, "+0x%x" % (row * ROW_BYTES),
                             "end", 9))
        for r in by_row[row]:
            sector = ((r["addr"] - base) % ROW_BYTES) // 32
            for w, warps in enumerate(r["words"]):
                x = LEFT + (sector * WORDS_PER_SECTOR + w) * CELL_W
                out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s">'
                           '<title>0x%x word %d: %d warp%s</title></rect>' %
                           (x, y, CELL_W, CELL_H - 1, warp_colour(warps),
                            r["addr"] + 4 * w, w, warps, "" if warps == 1 else "s"))
    grid_bottom = TOP + len(shown) * CELL_H
    # sector boundaries, so that a sector's eight words read as one cell
    for s in range(1, SECTORS_PER_ROW):
        x = LEFT + s * WORDS_PER_SECTOR * CELL_W
        out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#fff" '
                   'stroke-width="1.5"/>' % (x, TOP, x, grid_bottom))
    out.append(_text(LEFT + SECTORS_PER_ROW * WORDS_PER_SECTOR * CELL_W / 2,
                     grid_bottom + 16, "byte offset in a %d-byte row "
                     "(8 words per 32-byte sector)" % ROW_BYTES, "middle", 10))
    out.append(_text(12, TOP + len(shown) * CELL_H / 2, "offset from base",
                     "middle", 10, ' transform="rotate(-90 12 %g)"' %
                     (TOP + len(shown) * CELL_H / 2)))
    note = ""
    if len(by_row) > len(shown):
        note = " (first %d of %d rows with data)" % (len(shown), len(by_row))
    out.append(_text(LEFT, grid_bottom + 34, "distinct warps per word" + note +
                     "; dashed line: rows without data skipped", size=10))
    x = LEFT
    for lo, hi, colour in WARP_CLASSES:
        label = "%d" % lo if lo == hi else "%d-%d" % (lo, hi)
        out.append('<rect x="%d" y="%d" width="14" height="12" fill="%s" '
                   'stroke="#777"/>' % (x, grid_bottom + 44, colour))
        out.append(_text(x + 18, grid_bottom + 54, label, size=10))
        x += 58
    out.append("</svg>")
    return "\n".join(out)


def bar_chart_svg(labels, values, title, x_label, y_label, highlight=None):
    """Vertical bars, one per label; `highlight` indexes a bar drawn dark."""
    n = max(1, len(values))
    bar = max(6, min(40, 560 // n))
    left, top, plot_h = 70, 30, 160
    width, height = max(left + n * bar + 30, 60 + 7 * len(title)), 250
    top_value = max(values) if values and max(values) > 0 else 1
    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="bars" width="%d" '
           'height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">' %
           (width, height, width, height, escape(title, quote=True)),
           _text(left, 16, title, size=12, extra=' font-weight="bold"'),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>' %
           (left, top, left, top + plot_h),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#333"/>' %
           (left, top + plot_h, left + n * bar, top + plot_h)]
    for frac in (0, 0.5, 1):
        y = top + plot_h * (1 - frac)
        out.append(_text(left - 4, y + 4, "%d" % round(top_value * frac), "end", 9))
    for i, (label, v) in enumerate(zip(labels, values)):
        h = plot_h * v / top_value
        colour = "#b2182b" if i == highlight else "#4878a8"
        out.append('<rect x="%g" y="%g" width="%g" height="%g" fill="%s">'
                   '<title>%s: %d</title></rect>' %
                   (left + i * bar + 1, top + plot_h - h, bar - 2, h, colour,
                    escape(str(label)), v))
        if n <= 32 or i % (n // 16 + 1) == 0:
            out.append(_text(left + i * bar + bar / 2, top + plot_h + 13, label,
                             "middle", 9))
    out.append(_text(left + n * bar / 2, top + plot_h + 32, x_label, "middle", 10))
    out.append(_text(14, top + plot_h / 2, y_label, "middle", 10,
                     ' transform="rotate(-90 14 %g)"' % (top + plot_h / 2)))
    out.append("</svg>")
    return "\n".join(out)
