#pragma once
// The push and pull of parameter servers as flows (docs/engine.md, "Parameter servers"): per
// bucket call, after the node's own reduction, every worker node sends each server node its shard
// of the gradients (G / S) and receives the shard's weights back, split evenly over the nodes'
// GPUs (GPU j of the worker to GPU j of the server, so every NIC of a node carries its share). A
// server on the worker's own node (colocated) needs no network flow. Push and pull run
// concurrently, as BytePS pipelines them in chunks; the phase sleeps the call overhead and one
// route latency (the flows carry the other) per call, plus what the node's closed-form reduction
// takes beyond the network part when it is the longer of the two (sim/comm/parameter_server.hpp).
#include "sim/comm/parameter_server.hpp"
#include "sim/engine/simgrid/flow_plan.hpp"

namespace wt::sg {

// `bytes`: one call's gradient bucket per worker node; `count` identical calls. `aggregate`: one
// phase carrying all calls' bytes (reduction B); else one phase per call. `only_worker` >= 0: the
// flows of that worker node alone (async, where every worker pushes and pulls on its own).
CommWork ps_push_pull_work(double bytes, int count, const PsHosts& hosts, int gpus_per_node,
                           const Fabric& fabric, RouteLatency& latency, bool aggregate,
                           int64_t only_worker = -1);

}  // namespace wt::sg
