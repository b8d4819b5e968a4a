//===- SvgChartTest.cpp - SVG helpers and the band chart ------------------===//
#include "sectorscope/model/SvgChart.h"
#include "sectorscope/model/Band.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <string>

using namespace sectorscope::model;

namespace {

TEST(SvgChart, Helpers) {
  EXPECT_EQ(xmlEscape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
  EXPECT_EQ(shortKernelName("k(float*, int)"), "k");
  EXPECT_EQ(shortKernelName("void f<g(int)>(int*)"), "void f<g(int)>");
  EXPECT_EQ(shortKernelName("plain"), "plain");
  auto [Top, Step] = niceAxis(0.83);
  EXPECT_REL_NEAR(Step, 0.2, 1e-12);
  EXPECT_REL_NEAR(Top, 1.0, 1e-12);
  auto [Top2, Step2] = niceAxis(64, 8);
  EXPECT_REL_NEAR(Step2, 10, 1e-12);
  EXPECT_REL_NEAR(Top2, 70, 1e-12);
  BandResult B = computeBand(testCalibration(), testProfile(), BandOptions());
  B.Kernel = "f<int>&";
  std::string Svg = renderBandChart(bandChartFor({B}, ""));
  EXPECT_NE(Svg.find("<svg"), std::string::npos);
  EXPECT_NE(Svg.find("</svg>"), std::string::npos);
  EXPECT_NE(Svg.find("f&lt;int&gt;&amp;"), std::string::npos);
  EXPECT_EQ(Svg.find("f<int>"), std::string::npos);
  EXPECT_NE(Svg.find("Active warps per SM"), std::string::npos);
  EXPECT_EQ(Svg.find("nan"), std::string::npos);
}

} // namespace
