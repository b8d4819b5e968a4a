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
  std::string XLabel = "Active warps per SM (occupancy)";
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

/// The first MaxChars characters of UTF-8 text, never cutting one in two.
std::string utf8Prefix(const std::string &S, size_t MaxChars);
size_t utf8Length(const std::string &S);
/// S in at most Max characters, an ellipsis marking a cut.
std::string shorten(const std::string &S, size_t Max);

/// A demangled kernel name without its parameter list ("f<int>(int*)" ->
/// "f<int>"), for titles and legends.
std::string shortKernelName(const std::string &K);

/// "Nice" axis maximum and tick step (1, 2, 5 x 10^k) for data in [0, Max].
std::pair<double, double> niceAxis(double Max, int TargetTicks = 6);

/// Every case's prediction against its measured time, sorted: legible at
/// a hundred cases (one row each, the chart grows with them).
struct ErrorChartRow {
  std::string Name;
  double Measured = 0, Predicted = 0, Lower = 0, Upper = 0;
  bool Inside = true;
};
struct ErrorChart {
  std::string Title, Subtitle;
  std::vector<ErrorChartRow> Rows; ///< Sorted by predicted / measured.
};
ErrorChart errorChartFor(const std::vector<ErrorChartRow> &Rows,
                         const std::string &Title, const std::string &Subtitle);
std::string renderErrorChart(const ErrorChart &C);

std::string renderBandChart(const BandChart &C);
std::string renderBarChart(const BarChart &C);

/// Figure 10: the band of the first result, every launch's application line
/// and its measured points (one line for a launch measured at several
/// occupancies).
BandChart bandChartFor(const std::vector<BandResult> &Results,
                       const std::string &Title);

} // namespace sectorscope::model

#endif
