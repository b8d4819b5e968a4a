"""Checks SVG charts: well-formed XML, every text and shape inside the
viewBox, no two text labels drawn on the same spot. Prints one line per file."""
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
status = 0
for path in sys.argv[1:]:
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        print("%s: malformed: %s" % (path, e))
        status = 1
        continue
    _, _, w, h = (float(v) for v in root.get("viewBox").split())
    problems = []
    spots = set()
    for el in root.iter():
        tag = el.tag.replace(NS, "")
        if tag == "text" and not el.get("transform"):
            x, y = float(el.get("x")), float(el.get("y"))
            if not (0 <= x <= w and 0 <= y <= h):
                problems.append("text %r at %g,%g outside %gx%g" % (el.text, x, y, w, h))
            spot = (round(x), round(y))
            if spot in spots:
                problems.append("two labels at %g,%g (%r)" % (x, y, el.text))
            spots.add(spot)
        if tag == "rect":
            x, y = float(el.get("x")), float(el.get("y"))
            if x + float(el.get("width")) > w + 0.5 or y + float(el.get("height")) > h + 0.5:
                problems.append("rect at %g,%g past the viewBox" % (x, y))
    for p in problems:
        print("%s: %s" % (path, p))
    status |= bool(problems)
    print("%s: ok %d texts" % (re.sub(r".*/", "", path), len(spots)) if not problems else "")
sys.exit(status)
