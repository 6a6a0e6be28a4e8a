#include "sim/workload/program.hpp"

namespace wt {

const char* to_string(Phase p) {
  switch (p) {
    case Phase::forward:
      return "forward";
    case Phase::backward:
      return "backward";
    case Phase::recompute:
      return "recompute";
    case Phase::grad_sync:
      return "grad_sync";
    case Phase::param_gather:
      return "param_gather";
    case Phase::optimizer:
      return "optimizer";
  }
  return "?";
}

const char* to_string(CommDim d) {
  switch (d) {
    case CommDim::none:
      return "none";
    case CommDim::tp:
      return "tp";
    case CommDim::pp:
      return "pp";
    case CommDim::dp:
      return "dp";
    case CommDim::cp:
      return "cp";
    case CommDim::ep:
      return "ep";
    case CommDim::edp:
      return "edp";
  }
  return "?";
}

}  // namespace wt
