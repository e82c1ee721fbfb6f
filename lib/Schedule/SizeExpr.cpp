//===- SizeExpr.cpp - sizes of a schedule as integer expressions ----------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Schedule/SizeExpr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>

using namespace mlir::lmhead;

struct SizeExpr::Node {
  Kind kind = Kind::Constant;
  /// The constant, or a ceiling division's or remainder's divisor.
  int64_t value = 0;
  std::string symbol;
  std::vector<SizeExpr> operands;
};

SizeExpr::SizeExpr(std::shared_ptr<const Node> node) : node(std::move(node)) {}

SizeExpr::SizeExpr(int64_t constant) {
  auto made = std::make_shared<Node>();
  made->value = constant;
  node = std::move(made);
}

SizeExpr SizeExpr::symbol(llvm::StringRef name) {
  auto made = std::make_shared<Node>();
  made->kind = Kind::Symbol;
  made->symbol = name.str();
  return SizeExpr(std::move(made));
}

SizeExpr::Kind SizeExpr::getKind() const { return node->kind; }

std::optional<int64_t> SizeExpr::getConstant() const {
  if (node->kind != Kind::Constant)
    return std::nullopt;
  return node->value;
}

llvm::StringRef SizeExpr::getSymbol() const {
  assert(node->kind == Kind::Symbol && "not a symbol");
  return node->symbol;
}

llvm::ArrayRef<SizeExpr> SizeExpr::getOperands() const {
  return node->operands;
}

int64_t SizeExpr::getDivisor() const {
  assert((node->kind == Kind::CeilDiv || node->kind == Kind::Remainder) &&
         "not a division");
  return node->value;
}

namespace mlir {
namespace lmhead {

SizeExpr operator*(const SizeExpr &lhs, const SizeExpr &rhs) {
  // The constant factors fold into one, unless their product overflows (a
  // size no buffer has: it is kept unfolded, and evaluate() reports it).
  llvm::SmallVector<int64_t, 2> constants;
  std::vector<SizeExpr> others;
  for (const SizeExpr *side : {&lhs, &rhs}) {
    if (side->getKind() != SizeExpr::Kind::Product) {
      if (std::optional<int64_t> constant = side->getConstant())
        constants.push_back(*constant);
      else
        others.push_back(*side);
      continue;
    }
    for (const SizeExpr &factor : side->getOperands()) {
      if (std::optional<int64_t> constant = factor.getConstant())
        constants.push_back(*constant);
      else
        others.push_back(factor);
    }
  }
  if (llvm::is_contained(constants, 0))
    return SizeExpr(0);
  llvm::SmallVector<int64_t, 2> folded = {1};
  for (int64_t constant : constants) {
    int64_t product;
    if (llvm::MulOverflow(folded.back(), constant, product))
      folded.push_back(constant);
    else
      folded.back() = product;
  }
  if (others.empty() && folded.size() == 1)
    return SizeExpr(folded.front());
  if (others.size() == 1 && folded.size() == 1 && folded.front() == 1)
    return others.front();
  auto made = std::make_shared<SizeExpr::Node>();
  made->kind = SizeExpr::Kind::Product;
  for (int64_t constant : folded)
    if (constant != 1)
      made->operands.push_back(SizeExpr(constant));
  llvm::append_range(made->operands, others);
  return SizeExpr(std::move(made));
}

SizeExpr ceilDiv(const SizeExpr &dividend, int64_t divisor) {
  assert(divisor > 0 && "a ceiling division by a positive constant");
  if (divisor == 1)
    return dividend;
  if (std::optional<int64_t> constant = dividend.getConstant())
    return SizeExpr(*constant / divisor + (*constant % divisor != 0));
  auto made = std::make_shared<SizeExpr::Node>();
  made->kind = SizeExpr::Kind::CeilDiv;
  made->value = divisor;
  made->operands = {dividend};
  return SizeExpr(std::move(made));
}

SizeExpr operator-(const SizeExpr &lhs, const SizeExpr &rhs) {
  std::optional<int64_t> left = lhs.getConstant(), right = rhs.getConstant();
  if (left && right && *left >= *right)
    return SizeExpr(*left - *right);
  if (right == 0)
    return lhs;
  if (lhs == rhs)
    return SizeExpr(0);
  auto made = std::make_shared<SizeExpr::Node>();
  made->kind = SizeExpr::Kind::Difference;
  made->operands = {lhs, rhs};
  return SizeExpr(std::move(made));
}

SizeExpr remainder(const SizeExpr &dividend, int64_t divisor) {
  assert(divisor > 0 && "a remainder by a positive constant");
  if (divisor == 1)
    return SizeExpr(0);
  if (std::optional<int64_t> constant = dividend.getConstant())
    return SizeExpr(*constant % divisor);
  auto made = std::make_shared<SizeExpr::Node>();
  made->kind = SizeExpr::Kind::Remainder;
  made->value = divisor;
  made->operands = {dividend};
  return SizeExpr(std::move(made));
}

SizeExpr SizeExpr::extremum(SizeExpr::Kind kind, const SizeExpr &lhs,
                            const SizeExpr &rhs) {
  std::optional<int64_t> left = lhs.getConstant(), right = rhs.getConstant();
  if (left && right)
    return SizeExpr(kind == SizeExpr::Kind::Min ? std::min(*left, *right)
                                                : std::max(*left, *right));
  if (lhs == rhs)
    return lhs;
  auto made = std::make_shared<SizeExpr::Node>();
  made->kind = kind;
  made->operands = {lhs, rhs};
  return SizeExpr(std::move(made));
}

SizeExpr min(const SizeExpr &lhs, const SizeExpr &rhs) {
  return SizeExpr::extremum(SizeExpr::Kind::Min, lhs, rhs);
}

SizeExpr max(const SizeExpr &lhs, const SizeExpr &rhs) {
  return SizeExpr::extremum(SizeExpr::Kind::Max, lhs, rhs);
}

SizeExpr gridBlocks(const SizeExpr &extent, int64_t tile) {
  if (std::optional<int64_t> constant = extent.getConstant())
    return SizeExpr(
        std::max<int64_t>(1, *constant / tile + (*constant % tile != 0)));
  return ceilDiv(extent, tile);
}

} // namespace lmhead
} // namespace mlir

bool SizeExpr::operator==(const SizeExpr &other) const {
  if (node == other.node)
    return true;
  return node->kind == other.node->kind && node->value == other.node->value &&
         node->symbol == other.node->symbol &&
         node->operands == other.node->operands;
}

std::optional<int64_t> SizeExpr::evaluate(
    llvm::function_ref<std::optional<int64_t>(llvm::StringRef)> symbolValue)
    const {
  switch (node->kind) {
  case Kind::Constant:
    return node->value;
  case Kind::Symbol:
    return symbolValue(node->symbol);
  case Kind::Product: {
    int64_t product = 1;
    for (const SizeExpr &factor : node->operands) {
      std::optional<int64_t> value = factor.evaluate(symbolValue);
      if (!value || llvm::MulOverflow(product, *value, product))
        return std::nullopt;
    }
    return product;
  }
  case Kind::Difference: {
    std::optional<int64_t> lhs = node->operands[0].evaluate(symbolValue);
    std::optional<int64_t> rhs = node->operands[1].evaluate(symbolValue);
    if (!lhs || !rhs || *lhs < *rhs)
      return std::nullopt;
    return *lhs - *rhs;
  }
  case Kind::CeilDiv:
  case Kind::Remainder: {
    std::optional<int64_t> value = node->operands[0].evaluate(symbolValue);
    if (!value)
      return std::nullopt;
    if (node->kind == Kind::Remainder)
      return *value % node->value;
    return *value / node->value + (*value % node->value != 0);
  }
  case Kind::Min:
  case Kind::Max: {
    std::optional<int64_t> lhs = node->operands[0].evaluate(symbolValue);
    std::optional<int64_t> rhs = node->operands[1].evaluate(symbolValue);
    if (!lhs || !rhs)
      return std::nullopt;
    return node->kind == Kind::Min ? std::min(*lhs, *rhs)
                                   : std::max(*lhs, *rhs);
  }
  }
  llvm_unreachable("unknown size expression");
}

std::vector<std::string> SizeExpr::symbols() const {
  std::vector<std::string> found;
  auto visit = [&](const SizeExpr &expr, auto &self) -> void {
    if (expr.getKind() == Kind::Symbol) {
      if (!llvm::is_contained(found, expr.getSymbol()))
        found.push_back(expr.getSymbol().str());
      return;
    }
    for (const SizeExpr &operand : expr.getOperands())
      self(operand, self);
  };
  visit(*this, visit);
  return found;
}

bool SizeExpr::reads(llvm::StringRef name) const {
  if (node->kind == Kind::Symbol)
    return node->symbol == name;
  return llvm::any_of(node->operands, [&](const SizeExpr &operand) {
    return operand.reads(name);
  });
}

SizeExpr SizeExpr::bind(llvm::StringRef name, int64_t value) const {
  if (!reads(name))
    return *this;
  auto operand = [&](unsigned i) {
    return node->operands[i].bind(name, value);
  };
  switch (node->kind) {
  case Kind::Constant:
    return *this;
  case Kind::Symbol:
    return SizeExpr(value);
  case Kind::Product: {
    SizeExpr product(1);
    for (unsigned i = 0, e = node->operands.size(); i < e; ++i)
      product = product * operand(i);
    return product;
  }
  case Kind::Difference:
    return operand(0) - operand(1);
  case Kind::CeilDiv:
    return ceilDiv(operand(0), node->value);
  case Kind::Remainder:
    return remainder(operand(0), node->value);
  case Kind::Min:
    return min(operand(0), operand(1));
  case Kind::Max:
    return max(operand(0), operand(1));
  }
  llvm_unreachable("unknown size expression");
}

void SizeExpr::print(llvm::raw_ostream &os) const {
  switch (node->kind) {
  case Kind::Constant:
    os << node->value;
    return;
  case Kind::Symbol:
    os << node->symbol;
    return;
  case Kind::Product:
    llvm::interleave(
        node->operands, os, [&](const SizeExpr &factor) { factor.print(os); },
        "*");
    return;
  case Kind::Difference:
    os << "(" << node->operands[0] << " - " << node->operands[1] << ")";
    return;
  case Kind::CeilDiv:
    os << "ceildiv(" << node->operands[0] << ", " << node->value << ")";
    return;
  case Kind::Remainder:
    os << "(" << node->operands[0] << " mod " << node->value << ")";
    return;
  case Kind::Min:
  case Kind::Max:
    os << (node->kind == Kind::Min ? "min(" : "max(") << node->operands[0]
       << ", " << node->operands[1] << ")";
    return;
  }
}

std::string SizeExpr::str() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  print(os);
  return text;
}
