"""check_trace.py FILE NUM_GPUS: FILE is Chrome trace event JSON with one process per GPU, complete
events in the documented categories, non-negative microsecond times, and no two events of one
thread overlapping (trace viewers cannot draw that)."""
import collections
import json
import sys

CATEGORIES = {"compute", "tp", "pp", "dp", "cp", "ep", "optimizer", "bubble"}


def fail(message):
    print("check_trace: " + message, file=sys.stderr)
    sys.exit(1)


def main():
    path, num_gpus = sys.argv[1], int(sys.argv[2])
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("displayTimeUnit") != "ms":
        fail("displayTimeUnit is not ms")
    events = doc["traceEvents"]
    names = {e["pid"]: e["args"]["name"] for e in events if e.get("name") == "process_name"}
    if sorted(names) != list(range(num_gpus)):
        fail("process ids are %s, expected 0..%d" % (sorted(names)[:8], num_gpus - 1))
    spans = [e for e in events if e["ph"] == "X"]
    if not spans:
        fail("no complete events")
    for e in spans:
        if e["cat"] not in CATEGORIES:
            fail("unknown category " + e["cat"])
        if e["ts"] < 0 or e["dur"] <= 0:
            fail("bad time in " + json.dumps(e))
    if {e["pid"] for e in spans} != set(range(num_gpus)):
        fail("some GPU has no events")
    if not any(e["cat"] == "compute" for e in spans):
        fail("no compute events")
    tracks = collections.defaultdict(list)
    for e in spans:
        tracks[(e["pid"], e["tid"])].append(e)
    for track in tracks.values():
        track.sort(key=lambda e: e["ts"])
        for a, b in zip(track, track[1:]):
            if b["ts"] < a["ts"] + a["dur"] - 0.002:  # ts and dur are rounded to 1 ns
                fail("overlapping events: %s and %s" % (json.dumps(a), json.dumps(b)))


main()
