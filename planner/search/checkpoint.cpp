#include "planner/search/checkpoint.hpp"

#include <filesystem>
#include <vector>

#include "core/error.hpp"
#include "planner/search/plan_report.hpp"
#include "sim/scenario/json_text.hpp"

namespace wt {

std::string checkpoint_file(const std::string& dir, uint64_t index, uint64_t count) {
  return (std::filesystem::path(dir) /
          ("shard-" + std::to_string(index) + "-of-" + std::to_string(count) + ".json"))
      .string();
}

CheckpointRun run_checkpointed_search(const CandidateSpace& space, SearchOptions options,
                                      const std::string& dir, uint64_t shards,
                                      const SaveFile& save) {
  CheckpointRun run;
  std::vector<nlohmann::json> parts;
  std::vector<std::string> names;
  for (uint64_t i = 0; i < shards; ++i) {
    const std::string path = checkpoint_file(dir, i, shards);
    std::optional<std::string> text = read_text_file(path);
    if (text) {
      ++run.resumed;
    } else {
      options.shard = {i, shards};
      text = shard_json(space.spec(), run_search(space, options), options.shard).dump(2) + "\n";
      save(path, *text);
      ++run.searched;
    }
    // A saved part and a fresh one are read back alike, so a resumed run merges the same values.
    parts.push_back(parse_json_text(*text, path));
    names.push_back(path);
  }
  run.state = merge_shards(space.spec(), parts, names);
  return run;
}

}  // namespace wt
