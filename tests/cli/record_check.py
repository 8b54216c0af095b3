#!/usr/bin/env python3
"""The build record of a folder against the folder itself.

    record_check.py [--killed] DIR

Every regular file under DIR but the record (manifest/build.json) is
listed in it (files or earlier_files), with its size and SHA-256 as on
disk, and the record lists nothing that is not there; no staging folder
or temporary file (a dot name) is left (--killed: a build was killed, its
staging folder may stay for the next build to finish or remove).  Prints the files' relative paths,
sorted, one a line; exit 1 with the differences on stderr."""
import hashlib
import json
import os
import sys

killed = sys.argv[1] == "--killed"
d = sys.argv[-1]
rec = json.load(open(os.path.join(d, "manifest", "build.json")))
listed = {e["path"]: e for e in rec["files"] + rec.get("earlier_files", [])}
present, dots = set(), []
for root, dirs, files in os.walk(d):
    for n in dirs + files:
        if n.startswith(".") and not (killed and root == d and n.startswith(".tilepress-stage.")):
            dots.append(os.path.relpath(os.path.join(root, n), d))
    dirs[:] = [n for n in dirs if not n.startswith(".")]
    for n in files:
        if not n.startswith("."):
            present.add(os.path.relpath(os.path.join(root, n), d))
present.discard("manifest/build.json")
bad = []
if dots:
    bad.append("left behind: %s" % sorted(dots))
if present - set(listed):
    bad.append("not in the record: %s" % sorted(present - set(listed)))
if set(listed) - present:
    bad.append("in the record, not in the folder: %s" % sorted(set(listed) - present))
for p in sorted(present & set(listed)):
    data = open(os.path.join(d, p), "rb").read()
    if len(data) != listed[p]["bytes"] or hashlib.sha256(data).hexdigest() != listed[p]["sha256"]:
        bad.append("%s: %d bytes, not as recorded" % (p, len(data)))
if bad:
    sys.exit("; ".join(bad))
print("\n".join(sorted(present)))
