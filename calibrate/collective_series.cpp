#include "calibrate/collective_series.hpp"

#include <set>

namespace wt::calibrate {

CollectiveSeries make_collective_series(const std::string& collective, int group_size,
                                        LinkKind link,
                                        const std::vector<CollectiveSamples>& measured) {
  CollectiveSeries series;
  series.collective = collective;
  series.group_size = group_size;
  series.link = link;
  const double factor = busbw_factor(collective, group_size);
  std::set<double> sizes;
  for (const CollectiveSamples& m : measured) {
    CollectivePoint p;
    p.bytes = m.bytes;
    p.timing = make_timing(m.samples_s);
    p.algbw_GBps = m.bytes / p.timing.median_s / 1e9;
    p.busbw_GBps = p.algbw_GBps * factor;
    series.points.push_back(p);
    sizes.insert(m.bytes);
  }
  if (sizes.size() >= 2) series.fit = fit_alpha_beta(series.points);
  return series;
}

}  // namespace wt::calibrate
