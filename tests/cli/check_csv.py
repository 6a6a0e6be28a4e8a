#!/usr/bin/env python3
"""check_csv.py KIND FILE.csv FILE.json: the --csv table of `sweep`, `plan` or `validate` (KIND) is
RFC 4180 (python's csv reader, CRLF line ends, a header) and carries the figures of the --json
document exactly: every number parses back to the same double, every label (commas and all) to the
same text."""
import csv
import json
import sys

kind, csv_path, json_path = sys.argv[1:4]
raw = open(csv_path, "rb").read()
if not raw.endswith(b"\r\n") or raw.count(b"\r\n") < 2:
    sys.exit("check_csv: lines must end in CRLF, with a header and a row")
with open(csv_path, newline="", encoding="utf-8") as f:
    rows = list(csv.DictReader(f))
doc = json.load(open(json_path))


def same(cell, value, what):
    if value is None:
        ok = cell == ""
    elif isinstance(value, bool):
        ok = cell == ("true" if value else "false")
    elif isinstance(value, (int, float)):
        ok = float(cell) == float(value)
    else:
        ok = cell == str(value)
    if not ok:
        sys.exit("check_csv: %s is %r in the CSV, %r in the JSON" % (what, cell, value))


checked = 0
if kind == "validate":
    assert len(rows) == len(doc["rows"]), (len(rows), len(doc["rows"]))
    commas = 0
    for row, entry in zip(rows, doc["rows"]):
        for key in ("id", "label", "metric", "published", "error_class", "expressed"):
            same(row[key], entry[key], "row %s %s" % (entry["id"], key))
        if entry["expressed"]:
            same(row["predicted"], entry["predicted"], "row %s predicted" % entry["id"])
            same(row["error_percent"], 100.0 * entry["error"], "row %s error_percent" % entry["id"])
            same(row["memory_verdict"], entry["memory_verdict"], "row %s verdict" % entry["id"])
        commas += "," in entry["label"]
        checked += 1
    if commas == 0:
        sys.exit("check_csv: no label with a comma: the quoting is not exercised")
elif kind == "sweep":
    assert len(rows) == len(doc["points"])
    for i, (row, p) in enumerate(zip(rows, doc["points"])):
        same(row["point"], i, "point")
        for path, value in p["values"].items():
            same(row[path], value, "point %d %s" % (i, path))
        same(row["ok"], p["ok"], "point %d ok" % i)
        same(row["reference"], i == doc["reference_point"], "point %d reference" % i)
        for key in ("num_gpus", "iteration_time_s", "tokens_per_s", "tokens_per_s_per_gpu",
                    "speedup", "scaling_efficiency", "mfu", "fits_in_memory",
                    "memory_per_gpu_bytes", "time_to_train_s", "cost_usd"):
            same(row[key], p.get(key), "point %d %s" % (i, key))
        if p["ok"]:
            same(row["memory_verdict"], p["result"]["memory_verdict"], "point %d verdict" % i)
        checked += 1
elif kind == "plan":
    tables = {"pareto": doc["pareto"], "right_sizing": doc["right_sizing"],
              "refined": doc["refined"], "ranked": doc["ranked"]}
    want = sum(len(v) for v in tables.values())
    assert len(rows) == want, (len(rows), want)
    seen = {}
    for row in rows:
        n = seen.get(row["table"], 0)
        seen[row["table"]] = n + 1
        c = tables[row["table"]][n]
        same(row["rank"], n + 1, "rank")
        for key in ("gpu", "num_gpus", "num_nodes", "layout", "expected_days", "cost_usd",
                    "gpu_hours", "iteration_time_s", "tokens_per_s", "mfu", "memory_per_gpu_bytes",
                    "memory_verdict", "meets_deadline", "within_budget", "price", "index", "why"):
            same(row[key], c[key], "%s %d %s" % (row["table"], n + 1, key))
        r = c["iteration_time_s_range"]
        same(row["iteration_time_low_s"], r[0] if r else None, "low")
        same(row["iteration_time_high_s"], r[1] if r else None, "high")
        checked += 1
else:
    sys.exit("check_csv: unknown kind " + kind)
print("check_csv: %d rows ok" % checked)
