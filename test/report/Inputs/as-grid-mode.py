"""A heat-map launch report as grid mode would have written it: no heat
map, so every site that takes too many sectors per request is
`uncoalesced` with `regular: null`."""
import json
import sys

report = json.load(sys.stdin)
report["mode"] = "grid"
for site in report.get("sites") or []:
    if (site.get("sectors_per_request") or 0) >= 2 * (site.get("ideal_sectors_per_request") or 0):
        site["patterns"] = ["uncoalesced"]
        site["evidence"] = {"uncoalesced": {"regular": None}}
json.dump(report, sys.stdout, indent=1)
