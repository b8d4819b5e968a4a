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

static std::string shorten(const std::string &S, size_t Max = 44) {
  return S.size() <= Max ? S : S.substr(0, Max - 3) + "...";
}

namespace {
/// The plot frame: data ranges mapped into a pixel box.
struct Frame {
  double W = 860, H = 480;
  double L = 80, R = 290, T = 62, B = 62; // margins; legend sits right.
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
       xmlEscape(shorten(Title, 90)) + "</text>\n";
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
  S += "<text x=\"" + num((F.L + F.right()) / 2) + "\" y=\"" + num(F.H - 18) +
       "\" text-anchor=\"middle\" font-size=\"14\">" + xmlEscape(XLabel) +
       "</text>\n";
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

std::string renderBandChart(const BandChart &C) {
  Frame F;
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

  // Legend, right of the plot.
  double LX = F.right() + 18, LY = F.T + 8;
  S += "<g font-size=\"12\" fill=\"#222\">\n";
  if (!C.Lower.empty()) {
    S +=
        "<rect x=\"" + num(LX) + "\" y=\"" + num(LY - 9) +
        "\" width=\"26\" height=\"12\" fill=\"#fdd9b5\" stroke=\"#d9a066\"/>\n";
    S += "<text x=\"" + num(LX + 34) + "\" y=\"" + num(LY + 2) + "\">" +
         xmlEscape(shorten(C.BandLabel, 36)) + "</text>\n";
    LY += 22;
  }
  for (const ChartLine &L : C.Lines) {
    S += "<line x1=\"" + num(LX) + "\" y1=\"" + num(LY - 3) + "\" x2=\"" +
         num(LX + 26) + "\" y2=\"" + num(LY - 3) + "\" stroke=\"" + L.Color +
         "\" stroke-width=\"2.5\"" +
         (L.Dashed ? " stroke-dasharray=\"8 5\"" : "") + "/>\n";
    S += "<text x=\"" + num(LX + 34) + "\" y=\"" + num(LY + 1) + "\">" +
         xmlEscape(shorten(L.Label, 36)) + "</text>\n";
    LY += 22;
  }
  for (const ChartMarker &M : C.Markers) {
    S += diamond(LX + 13, LY - 3, 6, M.Color);
    S += "<text x=\"" + num(LX + 34) + "\" y=\"" + num(LY + 1) + "\">" +
         xmlEscape(shorten(M.Label, 36)) + "</text>\n";
    LY += 22;
  }
  S += "</g>\n</svg>\n";
  return S;
}

std::string renderBarChart(const BarChart &C) {
  Frame F;
  F.R = 170;
  F.W = 820;
  double YMax = 0;
  for (const auto &Ser : C.Values)
    for (double V : Ser)
      if (std::isfinite(V))
        YMax = std::max(YMax, V);
  auto [YTop, YStep] = niceAxis(YMax * 1.12);
  F.Y0 = 0;
  F.Y1 = YTop;
  size_t NCat = std::max<size_t>(C.Categories.size(), 1);
  size_t NSer = std::max<size_t>(C.Values.size(), 1);
  F.X0 = 0;
  F.X1 = (double)NCat;
  std::string S = header(F, C.Title, C.Subtitle);
  S += axes(F, 0, YStep, "", C.YLabel);
  double CatW = (F.right() - F.L) / (double)NCat;
  double BarW = CatW * 0.7 / (double)NSer;
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
      S += "<text x=\"" + num(X + BarW * 0.46) + "\" y=\"" + num(F.py(V) - 4) +
           "\" text-anchor=\"middle\" font-size=\"10\">" +
           fmtFixed(V, V >= 100 ? 0 : 1) + "</text>\n";
    }
    double Mid = F.L + CatW * ((double)K + 0.5);
    S += "<text x=\"" + num(Mid) + "\" y=\"" + num(F.bottom() + 18) +
         "\" text-anchor=\"middle\" font-size=\"12\">" +
         xmlEscape(shorten(C.Categories[K], 24)) + "</text>\n";
    if (K < C.Annotations.size() && !C.Annotations[K].empty())
      S += "<text x=\"" + num(Mid) + "\" y=\"" + num(F.bottom() + 34) +
           "\" text-anchor=\"middle\" fill=\"#555\">" +
           xmlEscape(C.Annotations[K]) + "</text>\n";
  }
  double LX = F.right() + 18, LY = F.T + 8;
  for (size_t Ser = 0; Ser < C.SeriesLabels.size(); ++Ser) {
    std::string Color = Ser < C.Colors.size() ? C.Colors[Ser] : "#888";
    S += "<rect x=\"" + num(LX) + "\" y=\"" + num(LY - 10) +
         "\" width=\"18\" height=\"12\" fill=\"" + Color + "\"/>\n";
    S += "<text x=\"" + num(LX + 26) + "\" y=\"" + num(LY + 1) +
         "\" font-size=\"12\">" + xmlEscape(shorten(C.SeriesLabels[Ser], 22)) +
         "</text>\n";
    LY += 22;
  }
  S += "</g>\n</svg>\n";
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
  if (Results.size() > 1)
    C.Subtitle += "; band from " + shortKernelName(First.Kernel);
  for (const BandPoint &P : First.Points) {
    C.Lower.push_back({P.Warps, P.Best});
    C.Upper.push_back({P.Warps, P.Worst});
  }
  C.BandLabel = First.HasBand ? "Camping band" : "Band (no camped data)";
  C.Lines.push_back({"Best (no camping)", C.Lower, "#1a9850", false});
  C.Lines.push_back({"Worst (fully camped)", C.Upper, "#d73027", false});
  size_t Color = 0;
  for (const BandResult &R : Results) {
    if (!R.MeasuredMs)
      continue;
    std::string Col = AppColors[Color++ % 6];
    std::vector<XY> App;
    for (const BandPoint &P : R.Points)
      if (P.App)
        App.push_back({P.Warps, *P.App});
    std::string Name =
        Results.size() > 1 ? shortKernelName(R.Kernel) : "Application";
    C.Lines.push_back(
        {shorten(Name, 22) + " (d=" + fmtFixed(*R.DegreeClamped, 2) + ")", App,
         Col, true});
    C.Markers.push_back({"measured " + fmtNum(*R.MeasuredMs) + " ms @ " +
                             fmtNum(R.Warps) + " w",
                         R.Warps, *R.MeasuredMs, Col});
  }
  return C;
}

} // namespace sectorscope::model
