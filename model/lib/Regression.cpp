//===- Regression.cpp - Least squares (Eigen) with fit statistics ---------===//
#include "sectorscope/model/Regression.h"
#include "sectorscope/model/Error.h"

#include <cmath>

namespace sectorscope::model {

double FitResult::coef(const std::string &Name) const {
  for (size_t I = 0; I < Names.size(); ++I)
    if (Names[I] == Name)
      return Coef[(Eigen::Index)I];
  return 0;
}

/// Solves the weighted problem on the columns in Active; the others stay 0.
/// Returns the full-length coefficient vector and marks collinear columns
/// inactive (they carry no information beyond the kept ones).
static Eigen::VectorXd solveActive(const Eigen::MatrixXd &XW,
                                   const Eigen::VectorXd &YW,
                                   std::vector<bool> &Active) {
  const Eigen::Index Cols = XW.cols();
  std::vector<Eigen::Index> Idx;
  for (Eigen::Index J = 0; J < Cols; ++J)
    if (Active[(size_t)J])
      Idx.push_back(J);
  Eigen::VectorXd Full = Eigen::VectorXd::Zero(Cols);
  if (Idx.empty())
    return Full;
  Eigen::MatrixXd A(XW.rows(), (Eigen::Index)Idx.size());
  for (size_t K = 0; K < Idx.size(); ++K)
    A.col((Eigen::Index)K) = XW.col(Idx[K]);
  // Equilibrate: unit-norm columns make the QR's rank threshold meaningful.
  Eigen::VectorXd Norms = A.colwise().norm().transpose();
  for (Eigen::Index K = 0; K < A.cols(); ++K)
    A.col(K) /= Norms[K];
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> QR(A);
  QR.setThreshold(1e-10);
  Eigen::Index Rank = QR.rank();
  if (Rank < A.cols()) {
    // The pivoted columns past the rank are linear combinations of the
    // others: drop them and solve again on a full-rank problem.
    const auto &Perm = QR.colsPermutation().indices();
    for (Eigen::Index K = Rank; K < A.cols(); ++K)
      Active[(size_t)Idx[(size_t)Perm[K]]] = false;
    return solveActive(XW, YW, Active);
  }
  Eigen::VectorXd B = QR.solve(YW);
  for (size_t K = 0; K < Idx.size(); ++K)
    Full[Idx[K]] = B[(Eigen::Index)K] / Norms[(Eigen::Index)K];
  return Full;
}

Eigen::Index numericalRank(const Eigen::MatrixXd &X) {
  Eigen::MatrixXd A = X;
  for (Eigen::Index J = 0; J < A.cols(); ++J) {
    double Norm = A.col(J).norm();
    if (Norm > 0)
      A.col(J) /= Norm;
  }
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> QR(A);
  QR.setThreshold(1e-10);
  return QR.rank();
}

FitResult fitLeastSquares(const Eigen::MatrixXd &X, const Eigen::VectorXd &Y,
                          const std::vector<std::string> &Names,
                          const FitOptions &Opts, const std::string &Context) {
  const Eigen::Index N = X.rows(), P = X.cols();
  if (N == 0)
    fail("", Context, "no data rows to fit");
  if (Y.size() != N || (Eigen::Index)Names.size() != P)
    fail("", Context, "internal error: mismatched regression sizes");
  if (!X.allFinite() || !Y.allFinite())
    fail("", Context, "non-finite value in the regression data");
  Eigen::VectorXd W = Eigen::VectorXd::Ones(N);
  if (Opts.Weights.size()) {
    if (Opts.Weights.size() != N || !Opts.Weights.allFinite())
      fail("", Context, "internal error: bad regression weights");
    W = Opts.Weights;
  }
  Eigen::MatrixXd XW = W.asDiagonal() * X;
  Eigen::VectorXd YW = W.cwiseProduct(Y);

  std::vector<bool> Active((size_t)P, true);
  for (Eigen::Index J = 0; J < P; ++J)
    if (XW.col(J).norm() == 0)
      Active[(size_t)J] = false; // An all-zero predictor says nothing.

  Eigen::VectorXd B = solveActive(XW, YW, Active);
  if (!Opts.NonNegative.empty()) {
    // Active set: pin the most negative constrained coefficient to 0 and
    // refit, until none is negative. At most P rounds.
    for (Eigen::Index Round = 0; Round < P; ++Round) {
      Eigen::Index Worst = -1;
      for (Eigen::Index J = 0; J < P; ++J)
        if (Opts.NonNegative[(size_t)J] && Active[(size_t)J] && B[J] < 0 &&
            (Worst < 0 || B[J] < B[Worst]))
          Worst = J;
      if (Worst < 0)
        break;
      Active[(size_t)Worst] = false;
      B = solveActive(XW, YW, Active);
    }
  }

  FitResult R;
  R.Names = Names;
  R.Coef = B;
  R.Identified = Active;
  R.Rows = (size_t)N;
  Eigen::VectorXd Pred = X * B;
  Eigen::VectorXd Res = Pred - Y;
  double SSRes = Res.squaredNorm();
  double Mean = Y.mean();
  double SSTot = (Y.array() - Mean).square().sum();
  // A constant response has no variance to explain: call an exact fit 1.
  R.R2 = SSTot > 0 ? 1.0 - SSRes / SSTot
                   : (SSRes <= 1e-24 * std::max(1.0, Mean * Mean) ? 1.0 : 0.0);
  R.Rmse = std::sqrt(SSRes / (double)N);
  for (Eigen::Index I = 0; I < N; ++I)
    if (Y[I] != 0)
      R.MaxRelErr = std::max(R.MaxRelErr, std::abs(Res[I] / Y[I]));
  return R;
}

} // namespace sectorscope::model
