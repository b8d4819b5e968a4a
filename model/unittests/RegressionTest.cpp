//===- RegressionTest.cpp - Least squares with rank and sign checks -------===//
//
// Ordinary and weighted least squares recover known coefficients, report
// predictors the data cannot identify, and honour non-negativity.
//
//===----------------------------------------------------------------------===//
#include "sectorscope/model/Regression.h"

#include "model/unittests/ModelExpect.h"
#include "model/unittests/SyntheticInputs.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace sectorscope::model;

namespace {

TEST(Regression, RecoversExactCoefficients) {
  // y = 3 + 2*x1 - 0.5*x2 on a grid: OLS must return them exactly.
  Eigen::MatrixXd X(12, 3);
  Eigen::VectorXd Y(12);
  for (int I = 0; I < 12; ++I) {
    double X1 = I, X2 = (I * 7) % 5;
    X.row(I) << 1, X1, X2;
    Y[I] = 3 + 2 * X1 - 0.5 * X2;
  }
  FitResult F = fitLeastSquares(X, Y, {"c", "x1", "x2"});
  EXPECT_REL_NEAR(F.coef("c"), 3, 1e-9);
  EXPECT_REL_NEAR(F.coef("x1"), 2, 1e-9);
  EXPECT_REL_NEAR(F.coef("x2"), -0.5, 1e-9);
  EXPECT_REL_NEAR(F.R2, 1, 1e-12);
  EXPECT_LT(F.Rmse, 1e-9);
  EXPECT_TRUE(F.Identified[0] && F.Identified[1] && F.Identified[2]);
}

TEST(Regression, WithNoiseIsClose) {
  Eigen::MatrixXd X(200, 2);
  Eigen::VectorXd Y(200);
  for (int I = 0; I < 200; ++I) {
    X.row(I) << 1, I;
    Y[I] = (10 + 0.25 * I) * (1 + 0.01 * wobble(I));
  }
  FitResult F = fitLeastSquares(X, Y, {"c", "x"});
  EXPECT_REL_NEAR(F.coef("x"), 0.25, 0.01);
  EXPECT_REL_NEAR(F.coef("c"), 10, 0.05);
  EXPECT_TRUE(F.R2 > 0.99 && F.R2 < 1);
  EXPECT_GT(F.Rmse, 0);
}

TEST(Regression, ReportsUnidentifiablePredictors) {
  // x2 is all zero and x3 = 2*x1: neither carries information of its own.
  Eigen::MatrixXd X(6, 4);
  Eigen::VectorXd Y(6);
  for (int I = 0; I < 6; ++I) {
    X.row(I) << 1, I, 0, 2 * I;
    Y[I] = 1 + 4 * I;
  }
  FitResult F = fitLeastSquares(X, Y, {"c", "x1", "x2", "x3"});
  EXPECT_FALSE(F.Identified[2]);
  EXPECT_NE(F.Identified[1], F.Identified[3]);
  EXPECT_REL_NEAR(F.coef("x1") + 2 * F.coef("x3"), 4, 1e-9);
  EXPECT_REL_NEAR(F.R2, 1, 1e-12);
}

TEST(Regression, NonNegativity) {
  // True slope on x2 is negative; constrained, it is pinned at 0.
  Eigen::MatrixXd X(10, 3);
  Eigen::VectorXd Y(10);
  for (int I = 0; I < 10; ++I) {
    X.row(I) << 1, I, I % 3;
    Y[I] = 5 + I - 0.3 * (I % 3);
  }
  FitOptions O;
  O.NonNegative = {true, true, true};
  FitResult F = fitLeastSquares(X, Y, {"c", "x1", "x2"}, O);
  EXPECT_EQ(F.coef("x2"), 0);
  EXPECT_TRUE(F.coef("c") >= 0 && F.coef("x1") > 0);
}

TEST(Regression, WeightedScalesAcrossMagnitudes) {
  // time = 0.004 + bytes * 2.5e-10: columns differ by 1e9; weights 1/y.
  Eigen::MatrixXd X(8, 2);
  Eigen::VectorXd Y(8), W(8);
  for (int I = 0; I < 8; ++I) {
    double B = std::pow(4.0, I) * 1e3;
    X.row(I) << 1, B;
    Y[I] = 0.004 + B * 2.5e-10;
    W[I] = 1 / Y[I];
  }
  FitOptions O;
  O.Weights = W;
  FitResult F = fitLeastSquares(X, Y, {"launch", "a"}, O);
  EXPECT_REL_NEAR(F.coef("launch"), 0.004, 1e-6);
  EXPECT_REL_NEAR(F.coef("a"), 2.5e-10, 1e-6);
}

TEST(Regression, Errors) {
  Eigen::MatrixXd X(0, 2);
  Eigen::VectorXd Y(0);
  EXPECT_MODEL_ERROR(fitLeastSquares(X, Y, {"a", "b"}, {}, "ctx"),
                     "ctx: no data rows");
  Eigen::MatrixXd X2(2, 1);
  X2 << 1, NAN;
  Eigen::VectorXd Y2(2);
  Y2 << 1, 2;
  EXPECT_MODEL_ERROR(fitLeastSquares(X2, Y2, {"a"}, {}, "ctx"), "non-finite");
}

} // namespace
