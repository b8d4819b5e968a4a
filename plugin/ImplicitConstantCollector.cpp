//===- ImplicitConstantCollector.cpp - Names of implicit __constant__ -----===//
#include "plugin/ImplicitConstants.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/Mangle.h"

using namespace clang;

namespace sectorscope {
namespace {

class ImplicitConstantCollector : public ASTConsumer {
public:
  explicit ImplicitConstantCollector(llvm::StringSet<> &Names) : Names(Names) {}

  void Initialize(ASTContext &Ctx) override {
    NameOf = std::make_unique<ASTNameGenerator>(Ctx);
  }

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group)
      visit(D);
    return true;
  }

private:
  void visit(Decl *D) {
    if (auto *Scope = dyn_cast<NamespaceDecl>(D)) {
      for (Decl *Inner : Scope->decls())
        visit(Inner);
      return;
    }
    if (auto *Linkage = dyn_cast<LinkageSpecDecl>(D)) {
      for (Decl *Inner : Linkage->decls())
        visit(Inner);
      return;
    }
    auto *Var = dyn_cast<VarDecl>(D);
    if (!Var || !Var->hasGlobalStorage() || Var->isStaticLocal())
      return;
    if (const auto *A = Var->getAttr<CUDAConstantAttr>(); A && A->isImplicit())
      Names.insert(NameOf->getName(Var));
  }

  llvm::StringSet<> &Names;
  std::unique_ptr<ASTNameGenerator> NameOf;
};

} // namespace

std::unique_ptr<ASTConsumer>
makeImplicitConstantCollector(llvm::StringSet<> &Names) {
  return std::make_unique<ImplicitConstantCollector>(Names);
}

} // namespace sectorscope
