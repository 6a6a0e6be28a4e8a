"""validate --emit-scenarios keeps one file per expressed row, also for rows sharing an id.

Usage: check_emit_scenarios.py WINDTUNNEL DATASET OUT_DIR
"""
import json
import os
import shutil
import subprocess
import sys

wt, dataset, out = sys.argv[1:4]
rows = [r for r in json.load(open(dataset)) if r["id"] in (1, 108)]
no_id = [dict(r, id=None) for r in rows]
path = os.path.join(out, "emit-twice.json")
json.dump(rows + rows + no_id, open(path, "w"))
emit = os.path.join(out, "emit")
shutil.rmtree(emit, ignore_errors=True)
run = subprocess.run([wt, "validate", path, "--emit-scenarios", emit],
                     capture_output=True, text=True, check=True)
assert run.stderr.startswith("6 scenarios written"), run.stderr
names = sorted(os.listdir(emit))
assert names == ["row-0-2.json", "row-0.json", "row-1-2.json", "row-1.json",
                 "row-108-2.json", "row-108.json"], names
