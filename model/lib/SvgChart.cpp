//===- SvgChart.cpp - Hand-written SVG charts -----------------------------===//
#include "sectorscope/model/SvgChart.h"
#include "sectorscope/model/Error.h"
#include "sectorscope/model/TextTable.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sectorscope::model {

std::string xmlEscape(const std::string &S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&apos;";
      break;
    default:
      // Control characters are not allowed in XML 1.0 text.
      if ((unsigned char)C >= 0x20 || C == '\t' || C == '\n')
        Out += C;
    }
  }
  return Out;
}

std::pair<double, double> niceAxis(double Max, int TargetTicks) {
  if (!(Max > 0) || !std::isfinite(Max))
    return {1, 0.2};
  double Raw = Max / TargetTicks;
  double Mag = std::pow(10, std::floor(std::log10(Raw)));
  double Step = Mag;
  for (double M : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (M * Mag >= Raw) {
      Step = M * Mag;
      break;
    }
  return {std::ceil(Max / Step - 1e-9) * Step, Step};
}

static std::string num(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.2f", V);
  return Buf;
}

/// Tick labels: as few digits as the step needs.
static std::string tickLabel(double V, double Step) {
  int Digits = Step >= 1 ? 0 : (int)std::ceil(-std::log10(Step) - 1e-9);
  if (std::abs(Step * std::pow(10, Digits) -
               std::round(Step * std::pow(10, Digits))) > 1e-6)
    ++Digits; // 2.5-style steps need one more digit.
  return fmtFixed(V, std::min(Digits, 9));
}

std::string utf8Prefix(const std::string &S, size_t MaxChars) {
  size_t Chars = 0, I = 0;
  while (I < S.size() && Chars < MaxChars) {
    unsigned char C = (unsigned char)S[I];
    size_t Len = C < 0x80 ? 1 : (C >> 5) == 6 ? 2 : (C >> 4) == 14 ? 3 : 4;
    if (I + Len > S.size())
      break; // A character cut off at the end of S: leave it out.
    I += Len;
    ++Chars;
  }
  return S.substr(0, I);
}

size_t utf8Length(const std::string &S) {
  size_t N = 0;
  for (unsigned char C : S)
    N += (C & 0xC0) != 0x80;
  return N;
}

std::string shorten(const std::string &S, size_t Max) {
  if (utf8Length(S) <= Max)
    return S;
  return utf8Prefix(S, Max > 1 ? Max - 1 : 0) + "\u2026";
}

namespace {
/// The plot frame: data ranges mapped into a pixel box.
struct Frame {
  double W = 860, H = 480;
  double L = 80, R = 30, T = 62, B = 62; // margins; the legend sits below.
  double X0 = 0, X1 = 1, Y0 = 0, Y1 = 1;
  bool LogY = false; ///< Y0 > 0 then; values below Y0 sit on the axis.
  double px(double X) const { return L + (X - X0) / (X1 - X0) * (W - L - R); }
  double py(double Y) const {
    double F = LogY ? (std::log10(std::max(Y, Y0)) - std::log10(Y0)) /
                          (std::log10(Y1) - std::log10(Y0))
                    : (Y - Y0) / (Y1 - Y0);
    return H - B - F * (H - T - B);
  }
  double right() const { return W - R; }
  double bottom() const { return H - B; }
};
} // namespace

static std::string header(const Frame &F, const std::string &Title,
                          const std::string &Subtitle) {
  std::string S = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  S += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" +
       num(F.W) + "\" height=\"" + num(F.H) + "\" viewBox=\"0 0 " + num(F.W) +
       " " + num(F.H) + "\" font-family=\"Helvetica, Arial, sans-serif\">\n";
  S += "<title>" + xmlEscape(Title) + "</title>\n";
  S += "<rect x=\"0\" y=\"0\" width=\"" + num(F.W) + "\" height=\"" + num(F.H) +
       "\" fill=\"white\"/>\n";
  S += "<text x=\"" + num(F.W / 2) +
       "\" y=\"24\" text-anchor=\"middle\" font-size=\"17\" "
       "font-weight=\"bold\">" +
       xmlEscape(shorten(Title, 80)) + "</text>\n";
  if (!Subtitle.empty())
    S += "<text x=\"" + num(F.W / 2) +
         "\" y=\"44\" text-anchor=\"middle\" font-size=\"12\" fill=\"#444\">" +
         xmlEscape(shorten(Subtitle, 120)) + "</text>\n";
  return S;
}

/// Axes, grid and tick labels; XTicks may be empty (categories label X).
static std::string axes(const Frame &F, double XStep, double YStep,
                        const std::string &XLabel, const std::string &YLabel) {
  std::string S = "<g font-size=\"12\" fill=\"#222\">\n";
  std::vector<std::pair<double, std::string>> YTicks;
  if (F.LogY) {
    // 1, 2, 5 per decade.
    for (double D = F.Y0; D <= F.Y1 * 1.000001; D *= 10)
      for (double M : {1.0, 2.0, 5.0})
        if (D * M <= F.Y1 * 1.000001)
          YTicks.push_back({D * M, fmtNum(D * M)});
  } else {
    for (double Y = F.Y0; Y <= F.Y1 + 1e-9 * F.Y1; Y += YStep)
      YTicks.push_back({Y, tickLabel(Y, YStep)});
  }
  for (const auto &[Y, Label] : YTicks) {
    S += "<line x1=\"" + num(F.L) + "\" y1=\"" + num(F.py(Y)) + "\" x2=\"" +
         num(F.right()) + "\" y2=\"" + num(F.py(Y)) +
         "\" stroke=\"#e3e3e3\" stroke-width=\"1\"/>\n";
    S += "<text x=\"" + num(F.L - 8) + "\" y=\"" + num(F.py(Y) + 4) +
         "\" text-anchor=\"end\">" + Label + "</text>\n";
  }
  if (XStep > 0)
    for (double X = F.X0; X <= F.X1 + 1e-9; X += XStep) {
      S += "<line x1=\"" + num(F.px(X)) + "\" y1=\"" + num(F.T) + "\" x2=\"" +
           num(F.px(X)) + "\" y2=\"" + num(F.bottom()) +
           "\" stroke=\"#eeeeee\" stroke-width=\"1\"/>\n";
      S += "<text x=\"" + num(F.px(X)) + "\" y=\"" + num(F.bottom() + 18) +
           "\" text-anchor=\"middle\">" + tickLabel(X, XStep) + "</text>\n";
    }
  S += "<line x1=\"" + num(F.L) + "\" y1=\"" + num(F.bottom()) + "\" x2=\"" +
       num(F.right()) + "\" y2=\"" + num(F.bottom()) +
       "\" stroke=\"#222\" stroke-width=\"1.5\"/>\n";
  S += "<line x1=\"" + num(F.L) + "\" y1=\"" + num(F.T) + "\" x2=\"" +
       num(F.L) + "\" y2=\"" + num(F.bottom()) +
       "\" stroke=\"#222\" stroke-width=\"1.5\"/>\n";
  S += "<text x=\"" + num((F.L + F.right()) / 2) + "\" y=\"" +
       num(F.bottom() + 40) + "\" text-anchor=\"middle\" font-size=\"14\">" +
       xmlEscape(XLabel) + "</text>\n";
  double YMid = (F.T + F.bottom()) / 2;
  S += "<text x=\"22\" y=\"" + num(YMid) +
       "\" text-anchor=\"middle\" font-size=\"14\" transform=\"rotate(-90 22 " +
       num(YMid) + ")\">" + xmlEscape(YLabel) + "</text>\n";
  S += "</g>\n";
  return S;
}

static std::string polyline(const Frame &F, const std::vector<XY> &Pts,
                            const std::string &Color, bool Dashed) {
  std::string S = "<polyline fill=\"none\" stroke=\"" + Color +
                  "\" stroke-width=\"2.5\" stroke-linejoin=\"round\"";
  if (Dashed)
    S += " stroke-dasharray=\"8 5\"";
  S += " points=\"";
  for (const XY &P : Pts)
    S += num(F.px(P.first)) + "," + num(F.py(P.second)) + " ";
  S += "\"/>\n";
  return S;
}

static std::string diamond(double X, double Y, double R,
                           const std::string &Color) {
  return "<path d=\"M " + num(X) + " " + num(Y - R) + " L " + num(X + R) + " " +
         num(Y) + " L " + num(X) + " " + num(Y + R) + " L " + num(X - R) + " " +
         num(Y) + " Z\" fill=\"" + Color +
         "\" stroke=\"black\" stroke-width=\"1\"/>\n";
}

namespace {
/// One legend entry: its symbol (SVG drawn at the origin of its row) and
/// its text.
struct LegendEntry {
  std::string Label;
  std::string Symbol; ///< "band", "line", "dashed", "marker", "bar".
  std::string Color;
};
} // namespace

/// Legend rows below the plot, two entries a row; the chart grows to hold
/// them so nothing falls outside the viewBox.
static constexpr double LegendRowH = 20;
static double legendHeight(size_t Entries) {
  return (double)((Entries + 1) / 2) * LegendRowH;
}

static std::string legend(const Frame &F,
                          const std::vector<LegendEntry> &Entries) {
  std::string S = "<g font-size=\"12\" fill=\"#222\">\n";
  double ColW = (F.W - F.L) / 2;
  for (size_t I = 0; I < Entries.size(); ++I) {
    const LegendEntry &E = Entries[I];
    double X = F.L + ColW * (double)(I % 2);
    double Y = F.bottom() + 66 + LegendRowH * (double)(I / 2);
    if (E.Symbol == "band" || E.Symbol == "bar")
      S += "<rect x=\"" + num(X) + "\" y=\"" + num(Y - 9) +
           "\" width=\"26\" height=\"12\" fill=\"" + E.Color + "\"/>\n";
    else if (E.Symbol == "marker")
      S += diamond(X + 13, Y - 3, 6, E.Color);
    else
      S += "<line x1=\"" + num(X) + "\" y1=\"" + num(Y - 3) + "\" x2=\"" +
           num(X + 26) + "\" y2=\"" + num(Y - 3) + "\" stroke=\"" + E.Color +
           "\" stroke-width=\"2.5\"" +
           (E.Symbol == "dashed" ? " stroke-dasharray=\"8 5\"" : "") + "/>\n";
    // About 6.5 pixels a character at 12 px.
    size_t Fit = (size_t)std::max(8.0, (ColW - 44) / 6.5);
    S += "<text x=\"" + num(X + 34) + "\" y=\"" + num(Y + 1) + "\">" +
         xmlEscape(shorten(E.Label, Fit)) + "</text>\n";
  }
  return S + "</g>\n";
}

std::string renderBandChart(const BandChart &C) {
  Frame F;
  std::vector<LegendEntry> Entries;
  if (!C.Lower.empty())
    Entries.push_back({C.BandLabel, "band", "#fdd9b5"});
  for (const ChartLine &L : C.Lines)
    Entries.push_back({L.Label, L.Dashed ? "dashed" : "line", L.Color});
  for (const ChartMarker &M : C.Markers)
    if (!M.Label.empty())
      Entries.push_back({M.Label, "marker", M.Color});
  F.B = 72 + legendHeight(Entries.size());
  F.H = 360 + F.B;
  double XMax = 1, YMax = 0, YMinPos = INFINITY;
  auto Grow = [&](const std::vector<XY> &V) {
    for (const XY &P : V) {
      XMax = std::max(XMax, P.first);
      if (std::isfinite(P.second))
        YMax = std::max(YMax, P.second);
      if (std::isfinite(P.second) && P.second > 0)
        YMinPos = std::min(YMinPos, P.second);
    }
  };
  Grow(C.Lower);
  Grow(C.Upper);
  for (const ChartLine &L : C.Lines)
    Grow(L.Pts);
  for (const ChartMarker &M : C.Markers)
    Grow({{M.X, M.Y}});
  auto [YTop, YStep] = niceAxis(YMax * 1.05);
  // Warps per SM read best in powers of two (8, 16, ... up to 64).
  double XStep = 1;
  while (XMax / XStep > 10)
    XStep *= 2;
  double XTop = std::ceil(XMax / XStep - 1e-9) * XStep;
  F.X0 = 0;
  F.X1 = XTop;
  F.Y0 = 0;
  F.Y1 = YTop;
  if (C.LogY && std::isfinite(YMinPos) && YMax > 0) {
    // Whole decades around the data: the band's ratio worst/best reads the
    // same at every occupancy.
    F.LogY = true;
    F.Y0 = std::pow(10, std::floor(std::log10(YMinPos)));
    F.Y1 = std::pow(10, std::ceil(std::log10(YMax * 1.0001)));
  }

  std::string S = header(F, C.Title, C.Subtitle);
  S +=
      axes(F, XStep, YStep, C.XLabel, C.YLabel + (F.LogY ? ", log scale" : ""));
  // Clip the data to the plot box so a steep line never crosses the legend.
  // A little slack so markers on the edge (e.g. at 64 warps) stay whole.
  S += "<defs><clipPath id=\"plot\"><rect x=\"" + num(F.L - 9) + "\" y=\"" +
       num(F.T - 9) + "\" width=\"" + num(F.right() - F.L + 18) +
       "\" height=\"" + num(F.bottom() - F.T + 18) + "\"/></clipPath></defs>\n";
  S += "<g clip-path=\"url(#plot)\">\n";
  if (!C.Lower.empty() && C.Lower.size() == C.Upper.size()) {
    S += "<polygon fill=\"#fdd9b5\" fill-opacity=\"0.75\" stroke=\"none\" "
         "points=\"";
    for (const XY &P : C.Lower)
      S += num(F.px(P.first)) + "," + num(F.py(P.second)) + " ";
    for (auto It = C.Upper.rbegin(); It != C.Upper.rend(); ++It)
      S += num(F.px(It->first)) + "," + num(F.py(It->second)) + " ";
    S += "\"/>\n";
  }
  for (const ChartLine &L : C.Lines)
    S += polyline(F, L.Pts, L.Color, L.Dashed);
  for (const ChartMarker &M : C.Markers)
    S += diamond(F.px(M.X), F.py(M.Y), 7, M.Color);
  S += "</g>\n";

  S += legend(F, Entries);
  S += "</svg>\n";
  return S;
}

std::string renderBarChart(const BarChart &C) {
  Frame F;
  size_t NCat = std::max<size_t>(C.Categories.size(), 1);
  size_t NSer = std::max<size_t>(C.Values.size(), 1);
  // Wide enough for every bar group at 14 pixels a bar.
  F.W = std::max(860.0, F.L + F.R + (double)(NCat * (NSer + 1)) * 14);
  // Category names stand at 40 degrees below the axis when they would
  // collide side by side; the annotation (per-model errors) goes with them.
  size_t LongestName = 0;
  for (const std::string &Cat : C.Categories)
    LongestName = std::max(LongestName, utf8Length(shorten(Cat, 32)));
  double CatW0 = (F.W - F.L - F.R) / (double)NCat;
  bool Slanted = (double)LongestName * 6.5 > CatW0 * 0.95;
  double LabelH = Slanted ? (double)LongestName * 6.5 * 0.64 + 24 : 24;
  std::vector<LegendEntry> Entries;
  for (size_t Ser = 0; Ser < C.SeriesLabels.size(); ++Ser)
    Entries.push_back({C.SeriesLabels[Ser], "bar",
                       Ser < C.Colors.size() ? C.Colors[Ser] : "#888"});
  F.B = 48 + LabelH + legendHeight(Entries.size()) + 24;
  F.H = 330 + F.B;
  double YMax = 0;
  for (const auto &Ser : C.Values)
    for (double V : Ser)
      if (std::isfinite(V))
        YMax = std::max(YMax, V);
  auto [YTop, YStep] = niceAxis(YMax * 1.12);
  F.Y0 = 0;
  F.Y1 = YTop;
  F.X0 = 0;
  F.X1 = (double)NCat;
  std::string S = header(F, C.Title, C.Subtitle);
  // The axis title sits under the category names: axes() places it at a
  // fixed distance, so it is drawn here instead.
  S += axes(F, 0, YStep, "", C.YLabel);
  double CatW = (F.right() - F.L) / (double)NCat;
  double BarW = CatW * 0.7 / (double)NSer;
  bool ValueLabels = BarW >= 22; // Narrower bars leave no room for digits.
  S += "<g font-size=\"11\" fill=\"#222\">\n";
  for (size_t K = 0; K < C.Categories.size(); ++K) {
    double X0 = F.L + CatW * (double)K + CatW * 0.15;
    for (size_t Ser = 0; Ser < C.Values.size(); ++Ser) {
      double V = K < C.Values[Ser].size() ? C.Values[Ser][K] : 0;
      if (!std::isfinite(V) || V < 0)
        continue;
      double X = X0 + BarW * (double)Ser;
      std::string Color = Ser < C.Colors.size() ? C.Colors[Ser] : "#888";
      S += "<rect x=\"" + num(X) + "\" y=\"" + num(F.py(V)) + "\" width=\"" +
           num(BarW * 0.92) + "\" height=\"" + num(F.bottom() - F.py(V)) +
           "\" fill=\"" + Color + "\"/>\n";
      if (ValueLabels)
        S += "<text x=\"" + num(X + BarW * 0.46) + "\" y=\"" +
             num(F.py(V) - 4) + "\" text-anchor=\"middle\" font-size=\"10\">" +
             fmtFixed(V, V >= 100 ? 0 : 1) + "</text>\n";
    }
    double Mid = F.L + CatW * ((double)K + 0.5);
    std::string Label = C.Categories[K];
    if (K < C.Annotations.size() && !C.Annotations[K].empty())
      Label += Slanted ? " (" + C.Annotations[K] + ")" : "";
    double Y = F.bottom() + 16;
    if (Slanted)
      S += "<text x=\"" + num(Mid) + "\" y=\"" + num(Y) +
           "\" text-anchor=\"end\" font-size=\"11\" transform=\"rotate(-40 " +
           num(Mid) + " " + num(Y) + ")\">" + xmlEscape(shorten(Label, 48)) +
           "</text>\n";
    else
      S += "<text x=\"" + num(Mid) + "\" y=\"" + num(Y) +
           "\" text-anchor=\"middle\" font-size=\"12\">" +
           xmlEscape(shorten(Label, 24)) + "</text>\n";
    if (!Slanted && K < C.Annotations.size() && !C.Annotations[K].empty())
      S += "<text x=\"" + num(Mid) + "\" y=\"" + num(Y + 16) +
           "\" text-anchor=\"middle\" fill=\"#555\">" +
           xmlEscape(shorten(C.Annotations[K], 30)) + "</text>\n";
  }
  S += "</g>\n";
  Frame LF = F;
  LF.B = F.B - LabelH; // The legend goes under the category names.
  S += legend(LF, Entries);
  S += "</svg>\n";
  return S;
}

std::string shortKernelName(const std::string &K) {
  // Drop the parameter list: the first '(' outside template brackets.
  int Depth = 0;
  for (size_t I = 0; I < K.size(); ++I) {
    if (K[I] == '<')
      ++Depth;
    else if (K[I] == '>' && Depth > 0)
      --Depth;
    else if (K[I] == '(' && Depth == 0 && I > 0)
      return K.substr(0, I);
  }
  return K;
}

BandChart bandChartFor(const std::vector<BandResult> &Results,
                       const std::string &Title) {
  static const char *AppColors[] = {"#2166ac", "#7b3294", "#e08214",
                                    "#01665e", "#c51b7d", "#4d4d4d"};
  BandChart C;
  if (Results.empty())
    return C;
  const BandResult &First = Results.front();
  C.Title =
      Title.empty() ? "sectorscope: " + shortKernelName(First.Kernel) : Title;
  C.Subtitle = std::string("model ") + modelName(First.Kind) + ", " +
               fmtFixed(First.TotalBytes / 1e6, 1) + " MB moved (sectors x 32)";
  if (Results.size() > 1 && First.Kernel != Results.back().Kernel)
    C.Subtitle += "; band from " + shortKernelName(First.Kernel);
  std::vector<XY> Best, Worst;
  for (const BandPoint &P : First.Points) {
    C.Lower.push_back({P.Warps, P.Lower});
    C.Upper.push_back({P.Warps, P.Upper});
    Best.push_back({P.Warps, P.Best});
    Worst.push_back({P.Warps, P.Worst});
  }
  C.BandLabel = !First.HasBand ? "Bounds (no camped benchmarks)"
                : First.Bounds ? "Bounds: " + First.Bounds->label()
                               : "Bounds: between best and worst";
  C.Lines.push_back(
      {"Best: spread benchmarks (no camping)", Best, "#1a9850", false});
  C.Lines.push_back(
      {"Worst: camped benchmarks (one hot window)", Worst, "#d73027", false});
  // One application line per launch (kernel and profile); the same launch
  // measured at several occupancies adds its points to that line.
  size_t Color = 0;
  std::vector<std::string> Drawn;
  for (size_t I = 0; I < Results.size(); ++I) {
    const BandResult &R = Results[I];
    if (!R.MeasuredMs)
      continue;
    std::string Key = R.Kernel + "\n" + R.ProfileFile;
    if (std::find(Drawn.begin(), Drawn.end(), Key) != Drawn.end())
      continue;
    Drawn.push_back(Key);
    std::string Col = AppColors[Color++ % 6];
    std::vector<XY> App;
    for (const BandPoint &P : R.Points)
      if (P.App)
        App.push_back({P.Warps, *P.App});
    bool OneKernel =
        std::all_of(Results.begin(), Results.end(), [&](const BandResult &X) {
          return X.Kernel == First.Kernel;
        });
    std::string Name =
        OneKernel ? "Application line" : shortKernelName(R.Kernel);
    C.Lines.push_back(
        {Name + (R.Degree ? ", camping degree " + fmtFixed(*R.DegreeClamped, 2)
                          : std::string(", no camping degree")),
         App, Col, true});
    size_t Points = 0;
    for (size_t J = I; J < Results.size(); ++J) {
      const BandResult &M = Results[J];
      if (!M.MeasuredMs || M.Kernel + "\n" + M.ProfileFile != Key)
        continue;
      C.Markers.push_back({"", M.Warps, *M.MeasuredMs, Col});
      ++Points;
    }
    C.Markers[C.Markers.size() - Points].Label =
        Points == 1 ? "Measured " + fmtNum(*R.MeasuredMs) + " ms at " +
                          fmtNum(R.Warps) + " warps per SM"
                    : "Measured at " + std::to_string(Points) +
                          " occupancies (" + shortKernelName(R.Kernel) + ")";
  }
  return C;
}

ErrorChart errorChartFor(const std::vector<ErrorChartRow> &Rows,
                         const std::string &Title,
                         const std::string &Subtitle) {
  ErrorChart C;
  C.Title = Title;
  C.Subtitle = Subtitle;
  C.Rows = Rows;
  std::sort(C.Rows.begin(), C.Rows.end(),
            [](const ErrorChartRow &A, const ErrorChartRow &B) {
              return A.Predicted / A.Measured < B.Predicted / B.Measured;
            });
  return C;
}

std::string renderErrorChart(const ErrorChart &C) {
  // One row per case, sorted by predicted / measured: a bar from 1 to the
  // ratio, a whisker for the bounds, on a log axis so that 2x too slow and
  // 2x too fast are the same length.
  Frame F;
  const double RowH = 14;
  size_t Longest = 0;
  for (const ErrorChartRow &R : C.Rows)
    Longest = std::max(Longest, utf8Length(shorten(R.Name, 40)));
  F.L = 16 + (double)Longest * 6.6;
  F.R = 30;
  std::vector<LegendEntry> Entries = {
      {"predicted / measured (the point prediction)", "bar", "#4393c3"},
      {"lower .. upper bound / measured", "line", "#222"},
      {"outside its bounds", "bar", "#d6604d"}};
  F.B = 72 + legendHeight(Entries.size());
  F.T = 62;
  F.H = F.T + F.B + RowH * (double)std::max<size_t>(C.Rows.size(), 1);
  double Lo = 0.5, Hi = 2;
  for (const ErrorChartRow &R : C.Rows)
    for (double V : {R.Predicted, R.Lower, R.Upper})
      if (V > 0 && R.Measured > 0) {
        Lo = std::min(Lo, V / R.Measured);
        Hi = std::max(Hi, V / R.Measured);
      }
  // Whole powers of two around the data.
  F.X0 = std::log2(Lo);
  F.X0 = std::floor(F.X0);
  F.X1 = std::ceil(std::log2(Hi));
  F.Y0 = 0;
  F.Y1 = (double)std::max<size_t>(C.Rows.size(), 1);
  std::string S = header(F, C.Title, C.Subtitle);
  S += "<g font-size=\"11\" fill=\"#222\">\n";
  for (double X = F.X0; X <= F.X1 + 1e-9; X += 1) {
    double Ratio = std::pow(2, X);
    S += "<line x1=\"" + num(F.px(X)) + "\" y1=\"" + num(F.T) + "\" x2=\"" +
         num(F.px(X)) + "\" y2=\"" + num(F.bottom()) + "\" stroke=\"" +
         (X == 0 ? "#222" : "#e3e3e3") + "\" stroke-width=\"1\"/>\n";
    S += "<text x=\"" + num(F.px(X)) + "\" y=\"" + num(F.bottom() + 16) +
         "\" text-anchor=\"middle\">" + fmtNum(Ratio) + "x</text>\n";
  }
  for (size_t I = 0; I < C.Rows.size(); ++I) {
    const ErrorChartRow &R = C.Rows[I];
    double Y = F.T + RowH * (double)I;
    double Mid = Y + RowH / 2;
    double X1 = F.px(0), X2 = F.px(std::log2(R.Predicted / R.Measured));
    S += "<rect x=\"" + num(std::min(X1, X2)) + "\" y=\"" + num(Y + 2) +
         "\" width=\"" + num(std::max(std::abs(X2 - X1), 1.0)) +
         "\" height=\"" + num(RowH - 4) + "\" fill=\"" +
         (R.Inside ? "#4393c3" : "#d6604d") + "\"/>\n";
    if (R.Upper > 0 && R.Lower > 0)
      S += "<line x1=\"" + num(F.px(std::log2(R.Lower / R.Measured))) +
           "\" y1=\"" + num(Mid) + "\" x2=\"" +
           num(F.px(std::log2(R.Upper / R.Measured))) + "\" y2=\"" + num(Mid) +
           "\" stroke=\"#222\" stroke-width=\"1.2\"/>\n";
    S += "<text x=\"" + num(F.L - 6) + "\" y=\"" + num(Mid + 4) +
         "\" text-anchor=\"end\">" + xmlEscape(shorten(R.Name, 40)) +
         "</text>\n";
  }
  S += "<text x=\"" + num((F.L + F.right()) / 2) + "\" y=\"" +
       num(F.bottom() + 40) +
       "\" text-anchor=\"middle\" font-size=\"14\">predicted / measured "
       "time (log scale; 1x: exact)</text>\n";
  S += "</g>\n";
  S += legend(F, Entries);
  S += "</svg>\n";
  return S;
}

} // namespace sectorscope::model
