"""Reads `windtunnel catalog --json` on stdin: the GPU ids given as arguments are all there, every
figure has a source, and the model presets are listed."""
import json
import sys

doc = json.load(sys.stdin)
ids = {g["id"] for g in doc["gpus"]}
missing = set(sys.argv[1:]) - ids
if missing:
    sys.exit("check_catalog_json: missing GPUs: " + ", ".join(sorted(missing)))
for g in doc["gpus"]:
    figures = dict(g["peak_tflops"])
    figures.update({k: v for k, v in g.items() if isinstance(v, dict) and "value" in v})
    for key, value in figures.items():
        if not value.get("source"):
            sys.exit("check_catalog_json: %s.%s has no source" % (g["id"], key))
if not any(m["name"] == "gpt3-175b" for m in doc["models"]):
    sys.exit("check_catalog_json: model presets missing")
