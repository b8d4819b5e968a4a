//===- LaunchCollector.cpp - Kernel launch shapes from the AST ------------===//
//
// Reads `kernel<<<grid, block>>>` (CUDAKernelCallExpr) in host functions,
// template instantiations included, and evaluates the grid and block
// arguments as far as the source fixes them: integer constant expressions
// (constexpr, template arguments of the instantiation), `dim3(x, y, z)`,
// local variables that are never assigned after their initialization, and
// a variable inside `case C:` of a `switch` on that variable (the CUDA
// samples' `switch (threads) { case 256: k<256><<<g, threads>>>(...); }`).
// A kernel template whose launch size is a run-time value but whose
// instantiation names its block size (`template <unsigned blockSize>`) is
// taken to run blockSize threads.
//
//===----------------------------------------------------------------------===//
#include "plugin/LaunchCollector.h"
#include "support/TimedRegion.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace sectorscope {
namespace {

using Bindings = llvm::DenseMap<const VarDecl *, int64_t>;
using Dims = std::array<std::optional<unsigned>, 3>;

struct PendingLaunch {
  const FunctionDecl *Kernel;
  const Expr *Grid, *Block;
  Bindings Cases; ///< Switch variables fixed by an enclosing `case`.
  SourceLocation Loc;
};

/// A block size a kernel template's instantiation names.
struct TemplateHint {
  unsigned Threads;
  std::string Origin;
};

// `blockSize`, `BLOCK_THREADS`, `threadsPerBlock`, `nThreads`: template
// parameters that conventionally give the block's x size.
bool namesBlockSize(llvm::StringRef Name) {
  std::string Key;
  for (char C : Name)
    if (C != '_')
      Key += char(tolower(C));
  llvm::StringRef K(Key);
  return K.contains("blocksize") || K.contains("blockthreads") ||
         K.contains("threadsperblock") || K.contains("blockdim") ||
         K == "nthreads" || K == "numthreads" || K == "threads";
}

class LaunchVisitor : public RecursiveASTVisitor<LaunchVisitor> {
public:
  explicit LaunchVisitor(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *E) {
    const FunctionDecl *K = E->getDirectCallee();
    const CallExpr *Config = E->getConfig();
    if (!K || !Config || E->isTypeDependent() || E->isValueDependent() ||
        Config->getNumArgs() < 2)
      return true;
    Launches.push_back(
        {K, Config->getArg(0), Config->getArg(1), Cases, E->getBeginLoc()});
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->getPrimaryTemplate())
      return true;
    const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
    const TemplateParameterList *Params =
        FD->getPrimaryTemplate()->getTemplateParameters();
    for (unsigned I = 0; Args && I < Params->size() && I < Args->size(); ++I) {
      const auto *P = dyn_cast<NonTypeTemplateParmDecl>(Params->getParam(I));
      const TemplateArgument &A = Args->get(I);
      if (!P || A.getKind() != TemplateArgument::Integral ||
          !namesBlockSize(P->getName()))
        continue;
      int64_t V = A.getAsIntegral().getExtValue();
      if (V > 0 && V <= 1024)
        Hints[FD->getCanonicalDecl()] = {
            unsigned(V), "the template argument " + P->getName().str() + " = " +
                             std::to_string(V)};
      break;
    }
    return true;
  }

  // What may change a variable after its initialization: assignments,
  // increments, taking its address, binding it to a non-const reference.
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      markModified(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      markModified(U->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() > 0)
      markModified(C->getArg(0));
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD)
      return true;
    for (unsigned I = 0; I < C->getNumArgs() && I < FD->getNumParams(); ++I) {
      QualType T = FD->getParamDecl(I)->getType();
      if (T->isReferenceType() && !T->getPointeeType().isConstQualified())
        markModified(C->getArg(I));
    }
    return true;
  }

  bool TraverseSwitchStmt(SwitchStmt *S) {
    const VarDecl *V = nullptr;
    if (auto *DRE = dyn_cast<DeclRefExpr>(S->getCond()->IgnoreParenImpCasts()))
      V = dyn_cast<VarDecl>(DRE->getDecl());
    auto *Body = dyn_cast_or_null<CompoundStmt>(S->getBody());
    if (!V || !Body)
      return RecursiveASTVisitor::TraverseSwitchStmt(S);
    TraverseStmt(S->getInit());
    TraverseStmt(S->getCond());
    for (Stmt *Child : Body->body()) {
      if (auto *Case = dyn_cast<CaseStmt>(Child)) {
        Expr::EvalResult R;
        // `case 1: case 2:` gives two values: none is known.
        if (!isa<SwitchCase>(Case->getSubStmt()) && !Case->getRHS() &&
            Case->getLHS()->EvaluateAsInt(R, Ctx))
          Cases[V] = R.Val.getInt().getExtValue();
        else
          Cases.erase(V);
      } else if (isa<DefaultStmt>(Child)) {
        Cases.erase(V);
      }
      TraverseStmt(Child);
    }
    Cases.erase(V);
    return true;
  }

  ASTContext &Ctx;
  std::vector<PendingLaunch> Launches;
  llvm::DenseMap<const FunctionDecl *, TemplateHint> Hints;
  llvm::DenseSet<const VarDecl *> Modified;

private:
  void markModified(const Expr *E) {
    while (true) {
      E = E->IgnoreParenImpCasts();
      if (auto *M = dyn_cast<MemberExpr>(E))
        E = M->getBase();
      else if (auto *A = dyn_cast<ArraySubscriptExpr>(E))
        E = A->getBase();
      else
        break;
    }
    if (auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Modified.insert(V);
  }

  Bindings Cases;
};

/// Evaluates launch arguments with what the visitor learned.
class ShapeEvaluator {
public:
  ShapeEvaluator(ASTContext &Ctx, const llvm::DenseSet<const VarDecl *> &Mod,
                 const Bindings &Cases)
      : Ctx(Ctx), Modified(Mod), Cases(Cases) {}

  std::optional<int64_t> integer(const Expr *E, unsigned Depth = 0) const {
    if (!E || Depth > 8)
      return std::nullopt;
    E = E->IgnoreParenImpCasts();
    if (E->isValueDependent())
      return std::nullopt;
    Expr::EvalResult R;
    if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    if (const VarDecl *V = stableVariable(E)) {
      auto It = Cases.find(V);
      if (It != Cases.end())
        return It->second;
      return integer(V->getInit(), Depth + 1);
    }
    if (auto *B = dyn_cast<BinaryOperator>(E)) {
      std::optional<int64_t> L = integer(B->getLHS(), Depth + 1);
      std::optional<int64_t> Rt = integer(B->getRHS(), Depth + 1);
      if (!L || !Rt)
        return std::nullopt;
      switch (B->getOpcode()) {
      case BO_Add:
        return *L + *Rt;
      case BO_Sub:
        return *L - *Rt;
      case BO_Mul:
        return *L * *Rt;
      case BO_Div:
        return *Rt ? std::optional<int64_t>(*L / *Rt) : std::nullopt;
      case BO_Shl:
        return *Rt >= 0 && *Rt < 31 ? std::optional<int64_t>(*L << *Rt)
                                    : std::nullopt;
      default:
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

  Dims dims(const Expr *E, unsigned Depth = 0) const {
    Dims D;
    if (!E || Depth > 8)
      return D;
    E = E->IgnoreImplicit()->IgnoreParens();
    if (auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
      return dims(FC->getSubExpr(), Depth + 1);
    if (auto *C = dyn_cast<CXXConstructExpr>(E)) {
      // dim3(uint3) or a copy: the argument's dimensions.
      if (C->getNumArgs() == 1 && C->getArg(0)->getType()->isRecordType())
        return dims(C->getArg(0), Depth + 1);
      for (unsigned I = 0; I < 3 && I < C->getNumArgs(); ++I)
        D[I] = positive(integer(C->getArg(I), Depth + 1));
      return D;
    }
    if (const VarDecl *V = stableVariable(E))
      return dims(V->getInit(), Depth + 1);
    if (E->getType()->isIntegralOrEnumerationType()) {
      D[0] = positive(integer(E, Depth + 1));
      D[1] = D[2] = 1;
    }
    return D;
  }

private:
  static std::optional<unsigned> positive(std::optional<int64_t> V) {
    if (!V || *V <= 0 || *V > (int64_t(1) << 31))
      return std::nullopt;
    return unsigned(*V);
  }

  // A variable whose value at the launch is its initializer's, or a
  // switch variable fixed by the enclosing case.
  const VarDecl *stableVariable(const Expr *E) const {
    auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || Modified.contains(V))
      return nullptr;
    if (Cases.count(V))
      return V;
    if (isa<ParmVarDecl>(V) || !V->getInit() ||
        !(V->isLocalVarDecl() || V->getType().isConstQualified()))
      return nullptr;
    return V;
  }

  ASTContext &Ctx;
  const llvm::DenseSet<const VarDecl *> &Modified;
  const Bindings &Cases;
};

class LaunchCollector : public ASTConsumer {
public:
  explicit LaunchCollector(LaunchShapes &Out) : Out(Out) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // After an error (a header not found, say) the AST holds invalid
    // expressions and types, and the compile fails anyway: there are no
    // launches to read.
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    TimedRegion Timed("sectorscope-launches", "Launch shapes (AST)");
    LaunchVisitor V(Ctx);
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
    ASTNameGenerator Names(Ctx);
    const SourceManager &SM = Ctx.getSourceManager();
    llvm::DenseSet<const FunctionDecl *> Launched;
    for (const PendingLaunch &L : V.Launches) {
      ShapeEvaluator Eval(Ctx, V.Modified, L.Cases);
      BlockShape S;
      S.Block = Eval.dims(L.Block);
      S.Grid = Eval.dims(L.Grid);
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L.Loc));
      S.Origin =
          "the launch at " +
          (P.isValid() ? llvm::sys::path::filename(P.getFilename()).str() +
                             ":" + std::to_string(P.getLine())
                       : std::string("?"));
      const FunctionDecl *K = L.Kernel->getCanonicalDecl();
      auto Hint = V.Hints.find(K);
      if (!S.Block[0] && Hint != V.Hints.end()) {
        S.Block = {Hint->second.Threads, 1u, 1u};
        S.Origin = Hint->second.Origin + " (" + S.Origin +
                   " sets blockDim at run time)";
      }
      Launched.insert(K);
      if (S.Block[0] || S.Block[1] || S.Block[2])
        Out.add(Names.getName(L.Kernel), std::move(S));
    }
    for (const auto &[K, Hint] : V.Hints) {
      if (Launched.contains(K))
        continue;
      BlockShape S;
      S.Block = {Hint.Threads, 1u, 1u};
      S.Origin = Hint.Origin;
      Out.add(Names.getName(K), std::move(S));
    }
  }

private:
  LaunchShapes &Out;
};

} // namespace

std::unique_ptr<ASTConsumer> makeLaunchCollector(LaunchShapes &Out) {
  return std::make_unique<LaunchCollector>(Out);
}

} // namespace sectorscope
