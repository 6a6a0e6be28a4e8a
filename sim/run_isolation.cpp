#include "sim/run_isolation.hpp"

#include <utility>

#include "sim/engine/simgrid/isolated_run.hpp"

namespace wt {

void set_fork_hooks(ForkHooks hooks) {
  sg::set_fork_hooks({std::move(hooks.before), std::move(hooks.after)});
}

int kill_running_simulations() {
  return sg::kill_isolated_children();
}

}  // namespace wt
