#include <array>
#include <cstdio>

#include "planner/sweep/sweep_report.hpp"
#include "sim/report/headline.hpp"
#include "sim/report/summary_text.hpp"
#include "sim/report/text_table.hpp"

namespace wt {
namespace {

std::string fixed(double v, int decimals, const char* suffix) {
  std::array<char, 32> buf{};
  std::snprintf(buf.data(), buf.size(), "%.*f%s", decimals, v, suffix);
  return buf.data();
}

}  // namespace

std::string rate_unit(const SweepResult& sweep) {
  for (const SweepPoint& p : sweep.points) {
    if (p.ran) return p.result.samples_not_tokens ? "samples/s" : "tokens/s";
  }
  return "tokens/s";
}

std::vector<std::string> axis_headers(const std::vector<SweepAxis>& axes) {
  std::vector<std::string> names;
  for (const SweepAxis& a : axes)
    names.push_back(a.path.substr(a.path.rfind('.') + 1));
  for (size_t i = 0; i < names.size(); ++i) {
    for (size_t j = 0; j < names.size(); ++j) {
      if (i != j && names[i] == axes[j].path.substr(axes[j].path.rfind('.') + 1)) {
        names[i] = axes[i].path;
      }
    }
  }
  return names;
}

namespace {

// Invalid points say why below the table ("[2] ..."): their reasons are long.
std::string note(const SweepPoint& p, size_t index) {
  if (!p.ran) return "invalid [" + std::to_string(index + 1) + "]";
  if (!p.result.fits_in_memory) {
    return "does not fit: needs " +
           format_bytes(p.result.memory_per_gpu_bytes.total -
                        p.result.memory_per_gpu_bytes.capacity) +
           " more per GPU";
  }
  return "";
}

std::vector<std::string> row(const SweepResult& sweep, size_t index) {
  const SweepPoint& p = sweep.points[index];
  std::vector<std::string> cells = p.values;
  if (!p.ran) {
    cells.resize(cells.size() + 10);
    cells.push_back(note(p, index));
    return cells;
  }
  const RunResult& r = p.result;
  const bool reference = static_cast<int>(index) == sweep.reference;
  cells.insert(cells.end(),
               {with_thousands(r.num_gpus), format_duration(r.iteration_time_s),
                format_count(r.tokens_per_s), format_count(p.tokens_per_s_per_gpu),
                fixed(p.speedup, 2, "×"), fixed(100.0 * p.scaling_efficiency, 1, "%"),
                fixed(100.0 * r.mfu, 1, "%"), format_bytes(r.memory_per_gpu_bytes.total),
                r.memory_verdict == MemoryVerdict::tight ? "tight"
                : r.fits_in_memory                       ? "yes"
                                                         : "no",
                r.time_to_train_s > 0.0 ? format_duration(r.time_to_train_s) : "-"});
  const std::string n = note(p, index);
  cells.push_back(reference ? (n.empty() ? "reference" : "reference; " + n) : n);
  return cells;
}

std::string heading(const SweepResult& sweep) {
  std::string axes;
  for (const SweepAxis& a : sweep.axes) {
    std::string values;
    for (const std::string& v : a.values)
      values += (values.empty() ? "" : ", ") + v;
    axes += (axes.empty() ? "" : " × ") + a.path + " = " + values;
  }
  return sweep.model + " (" + sweep.scenario + ") · sweep of " + axes + "\n";
}

std::string footer(const SweepResult& sweep) {
  std::string out;
  for (size_t i = 0; i < sweep.points.size(); ++i) {
    if (sweep.points[i].ran) continue;
    out += "[" + std::to_string(i + 1) + "] " + point_label(sweep, i) + ": " +
           sweep.points[i].error + "\n";
  }
  if (sweep.reference >= 0) {
    const SweepPoint& ref = sweep.points[static_cast<size_t>(sweep.reference)];
    out += "speedup and efficiency are against the reference point (" +
           with_thousands(ref.result.num_gpus) + " GPUs): efficiency = " + rate_unit(sweep) +
           " per GPU / reference " + rate_unit(sweep) + " per GPU\n";
  } else {
    out += "no point ran: nothing to compare\n";
  }
  if (sweep.data_parallel_derived) {
    out += "parallel.data follows the GPU count (the file's value was dropped for the sweep)\n";
  }
  return out;
}

}  // namespace

std::string sweep_table(const SweepResult& sweep) {
  std::vector<TableColumn> columns;
  for (const std::string& h : axis_headers(sweep.axes))
    columns.push_back({h, Align::right});
  const std::vector<std::string> figures = {
      "GPUs", "iteration", rate_unit(sweep), "per GPU", "speedup", "efficiency", "MFU", "memory"};
  for (const std::string& h : figures) {
    columns.push_back({h, Align::right});
  }
  columns.push_back({"fits", Align::left});
  columns.push_back({"to train", Align::right});
  columns.push_back({"note", Align::left});
  TextTable table(columns);
  for (size_t i = 0; i < sweep.points.size(); ++i)
    table.add_row(row(sweep, i));
  return heading(sweep) + table.str() + footer(sweep);
}

std::string point_label(const SweepResult& sweep, size_t index) {
  const std::vector<std::string> headers = axis_headers(sweep.axes);
  std::string label;
  for (size_t a = 0; a < headers.size(); ++a) {
    label += (a ? " · " : "") + headers[a] + "=" + sweep.points[index].values[a];
  }
  return label;
}

}  // namespace wt
