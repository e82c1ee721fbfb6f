//===- CrossEntropyByValue.cpp - a cross-entropy known by what it computes ===//
//
// When no known spelling of the logit gradient matches (CrossEntropyMatch.cpp),
// dZ is recognised by what it computes. The reference is the family that
// lmhead.ce_linear_grad computes, for a token with label y, soft-capped
// logits z' = c·tanh(z/c) (z' = z without a cap), lse' = log Σ_v exp z',
// p' = exp(z' − lse') and the cap's derivative d = 1 − tanh²(z/c) (1
// without a cap):
//
//   dZ[v] = d[v] · (A·p'[v] − B − C·[v = y])
//   A = s·(1 + 2·w·lse'),  B = s·ε/V,  C = s·(1 − ε)
//
// with s the upstream gradient of the token's loss, ε the label smoothing
// and w the z-loss weight. On a made-up problem (VirtualTokens.h), three
// columns of one token give A, B and C; every other column, and a second
// token with another row and label, must then agree, which identifies the
// graph's dZ with one member of the family and reads off s, ε and w.
// Ignored tokens must have dZ = 0. The loss is found the same way: the
// rank-0 value of the block that equals the mean or the sum of
//
//   loss[n] = (1 − ε)(lse' − z'[y]) + ε(lse' − mean_v z') + w·lse'²
//
// over the valid tokens, on two made-up problems.
//
//===----------------------------------------------------------------------===//

#include "CrossEntropyByValue.h"
#include "LabelEvaluation.h"
#include "VirtualTokens.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SetVector.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// Relative tolerance of the identity tests: the evaluation is in f64, the
/// constants of the graph in f32.
constexpr double kTolerance = 1e-5;

bool close(double a, double b, double scale) {
  return std::abs(a - b) <= kTolerance * std::max(scale, 1e-30);
}

/// The reference pieces of one token's row.
struct RowReference {
  std::vector<double> capped, derivative, probability;
  double lse = 0;
};

RowReference reference(ArrayRef<double> logits, double softcap) {
  RowReference r;
  r.capped.resize(logits.size());
  r.derivative.resize(logits.size());
  double max = -INFINITY;
  for (auto [v, z] : llvm::enumerate(logits)) {
    double t = softcap > 0 ? std::tanh(z / softcap) : 0;
    r.capped[v] = softcap > 0 ? softcap * t : z;
    r.derivative[v] = softcap > 0 ? 1 - t * t : 1;
    max = std::max(max, r.capped[v]);
  }
  double sum = 0;
  for (double z : r.capped)
    sum += std::exp(z - max);
  r.lse = max + std::log(sum);
  r.probability.resize(logits.size());
  for (auto [v, z] : llvm::enumerate(r.capped))
    r.probability[v] = std::exp(z - r.lse);
  return r;
}

/// A made-up problem of four tokens: rows drawn from `seed`, labels 3, 7,
/// `third` and V − 1.
std::vector<VirtualToken> madeUpTokens(int64_t vocab, unsigned seed,
                                       double third) {
  std::mt19937 generator(seed);
  std::normal_distribution<double> logit(0.0, 2.0);
  std::vector<VirtualToken> tokens(4);
  double labels[4] = {3, 7, third, static_cast<double>(vocab - 1)};
  for (auto [i, token] : llvm::enumerate(tokens)) {
    token.logits.resize(vocab);
    for (double &z : token.logits)
      z = logit(generator);
    token.label = labels[i];
  }
  return tokens;
}

/// The parameters read off one token's dZ.
struct Fit {
  double s = 0, smoothing = 0, zLoss = 0;
};

/// Fits the reference family to the dZ row `d` of a token with label
/// `label`, known at the columns that are not NaN (the label's among them);
/// nothing when no member matches every such column.
std::optional<Fit> fitRow(ArrayRef<double> d, ArrayRef<double> logits,
                          int64_t label, double softcap) {
  int64_t vocab = d.size();
  RowReference r = reference(logits, softcap);
  // Two columns other than the label, with the most different p'.
  int64_t a = -1, b = -1;
  for (int64_t v = 0; v < vocab; ++v) {
    if (v == label || std::isnan(d[v]))
      continue;
    if (a < 0 || r.probability[v] > r.probability[a])
      a = v;
    if (b < 0 || r.probability[v] < r.probability[b])
      b = v;
  }
  if (a < 0 || r.probability[a] == r.probability[b] || r.derivative[a] == 0 ||
      r.derivative[b] == 0 || r.derivative[label] == 0)
    return std::nullopt;
  double da = d[a] / r.derivative[a], db = d[b] / r.derivative[b];
  double A = (da - db) / (r.probability[a] - r.probability[b]);
  double B = A * r.probability[a] - da;
  double C = A * r.probability[label] - B - d[label] / r.derivative[label];
  double scale = 0;
  for (double x : d)
    if (!std::isnan(x))
      scale = std::max(scale, std::abs(x));
  for (int64_t v = 0; v < vocab; ++v) {
    if (std::isnan(d[v]))
      continue;
    double expected =
        r.derivative[v] * (A * r.probability[v] - B - (v == label ? C : 0.0));
    if (!close(d[v], expected, scale))
      return std::nullopt;
  }
  Fit fit;
  fit.s = C + static_cast<double>(vocab) * B;
  if (fit.s == 0 || !std::isfinite(fit.s))
    return std::nullopt;
  fit.smoothing = static_cast<double>(vocab) * B / fit.s;
  fit.zLoss = (A / fit.s - 1) / (2 * r.lse);
  return fit;
}

/// A parameter read off by fitting, as the shortest decimal of the f32
/// constant it came from (0.1, not 0.10000000149): the value the training
/// code wrote. 0 when it is 0 up to the fit's error.
double cleanParameter(double value) {
  if (std::abs(value) < 1e-7)
    return 0.0;
  float single = static_cast<float>(value);
  for (int digits = 1; digits <= 9; ++digits) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.*g", digits,
                  static_cast<double>(single));
    double decimal = std::strtod(text, nullptr);
    if (static_cast<float>(decimal) == single)
      return decimal;
  }
  return single;
}

/// Soft-cap candidates: c for each tanh(z/c) or tanh(z·(1/c)) in `e`.
SmallVector<double> softcapCandidates(const Expr *e) {
  SmallVector<double> caps{0.0};
  forEachNode(e, [&](const Expr &node) {
    if (!isOp(&node, "math.tanh"))
      return;
    const Expr *x = stripRounding(node.operands[0]);
    if (x->kind != Expr::Kind::Op || x->operands.size() != 2)
      return;
    std::optional<double> k = constantValue(*stripRounding(x->operands[1]));
    if (!k || *k == 0)
      return;
    double c = isOp(x, "arith.divf")   ? *k
               : isOp(x, "arith.mulf") ? 1.0 / *k
                                       : 0.0;
    if (c > 0 && !llvm::is_contained(caps, c))
      caps.push_back(c);
  });
  return caps;
}

/// Whether `e` reads scalars only: constants, scalars from outside, rank-0
/// tensors or tensors read at unit dimensions.
bool readsScalarsOnly(const Expr *e) {
  bool scalar = true;
  forEachNode(e, [&](const Expr &node) {
    if (node.kind == Expr::Kind::Index || node.kind == Expr::Kind::RowScatter)
      scalar = false;
    if (node.kind == Expr::Kind::Tensor &&
        llvm::any_of(node.loops, [](int64_t l) { return l >= 0; }))
      scalar = false;
  });
  return scalar;
}

} // namespace

std::optional<CrossEntropyGradMatch> mlir::lmhead::matchCrossEntropyGradByValue(
    ElementwiseExprBuilder &exprs, const Expr *e, unsigned tokenRank,
    std::string &why, bool *computesOther) {
  auto other = [&](const char *reason) {
    why = reason;
    if (computesOther)
      *computesOther = true;
    return std::nullopt;
  };
  // The logits: the one h·Wᵀ product read over the token and vocabulary
  // loops, and a [V] bias added to it, if any.
  SmallVector<int64_t, 2> allLoops = tokenLoops(tokenRank + 1);
  std::optional<CrossEntropyGradMatch> found;
  bool ambiguous = false;
  forEachNode(e, [&](const Expr &node) {
    if (!node.isTensorReading(allLoops) || ambiguous)
      return;
    CrossEntropyGradMatch candidate;
    candidate.tokenRank = tokenRank;
    std::string logitsWhy;
    if (!matchLogitsProduct(&node, candidate, logitsWhy))
      return;
    if (found && found->logits != candidate.logits)
      ambiguous = true;
    found = candidate;
  });
  if (!found || ambiguous) {
    why = ambiguous ? "dZ reads the logits of two products"
                    : "dZ reads no logits product h*W^T";
    return std::nullopt;
  }
  CrossEntropyGradMatch match = *found;
  forEachNode(e, [&](const Expr &node) {
    if (!isOp(&node, "arith.addf"))
      return;
    for (unsigned which : {0u, 1u}) {
      const Expr *product = stripRounding(node.operands[which]);
      const Expr *bias = stripRounding(node.operands[1 - which]);
      if (product->kind == Expr::Kind::Tensor &&
          product->value == match.logitsValue &&
          bias->isTensorReading({static_cast<int64_t>(tokenRank)}) &&
          cast<RankedTensorType>(bias->value.getType()).getRank() == 1)
        match.bias = bias->value;
    }
  });
  match.labels = findLabels(e, tokenRank);
  if (!match.labels) {
    why = "dZ does not read exactly one per-token integer label tensor";
    return std::nullopt;
  }
  int64_t vocab =
      cast<RankedTensorType>(match.logitsValue.getType()).getShape().back();
  if (ShapedType::isDynamic(vocab) || vocab < 16) {
    why = "the vocabulary size is not static (or under 16)";
    return std::nullopt;
  }
  VirtualTokens problem(exprs, match.logitsValue, match.labels, match.bias,
                        vocab);
  // The columns dZ is compared at: the made-up labels, both ends, and 64
  // drawn at random (every column for small vocabularies). The graph's
  // reductions still run over the whole row.
  llvm::SetVector<int64_t> columns;
  for (int64_t v :
       {int64_t(0), int64_t(1), int64_t(3), int64_t(7), vocab / 2, vocab - 1})
    columns.insert(v);
  std::mt19937 draw(4);
  for (int64_t v = 0; vocab <= 80 && v < vocab; ++v)
    columns.insert(v);
  while (columns.size() < std::min<int64_t>(vocab, 70))
    columns.insert(static_cast<int64_t>(draw() % vocab));
  auto dzRow = [&](unsigned token) -> std::optional<std::vector<double>> {
    std::vector<double> row(vocab, std::nan(""));
    for (int64_t v : columns) {
      std::optional<double> value = problem.at(e, token, v, tokenRank);
      if (!value || !std::isfinite(*value))
        return std::nullopt;
      row[v] = *value;
    }
    return row;
  };

  // The ignored label: a negative integer of dZ for which a token's dZ is
  // 0 (set first: ignored tokens change the count a mean divides by).
  for (int64_t candidate : integerConstants(e)) {
    if (candidate >= 0)
      continue;
    problem.setTokens(madeUpTokens(vocab, 1, candidate));
    std::optional<std::vector<double>> ignored = dzRow(2);
    if (ignored && llvm::all_of(*ignored, [](double x) {
          return std::isnan(x) || x == 0;
        })) {
      match.ignoreIndex = candidate;
      break;
    }
  }
  double third = match.ignoreIndex;
  problem.setTokens(madeUpTokens(vocab, 1, third));

  std::optional<std::vector<double>> rows[2] = {dzRow(0), dzRow(1)};
  if (!rows[0] || !rows[1]) {
    why = "dZ cannot be evaluated on a made-up problem (it reads something "
          "other than the logits, the labels, scalars and reductions of "
          "them)";
    return std::nullopt;
  }
  std::optional<Fit> fit;
  for (double cap : softcapCandidates(e)) {
    std::optional<Fit> first =
        fitRow(*rows[0], problem.getTokens()[0].logits,
               static_cast<int64_t>(problem.getTokens()[0].label), cap);
    std::optional<Fit> second =
        fitRow(*rows[1], problem.getTokens()[1].logits,
               static_cast<int64_t>(problem.getTokens()[1].label), cap);
    if (!first || !second || !close(first->s, second->s, std::abs(first->s)) ||
        !close(first->smoothing, second->smoothing, 1.0) ||
        !close(first->zLoss, second->zLoss, 1.0))
      continue;
    fit = first;
    match.logitSoftcap = cap;
    break;
  }
  if (!fit)
    return other("dZ is not s*(p*(1 + 2*w*lse) - eps/V - (1 - eps)*onehot) "
                 "(times the soft-cap's derivative) for one s shared by the "
                 "tokens, a label smoothing eps, a z-loss weight w and a "
                 "soft-cap");
  match.labelSmoothing = cleanParameter(fit->smoothing);
  match.zLossWeight = cleanParameter(fit->zLoss);
  if (match.labelSmoothing < 0 || match.labelSmoothing >= 1)
    return other("dZ smooths the labels by a factor outside [0, 1)");

  // s itself, as a scalar expression of dZ: the first label-free node that
  // reads scalars only and is s times ±1, ±(1 − eps), ±eps or ±eps/V (the
  // factors a smoothed gradient scales it by).
  const Expr *upstream = nullptr;
  double factor = 1.0;
  double eps = match.labelSmoothing;
  double factors[] = {1, 1 - eps, eps, eps / static_cast<double>(vocab)};
  forEachNode(e, [&](const Expr &node) {
    if (upstream || node.kind != Expr::Kind::Op || !readsScalarsOnly(&node))
      return;
    std::optional<double> value = problem.at(&node, 0, 0, tokenRank);
    if (!value || *value == 0)
      return;
    for (double k : factors)
      for (double sign : {1.0, -1.0})
        if (!upstream && k != 0 &&
            close(*value, sign * k * fit->s, std::abs(k * fit->s))) {
          upstream = &node;
          factor = 1.0 / (sign * k);
        }
  });
  // Or the product of two: dZ may scale by s in two steps, e.g. 1/count
  // and the derivative of a function applied to the loss.
  const Expr *secondFactor = nullptr;
  if (!upstream) {
    SmallVector<std::pair<const Expr *, double>> scalars;
    forEachNode(e, [&](const Expr &node) {
      const Expr *candidate = &node;
      // The value a select keeps for valid tokens.
      if (isOp(candidate, "arith.select"))
        if (std::optional<double> zero = constantValue(*node.operands[2]);
            zero && *zero == 0)
          candidate = node.operands[1];
      if (candidate->kind != Expr::Kind::Op || !readsScalarsOnly(candidate))
        return;
      std::optional<double> value = problem.at(candidate, 0, 0, tokenRank);
      if (value && *value != 0 && std::isfinite(*value) && scalars.size() < 64)
        scalars.push_back({candidate, *value});
    });
    for (auto [i, a] : llvm::enumerate(scalars))
      for (auto [j, b] : llvm::enumerate(scalars)) {
        if (j <= i || upstream)
          continue;
        double product = a.second * b.second;
        for (double k : factors)
          for (double sign : {1.0, -1.0})
            if (!upstream && k != 0 &&
                close(product, sign * k * fit->s, std::abs(k * fit->s))) {
              upstream = a.first;
              secondFactor = b.first;
              factor = 1.0 / (sign * k);
            }
      }
  }
  if (!upstream) {
    why = "dZ has the form of a cross-entropy gradient, but no scalar "
          "expression of it is the upstream gradient s of a token's loss";
    return std::nullopt;
  }
  match.targetGrad = upstream;
  match.targetGradFactor = secondFactor;
  match.targetGradScale = factor;
  match.upstreamIsNegatedTarget = false;
  return match;
}

std::optional<MeanLossMatch>
mlir::lmhead::findLossByValue(ElementwiseExprBuilder &exprs, Block *block,
                              const CrossEntropyGradMatch &match) {
  int64_t vocab =
      cast<RankedTensorType>(match.logitsValue.getType()).getShape().back();
  if (ShapedType::isDynamic(vocab))
    return std::nullopt;
  // The reference on a made-up problem: the mean and the sum of the valid
  // tokens' losses.
  auto expected = [&](const std::vector<VirtualToken> &tokens) {
    double sum = 0, count = 0;
    for (const VirtualToken &token : tokens) {
      if (token.label == match.ignoreIndex)
        continue;
      RowReference r = reference(token.logits, match.logitSoftcap);
      double mean = 0;
      for (double z : r.capped)
        mean += z / static_cast<double>(vocab);
      double target = r.capped[static_cast<int64_t>(token.label)];
      sum += (1 - match.labelSmoothing) * (r.lse - target) +
             match.labelSmoothing * (r.lse - mean) +
             match.zLossWeight * r.lse * r.lse;
      count += 1;
    }
    return std::make_pair(sum / count, sum);
  };
  std::vector<VirtualToken> problems[2] = {
      madeUpTokens(vocab, 2, match.ignoreIndex),
      madeUpTokens(vocab, 3, static_cast<double>(vocab / 2))};
  std::pair<double, double> references[2] = {expected(problems[0]),
                                             expected(problems[1])};
  std::optional<MeanLossMatch> found;
  for (Operation &op : *block) {
    if (!isa<linalg::GenericOp>(op) || op.getNumResults() != 1)
      continue;
    auto type = dyn_cast<RankedTensorType>(op.getResult(0).getType());
    if (!type || type.getRank() != 0 || !isa<FloatType>(type.getElementType()))
      continue;
    const Expr *e = exprs.build(op.getResult(0), {});
    if (!e)
      continue;
    std::optional<Reduction> reduction;
    SmallVector<Operation *, 1> gathers;
    for (unsigned which : {0u, 1u}) {
      VirtualTokens problem(exprs, match.logitsValue, match.labels, match.bias,
                            vocab);
      problem.setTokens(problems[which]);
      std::optional<double> loss = problem.at(e, 0, 0, -1);
      if (!loss)
        break;
      auto [mean, sum] = references[which];
      std::optional<Reduction> kind;
      if (close(*loss, mean, std::abs(mean)))
        kind = Reduction::Mean;
      else if (close(*loss, sum, std::abs(sum)))
        kind = Reduction::Sum;
      if (!kind || (reduction && *reduction != *kind)) {
        reduction.reset();
        break;
      }
      reduction = kind;
      gathers.assign(problem.gathersRun().begin(), problem.gathersRun().end());
      if (which == 0)
        continue;
      // The latest value that is the loss is the one whose uses die.
      found = MeanLossMatch{op.getResult(0), gathers, *reduction};
    }
  }
  return found;
}
