#pragma once
// Errors that end an operation. Bad input is an InputError naming where (a JSON path or a
// command-line flag), what was found and what is allowed; the CLI maps it to exit code 2.
#include <stdexcept>
#include <string>

namespace wt {

class InputError : public std::runtime_error {
 public:
  InputError(std::string path, std::string problem, std::string value = {},
             std::string allowed = {})
      : std::runtime_error(format(path, problem, value, allowed)),
        path_(std::move(path)),
        problem_(std::move(problem)),
        value_(std::move(value)),
        allowed_(std::move(allowed)) {}

  const std::string& path() const { return path_; }
  const std::string& problem() const { return problem_; }
  const std::string& value() const { return value_; }
  const std::string& allowed() const { return allowed_; }

 private:
  static std::string format(const std::string& path, const std::string& problem,
                            const std::string& value, const std::string& allowed) {
    std::string s = path.empty() ? problem : path + ": " + problem;
    if (!value.empty()) s += " (got " + value + ")";
    if (!allowed.empty()) s += "; allowed: " + allowed;
    return s;
  }
  std::string path_, problem_, value_, allowed_;
};

// A scenario that is well-formed but cannot run as asked (e.g. it does not fit in memory) is not an
// error: it is reported in the result with fits_in_memory=false and exit code 3.

}  // namespace wt
