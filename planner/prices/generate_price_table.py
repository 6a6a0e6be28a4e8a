#!/usr/bin/env python3
"""Writes planner/prices/price_table_data.cpp from data/reference/hardware-and-prices.json.

Each row below names a provider's offering, the catalog GPU it rents, and JSON pointers to the
on-demand and (where offered) spot $/GPU-hour figures in the reference file. The script copies the
figures, their dates and source keys, so the table in the binary is the reference file's, and
tests/planner/prices_test.cpp checks every figure against the file again.

Usage: planner/prices/generate_price_table.py [REFERENCE.json]   (then clang-format the output)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_REFERENCE = os.path.join(HERE, "..", "..", "data", "reference",
                                 "hardware-and-prices.json")
CP = "/cloud_prices"
OTHER = CP + "/other_gpu_clouds_2026-09-09"
RUNPOD_COMMUNITY = CP + "/runpod/snapshot_2026-09-09_community"
RUNPOD_SECURE = CP + "/runpod/skypilot_catalog_secure_undated"
LAMBDA = CP + "/lambda/snapshot_2026-09-09"

# (provider, gpu catalog id, offering, on-demand pointer, spot pointer or None, date or None = the
# figure's own "date", note)
ROWS = [
    ("aws", "a100-sxm4-40gb", "p4d.24xlarge", CP + "/aws/p4d.24xlarge/on_demand_per_gpu", None,
     None, "us-east-1"),
    ("aws", "a100-sxm4-80gb", "p4de.24xlarge", CP + "/aws/p4de.24xlarge/on_demand_per_gpu", None,
     None, "us-east-1"),
    ("aws", "h100-sxm5-80gb", "p5.48xlarge", CP + "/aws/p5.48xlarge/on_demand_per_gpu", None, None,
     "us-east-1"),
    ("aws", "h200-sxm-141gb", "p5en.48xlarge", CP + "/aws/p5en.48xlarge/on_demand_per_gpu", None,
     None, "us-east-1"),
    ("aws", "b200", "p6-b200.48xlarge", CP + "/aws/p6-b200.48xlarge/on_demand_per_gpu", None, None,
     "us-east-1"),
    ("aws", "l40s", "g6e.xlarge", CP + "/aws/g6e.xlarge/on_demand_per_gpu", None, None,
     "us-east-1"),
    ("aws", "l4", "g6.xlarge", CP + "/aws/g6.xlarge/on_demand_per_gpu", None, None, "us-east-1"),
    ("aws", "a10", "g5.xlarge", CP + "/aws/g5.xlarge/on_demand_per_gpu", None, None,
     "us-east-1; A10G, AWS's variant of the A10"),
    ("aws", "t4", "g4dn.xlarge", CP + "/aws/g4dn.xlarge/on_demand_per_gpu", None, None,
     "us-east-1"),
    ("gcp", "a100-sxm4-40gb", "a2-highgpu-1g", CP + "/gcp/a2-highgpu-1g/on_demand",
     CP + "/gcp/a2-highgpu-1g/spot", None, "us-central1"),
    ("gcp", "a100-sxm4-80gb", "a2-ultragpu-1g", CP + "/gcp/a2-ultragpu-1g/on_demand", None, None,
     "us-central1"),
    # A TPU chip-hour is priced like a GPU-hour (a scenario's "GPU" is a chip); only v6e has a
    # price in the reference file (its spot figure is in the row's notes, not a field).
    ("gcp", "tpu-v6e", "TPU v6e (per chip)", CP + "/gcp/tpu_v6e_1", None,
     "undated catalog snapshot",
     "us-central1; per chip-hour"),
    ("azure", "a100-sxm4-40gb", "Standard_ND96asr_v4", CP + "/azure/ND96asr_v4/on_demand_per_gpu",
     CP + "/azure/ND96asr_v4/spot_per_gpu", "undated catalog snapshot", "eastus"),
    ("azure", "a100-sxm4-80gb", "Standard_ND96amsr_A100_v4",
     CP + "/azure/ND96amsr_A100_v4/on_demand_per_gpu", CP + "/azure/ND96amsr_A100_v4/spot_per_gpu",
     "undated catalog snapshot", "eastus"),
    ("azure", "h100-sxm5-80gb", "Standard_ND96isr_H100_v5",
     CP + "/azure/ND96isr_H100_v5/on_demand_per_gpu", None, "undated catalog snapshot", "eastus"),
    ("azure", "t4", "Standard_NC4as_T4_v3", CP + "/azure/NC4as_T4_v3/on_demand_per_gpu",
     CP + "/azure/NC4as_T4_v3/spot_per_gpu", "undated catalog snapshot", "eastus"),
    ("azure", "v100-sxm2-32gb", "Standard_ND40rs_v2", CP + "/azure/ND40rs_v2/on_demand_per_gpu",
     None, "undated catalog snapshot", "eastus"),
    ("azure", "a100-pcie-80gb", "Standard_NC24ads_A100_v4",
     CP + "/azure/NC24ads_A100_v4/on_demand_per_gpu", CP + "/azure/NC24ads_A100_v4/spot_per_gpu",
     None, "eastus"),
    ("lambda", "h100-sxm5-80gb", "H100 SXM", LAMBDA + "/H100_SXM", None, None, ""),
    ("lambda", "h100-pcie-80gb", "H100 PCIe", LAMBDA + "/H100_PCIe", None, None, ""),
    ("lambda", "a100-sxm4-80gb", "8x A100 80GB SXM", LAMBDA + "/A100_80GB_8x_SXM", None, None, ""),
    ("lambda", "a10", "A10", LAMBDA + "/A10", None, None, ""),
    ("lambda", "gh200-96gb", "GH200", LAMBDA + "/GH200", None, None, ""),
    ("runpod", "h100-sxm5-80gb", "H100 SXM (community cloud)", RUNPOD_COMMUNITY + "/H100_SXM",
     None, "2026-09-09", ""),
    ("runpod", "h100-pcie-80gb", "H100 PCIe (community cloud)", RUNPOD_COMMUNITY + "/H100_PCIe",
     None, "2026-09-09", ""),
    ("runpod", "a100-sxm4-80gb", "A100 SXM (community cloud)", RUNPOD_COMMUNITY + "/A100_SXM", None,
     "2026-09-09", ""),
    ("runpod", "a100-pcie-80gb", "A100 PCIe 80GB (community cloud)",
     RUNPOD_COMMUNITY + "/A100_PCIe_80GB", None, "2026-09-09", ""),
    ("runpod", "l40s", "L40S (community cloud)", RUNPOD_COMMUNITY + "/L40S", None, "2026-09-09", ""),
    ("runpod", "l4", "L4 (community cloud)", RUNPOD_COMMUNITY + "/L4", None, "2026-09-09", ""),
    ("runpod", "h200-sxm-141gb", "H200 SXM (secure cloud)", RUNPOD_SECURE + "/H200_SXM/value/on_demand",
     RUNPOD_SECURE + "/H200_SXM/value/spot", "undated catalog snapshot", ""),
    ("verda", "h100-sxm5-80gb", "H100 SXM5", OTHER + "/Verda_ex_DataCrunch/value/H100_SXM5/0",
     OTHER + "/Verda_ex_DataCrunch/value/H100_SXM5/1", "2026-09-09", "formerly DataCrunch"),
    ("verda", "a100-sxm4-80gb", "A100 80GB", OTHER + "/Verda_ex_DataCrunch/value/A100_80GB/0",
     OTHER + "/Verda_ex_DataCrunch/value/A100_80GB/1", "2026-09-09", "formerly DataCrunch"),
    ("verda", "a100-sxm4-40gb", "A100 40GB", OTHER + "/Verda_ex_DataCrunch/value/A100_40GB/0",
     OTHER + "/Verda_ex_DataCrunch/value/A100_40GB/1", "2026-09-09", "formerly DataCrunch"),
    ("verda", "l40s", "L40S", OTHER + "/Verda_ex_DataCrunch/value/L40S/0",
     OTHER + "/Verda_ex_DataCrunch/value/L40S/1", "2026-09-09", "formerly DataCrunch"),
    ("together", "h100-sxm5-80gb", "H100", OTHER + "/Together_AI/value/H100_on_demand",
     OTHER + "/Together_AI/value/H100_preemptible", "2026-09-09", "spot = preemptible"),
    ("crusoe", "h100-sxm5-80gb", "H100 HGX", OTHER + "/Crusoe/value/H100_HGX", None, "2026-09-09",
     ""),
    ("crusoe", "a100-sxm4-80gb", "A100 80GB SXM", OTHER + "/Crusoe/value/A100_80GB_SXM", None,
     "2026-09-09", ""),
    ("crusoe", "l40s", "L40S", OTHER + "/Crusoe/value/L40S", None, "2026-09-09", ""),
]

# Where the figure's source key lives when the leaf has none.
SOURCE_FALLBACK = {OTHER: "DS436_RENT", RUNPOD_SECURE: "SKY_RUNPOD"}


def resolve(doc, pointer):
    node = doc
    for part in pointer.strip("/").split("/"):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def figure(doc, pointer):
    """(value, date, source) of the entry at pointer: a {"value", "date", "source"} object or a
    bare number inside one."""
    node = resolve(doc, pointer)
    if isinstance(node, dict):
        return float(node["value"]), node.get("date", ""), node.get("source", ""), pointer + "/value"
    parent = pointer.rsplit("/", 1)[0]
    source = ""
    while parent and not source:
        entry = resolve(doc, parent) if parent else doc
        if isinstance(entry, dict):
            source = entry.get("source", "") if isinstance(entry.get("source", ""), str) else ""
        source = source or SOURCE_FALLBACK.get(parent, "")
        parent = parent.rsplit("/", 1)[0]
    return float(node), "", source, pointer


def cpp_string(text):
    return json.dumps(text, ensure_ascii=False)


def main():
    reference = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_REFERENCE
    with open(reference, encoding="utf-8") as f:
        doc = json.load(f)
    lines = []
    for provider, gpu, offering, od, spot, date, note in ROWS:
        od_value, od_date, source, od_path = figure(doc, od)
        spot_value, spot_path = 0.0, ""
        if spot:
            spot_value, _, _, spot_path = figure(doc, spot)
        lines.append("    {%s, %s, %s, %r, %r, %s, %s, %s, %s, %s}," % (
            cpp_string(provider), cpp_string(gpu), cpp_string(offering), od_value, spot_value,
            cpp_string(date or od_date), cpp_string(source), cpp_string(od_path),
            cpp_string(spot_path), cpp_string(note)))
    out = os.path.join(HERE, "price_table_data.cpp")
    with open(out, "w", encoding="utf-8") as f:
        f.write("// Generated by planner/prices/generate_price_table.py from\n"
                "// data/reference/hardware-and-prices.json: do not edit by hand.\n"
                "#include \"planner/prices/prices.hpp\"\n\n"
                "namespace wt {\n\n"
                "const std::vector<GpuPrice>& builtin_prices() {\n"
                "  static const std::vector<GpuPrice> kPrices = {\n")
        f.write("\n".join(lines) + "\n")
        f.write("  };\n  return kPrices;\n}\n\n}  // namespace wt\n")
    print("wrote", out, "with", len(lines), "rows")


if __name__ == "__main__":
    main()
