"""Reads `windtunnel topo --json` output on stdin and checks it is exactly one JSON object with
every key of the contract (docs/cli.md, "topo"). Extra arguments KEY=VALUE check a top-level value
(VALUE read as JSON; numbers compared to 1e-9 relative)."""
import json
import math
import sys

KEYS = [
    "scenario", "topology", "nodes", "gpus", "nics", "nics_per_node", "switches", "cables",
    "vertices", "links", "network_links", "intra_node_links", "link_bandwidth_Gbps",
    "link_latency_us", "bisection_GBps", "bisection_Tbps", "diameter_links", "oversubscription",
    "injection_GBps_per_gpu", "node_fabric", "node_bandwidth_GBps_per_gpu", "node_latency_us",
]


def fail(message):
    print("check_topo_json: " + message, file=sys.stderr)
    sys.exit(1)


def same(got, want):
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        return isinstance(got, (int, float)) and math.isclose(got, want, rel_tol=1e-9)
    return got == want


def main():
    doc = json.load(sys.stdin)  # raises on anything but exactly one JSON document
    if not isinstance(doc, dict):
        fail("not a JSON object")
    if list(doc.keys()) != KEYS:
        fail("keys differ from the contract: %s" % sorted(set(doc) ^ set(KEYS)))
    if doc["links"] != doc["network_links"] + doc["intra_node_links"]:
        fail("links != network_links + intra_node_links")
    if doc["network_links"] != 2 * doc["cables"]:
        fail("network_links != 2 × cables")
    for assignment in sys.argv[1:]:
        key, _, value = assignment.partition("=")
        want = json.loads(value)
        if not same(doc.get(key), want):
            fail("%s is %r, expected %r" % (key, doc.get(key), want))


if __name__ == "__main__":
    main()
