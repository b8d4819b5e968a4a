#!/usr/bin/env python3
"""validate-sarif.py SCHEMA FILE.sarif: checks a SARIF log against the OASIS
2.1.0 schema and what code-scanning services need beyond it: every
artifact URI percent-encoded, base URIs absolute file URIs ending in '/',
informationUri and helpUri absolute, and every artifact resolving (against
its uriBaseId) to an existing file. Prints one line per result location,
`<ruleId> <resolved path>:<line>`, then `valid`."""
import json
import os
import re
import sys
import urllib.parse

import jsonschema

ENCODED = re.compile(r"^(?:[A-Za-z0-9\-._~/:]|%[0-9A-F]{2})*$")


def fail(msg):
    print("invalid: " + msg)
    sys.exit(1)


def check_uri(uri, what):
    if not ENCODED.match(uri):
        fail(f"{what} '{uri}' is not percent-encoded")


def check_absolute(uri, what):
    check_uri(uri.split("#", 1)[0], what)
    check_uri(uri.split("#", 1)[-1], what + " fragment")
    if not urllib.parse.urlsplit(uri).scheme:
        fail(f"{what} '{uri}' is not an absolute URI")


def resolve(artifact, bases):
    uri = artifact["uri"]
    check_uri(uri, "artifactLocation.uri")
    if "uriBaseId" in artifact:
        if urllib.parse.urlsplit(uri).scheme or uri.startswith("/"):
            fail(f"'{uri}' has a uriBaseId but is not relative")
        uri = urllib.parse.urljoin(bases[artifact["uriBaseId"]], uri)
    parts = urllib.parse.urlsplit(uri)
    if parts.scheme != "file":
        fail(f"'{uri}' resolves to no file URI")
    path = urllib.parse.unquote(parts.path)
    if not os.path.exists(path):
        fail(f"'{uri}' names no existing file ({path})")
    return path


def main():
    schema = json.load(open(sys.argv[1]))
    log = json.load(open(sys.argv[2]))
    jsonschema.Draft4Validator(
        schema, format_checker=jsonschema.FormatChecker()).validate(log)
    for run in log["runs"]:
        driver = run["tool"]["driver"]
        if "informationUri" in driver:
            check_absolute(driver["informationUri"], "informationUri")
        for rule in driver.get("rules", []):
            if "helpUri" in rule:
                check_absolute(rule["helpUri"], "helpUri")
        bases = {}
        for name, base in run.get("originalUriBaseIds", {}).items():
            uri = base["uri"]
            check_absolute(uri, "originalUriBaseIds." + name)
            if not uri.startswith("file:///") or not uri.endswith("/"):
                fail(f"base '{uri}' is not a file:/// URI ending in '/'")
            bases[name] = uri
        for result in run["results"]:
            locs = result["locations"] + result.get("relatedLocations", [])
            for loc in locs:
                phys = loc["physicalLocation"]
                path = resolve(phys["artifactLocation"], bases)
                line = phys.get("region", {}).get("startLine", 0)
                print(f"{result['ruleId']} {path}:{line}")
    print("valid")


main()
