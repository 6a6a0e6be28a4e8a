#include "launch_parse.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sim/scenario/parse.hpp"

namespace wt::test {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

std::string trimmed(const std::string& s) {
  const size_t a = s.find_first_not_of(' ');
  return a == std::string::npos ? "" : s.substr(a, s.find_last_not_of(' ') - a + 1);
}

std::string unquoted(const std::string& s) {
  if (s.size() >= 2 && s.front() == '"') return nlohmann::json::parse(s).get<std::string>();
  return s;
}

std::map<std::string, std::string> flag_map(const std::vector<std::string>& words) {
  std::map<std::string, std::string> flags;
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i].rfind("--", 0) != 0) continue;
    const bool has_value = i + 1 < words.size() && words[i + 1].rfind("--", 0) != 0;
    flags[words[i]] = has_value ? words[i + 1] : "";
  }
  return flags;
}

}  // namespace

std::vector<std::string> shell_words(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote) {
      if (c == quote) {
        quote = 0;
      } else {
        word += c;
      }
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == '\\' && i + 1 < line.size() && line[i + 1] == '\n') {
      ++i;
    } else if (c == ' ' || c == '\n' || c == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

std::map<std::string, std::string> megatron_flags(const std::string& sh) {
  std::vector<std::string> words;
  bool inside = false;
  for (const std::string& line : lines_of(sh)) {
    if (line == "MEGATRON_ARGS=(") {
      inside = true;
    } else if (inside && line == ")") {
      inside = false;
    } else if (inside) {
      for (std::string& w : shell_words(line))
        words.push_back(std::move(w));
    }
  }
  return flag_map(words);
}

std::map<std::string, std::string> sbatch_directives(const std::string& text) {
  std::map<std::string, std::string> d;
  for (const std::string& line : lines_of(text)) {
    if (line.rfind("#SBATCH ", 0) != 0) continue;
    const std::string option = line.substr(8);
    const size_t eq = option.find('=');
    d[option.substr(0, eq)] = eq == std::string::npos ? "" : option.substr(eq + 1);
  }
  return d;
}

std::map<std::string, std::string> torchrun_options(const std::string& text) {
  std::string code;  // the text without its comment lines
  for (const std::string& line : lines_of(text)) {
    if (line.rfind('#', 0) != 0) code += line + "\n";
  }
  const std::vector<std::string> words = shell_words(code);
  std::vector<std::string> options;
  bool inside = false;
  for (const std::string& w : words) {
    if (w == "torchrun") {
      inside = true;
      continue;
    }
    if (!inside) continue;
    if (w.rfind("--", 0) != 0 && (options.empty() || options.back().rfind("--", 0) != 0)) break;
    options.push_back(w);
  }
  return flag_map(options);
}

std::vector<std::string> yaml_scalars(const std::string& yaml, const std::string& key) {
  std::vector<std::string> values;
  for (const std::string& line : lines_of(yaml)) {
    const std::string t = trimmed(line);
    if (t.rfind(key + ": ", 0) == 0) values.push_back(unquoted(trimmed(t.substr(key.size() + 2))));
  }
  return values;
}

std::vector<std::string> yaml_list(const std::string& yaml, const std::string& key, size_t n) {
  std::vector<std::string> items;
  size_t seen = 0;
  bool inside = false;
  for (const std::string& line : lines_of(yaml)) {
    const std::string t = trimmed(line);
    if (inside && t.rfind("- ", 0) == 0) {
      items.push_back(unquoted(t.substr(2)));
      continue;
    }
    if (inside) break;
    if (t == key + ":" && seen++ == n) inside = true;
  }
  return items;
}

std::set<std::string> reference_names(const std::string& file) {
  std::ifstream in(std::string(WT_SOURCE_DIR) + "/data/reference/" + file);
  std::set<std::string> names;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.front() != '#') names.insert(line);
  }
  return names;
}

std::vector<Scenario> shipped_scenarios() {
  std::vector<Scenario> scenarios;
  for (const auto& e :
       std::filesystem::directory_iterator(std::string(WT_SOURCE_DIR) + "/scenarios")) {
    if (e.path().extension() == ".json" && e.path().stem().string().rfind("plan-", 0) != 0) {
      scenarios.push_back(shipped_scenario(e.path().stem().string()));
    }
  }
  return scenarios;
}

Scenario shipped_scenario(const std::string& name, const std::vector<std::string>& sets) {
  return load_scenario_file(std::string(WT_SOURCE_DIR) + "/scenarios/" + name + ".json", sets);
}

}  // namespace wt::test
