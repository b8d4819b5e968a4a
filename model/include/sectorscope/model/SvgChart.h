//===- SvgChart.h - Hand-written SVG charts ---------------------*- C++ -*-===//
//
// Two charts: CampProf's Figure 10 (a shaded best/worst band against active
// warps per SM, application lines, measured points, legend) and a grouped bar
// chart for actual vs estimated throughput (the GT200 paper's Table 1). Plain
// SVG 1.1 text, no scripts or external fonts, so any browser shows it.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_SVGCHART_H
#define SECTORSCOPE_MODEL_SVGCHART_H

#include "sectorscope/model/Band.h"

#include <string>
#include <utility>
#include <vector>

namespace sectorscope::model {

using XY = std::pair<double, double>;

struct ChartLine {
  std::string Label;
  std::vector<XY> Pts;
  std::string Color;
  bool Dashed = false;
};

struct ChartMarker {
  std::string Label;
  double X = 0, Y = 0;
  std::string Color;
};

struct BandChart {
  std::string Title, Subtitle;
  std::string XLabel = "Active warps per SM";
  std::string YLabel = "Execution time (ms)";
  std::vector<XY> Lower, Upper; ///< The band; drawn shaded between.
  std::string BandLabel = "Camping band";
  std::vector<ChartLine> Lines;
  std::vector<ChartMarker> Markers;
  bool LogY = false; ///< Logarithmic time axis (whole decades).
};

struct BarChart {
  std::string Title, Subtitle, YLabel;
  std::vector<std::string> Categories;
  std::vector<std::string> SeriesLabels;
  std::vector<std::vector<double>> Values; ///< [series][category]
  std::vector<std::string> Colors;
  std::vector<std::string> Annotations; ///< Per category, above the bars.
};

std::string xmlEscape(const std::string &S);

/// A demangled kernel name without its parameter list ("f<int>(int*)" ->
/// "f<int>"), for titles and legends.
std::string shortKernelName(const std::string &K);

/// "Nice" axis maximum and tick step (1, 2, 5 x 10^k) for data in [0, Max].
std::pair<double, double> niceAxis(double Max, int TargetTicks = 6);

std::string renderBandChart(const BandChart &C);
std::string renderBarChart(const BarChart &C);

/// Figure 10: the band of the first result, every result's application line
/// and measured point.
BandChart bandChartFor(const std::vector<BandResult> &Results,
                       const std::string &Title);

} // namespace sectorscope::model

#endif
