#pragma once
// Resumable plans: the search split into `shards` parts run one after another; each finished part
// is saved as DIR/shard-I-of-N.json (the --shard format), and a part whose file is already there is
// read instead of searched. An interrupted plan run again with the same folder continues from its
// finished parts; the merged answer is the one an uninterrupted search gives.
#include <cstdint>
#include <functional>
#include <string>

#include "planner/search/search.hpp"

namespace wt {

// Writes a file completely or not at all (the caller's atomic writer).
using SaveFile = std::function<void(const std::string& path, const std::string& text)>;

struct CheckpointRun {
  SearchState state;
  uint64_t resumed = 0;   // parts read from the folder
  uint64_t searched = 0;  // parts searched now
};

std::string checkpoint_file(const std::string& dir, uint64_t index, uint64_t count);

CheckpointRun run_checkpointed_search(const CandidateSpace& space, SearchOptions options,
                                      const std::string& dir, uint64_t shards,
                                      const SaveFile& save);

}  // namespace wt
