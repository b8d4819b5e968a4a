//===- Regression.h - Least squares (Eigen) with fit statistics -*- C++ -*-===//
//
// One entry point for all three models: ordinary or weighted least squares
// solved by Eigen's column-pivoting QR, with
//  - column equilibration, because predictors span 1 (intercept) to 1e10
//    (bytes) and rank detection on raw columns would be meaningless;
//  - unidentifiable predictors (all zero, or collinear with others, e.g. a
//    word size the benchmark never ran) reported and fixed at 0 instead of
//    getting an arbitrary value;
//  - optional non-negativity for physical coefficients (latencies, seconds
//    per byte) by an active-set loop: fix the most negative at 0, refit.
//
//===----------------------------------------------------------------------===//
#ifndef SECTORSCOPE_MODEL_REGRESSION_H
#define SECTORSCOPE_MODEL_REGRESSION_H

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace sectorscope::model {

struct FitResult {
  std::vector<std::string> Names;
  Eigen::VectorXd Coef;
  std::vector<bool> Identified; ///< False: fixed at 0 (no information).
  size_t Rows = 0;
  double R2 = 0;        ///< 1 - SS_res / SS_tot on the unweighted response.
  double Rmse = 0;      ///< sqrt(SS_res / rows), response units.
  double MaxRelErr = 0; ///< max |pred - y| / |y| over rows with y != 0.

  double coef(const std::string &Name) const; ///< 0 if unknown.
  double predict(const Eigen::RowVectorXd &X) const { return X.dot(Coef); }
};

struct FitOptions {
  /// Per-row weights (minimize sum w_i^2 (x_i b - y_i)^2); empty = OLS.
  /// Weights 1/y_i make the fit minimize relative error.
  Eigen::VectorXd Weights;
  /// Per-column non-negativity; empty = unconstrained.
  std::vector<bool> NonNegative;
};

/// Fits Y ~ X. Throws ModelError (naming Context) on empty or non-finite
/// input or mismatched sizes.
FitResult fitLeastSquares(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y,
                          const std::vector<std::string> &Names,
                          const FitOptions &Opts = {},
                          const std::string &Context = "regression");

/// Numerical rank of X after scaling columns to unit norm (all-zero
/// columns count for nothing).
Eigen::Index numericalRank(const Eigen::MatrixXd &X);

} // namespace sectorscope::model

#endif
