#pragma once
// The per-rank workload as Chakra execution traces (MLCommons Chakra, schema/protobuf/et_def.proto,
// schema version kChakraSchemaVersion; docs/engine.md, "Chakra execution traces"): for each rank
// one file holding a GlobalMetadata message and then one Node per op (a collective called n times
// is n nodes), each message preceded by its length as a varint, as Chakra's own tools write them.
//
//   compute op            COMP_NODE       num_ops (FLOPs), tensor_size (HBM bytes of its kernels)
//   collective            COMM_COLL_NODE  comm_type, comm_size (bytes per call), wt_comm_dim,
//                                         wt_group_size
//   pipeline send / recv  COMM_SEND_NODE / COMM_RECV_NODE  comm_dst / comm_src (global ranks),
//                                         comm_size, comm_tag (the send's ordinal in its program)
// Every node has is_cpu_op false, start_time_micros and duration_micros from the timeline
// (whole microseconds), and data_deps: the previous node of its stream and the ops it waits on in
// other streams (Op::deps). ctrl_deps is left empty.
#include <cstdint>
#include <string>

#include "sim/engine/timeline.hpp"
#include "sim/scenario/scenario.hpp"
#include "sim/workload/program.hpp"

namespace wt {

inline constexpr const char* kChakraSchemaVersion = "0.0.4";

// NodeType and CollectiveCommType of et_def.proto.
enum class ChakraNodeType : int {
  comp = 4,
  comm_send = 5,
  comm_recv = 6,
  comm_coll = 7,
};
enum class ChakraCommType : int {
  all_reduce = 0,
  all_gather = 2,
  broadcast = 5,
  all_to_all = 6,
  reduce_scatter = 7,
};
ChakraCommType chakra_comm_type(Collective c);

// The bytes of `rank`'s .et file. Throws std::logic_error when the timeline does not match.
class ChakraTraces {
 public:
  ChakraTraces(const Scenario& s, const Workload& w, const Timeline& t);
  ~ChakraTraces();
  ChakraTraces(const ChakraTraces&) = delete;
  ChakraTraces& operator=(const ChakraTraces&) = delete;

  std::string rank_file(int rank) const;
  // The total size of every rank's file, from one rank per role (ranks of a role differ only in
  // their peers' rank numbers).
  double estimated_bytes() const;

 private:
  struct Role;
  const Scenario& scenario_;
  const Workload& workload_;
  std::vector<Role> roles_;
};

}  // namespace wt
