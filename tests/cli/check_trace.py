"""check_trace.py FILE NUM_GPUS: FILE (gzip-compressed when it ends in .gz; "-" for stdin) is Chrome
trace event JSON with one process per GPU, complete events in the documented categories,
non-negative microsecond times, no two events of one thread overlapping, to the nanosecond (trace
viewers cannot draw that), and every flow start ("s") matched by one finish ("f"), both inside a
complete event of their thread."""
import bisect
import collections
import gzip
import json
import sys

CATEGORIES = {"compute", "tp", "pp", "dp", "cp", "ep", "optimizer", "bubble"}


def fail(message):
    print("check_trace: " + message, file=sys.stderr)
    sys.exit(1)


def main():
    path, num_gpus = sys.argv[1], int(sys.argv[2])
    if path == "-":
        doc = json.load(sys.stdin)
    else:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as f:
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
    ns = lambda us: round(us * 1000)  # times are written to the nanosecond
    starts = {}
    for key, track in tracks.items():
        track.sort(key=lambda e: ns(e["ts"]))
        for a, b in zip(track, track[1:]):
            if ns(b["ts"]) < ns(a["ts"]) + ns(a["dur"]):
                fail("overlapping events: %s and %s" % (json.dumps(a), json.dumps(b)))
        starts[key] = [ns(e["ts"]) for e in track]
    flows = collections.defaultdict(dict)
    for e in events:
        if e["ph"] in ("s", "f"):
            if e["ph"] in flows[e["id"]]:
                fail("flow id %s repeated" % e["id"])
            flows[e["id"]][e["ph"]] = e
            key, t = (e["pid"], e["tid"]), ns(e["ts"])
            i = bisect.bisect_right(starts.get(key, []), t) - 1
            if e.get("bp") != "e" or i < 0 or t >= ns(tracks[key][i]["ts"]) + ns(tracks[key][i]["dur"]):
                fail("flow event bound to no slice: " + json.dumps(e))
    for ends in flows.values():
        if set(ends) != {"s", "f"}:
            fail("flow without both ends: " + json.dumps(ends))


main()
