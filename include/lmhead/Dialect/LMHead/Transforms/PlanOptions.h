//===- PlanOptions.h - typed options of the planning passes -----*- C++ -*-===//
//
// The options `--lmhead-plan` and `--lmhead-pipeline` share, written once:
//
// - The GPU target and the f32-operand policy are enums of the planning
//   library with `llvm::cl::values` keywords. Their parser says which
//   keywords it accepts and, when the value holds a comma (`target=sm_90a,
//   min-tokens=0`), that pass options are separated by spaces.
// - GemmTileOptions declares one integer option per field of GemmTiles.def
//   (`block-m`, ..., `group-rows`) on a pass or a pipeline's options, and reads
//   them back as one GemmTiles, so no field is copied by hand.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PLANOPTIONS_H
#define LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PLANOPTIONS_H

#include "lmhead/Planning/GemmTiles.h"
#include "lmhead/Planning/GpuTarget.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir {
namespace lmhead {

/// Whether an option parser has already told the user, in this process,
/// that pass options are separated by spaces (so that a driver need not say
/// it again).
inline bool &commaHintGiven() {
  static bool given = false;
  return given;
}

/// The command-line parser of an enum option whose keywords come from
/// `llvm::cl::values`. It behaves as llvm::cl::parser<EnumT> (MLIR's pass
/// options read `Values` to print an option back) with clearer errors.
template <typename EnumT>
class EnumOptionParser : public llvm::cl::generic_parser_base {
public:
  /// One accepted keyword, its value and its help text.
  struct OptionInfo : public GenericOptionInfo {
    OptionInfo(StringRef name, EnumT value, StringRef help)
        : GenericOptionInfo(name, help), V(value) {}
    llvm::cl::OptionValue<EnumT> V;
  };
  /// The accepted keywords, in the order `llvm::cl::values` gave them.
  llvm::SmallVector<OptionInfo, 4> Values;
  using parser_data_type = EnumT;

  /// The pass or pipeline whose option this is, for error messages.
  StringRef passName = "pass";

  explicit EnumOptionParser(llvm::cl::Option &owner)
      : generic_parser_base(owner) {}

  unsigned getNumOptions() const override { return Values.size(); }
  StringRef getOption(unsigned n) const override { return Values[n].Name; }
  StringRef getDescription(unsigned n) const override {
    return Values[n].HelpStr;
  }
  const llvm::cl::GenericOptionValue &
  getOptionValue(unsigned n) const override {
    return Values[n].V;
  }

  /// Sets `value` from the keyword `arg`, or reports the pass, the option
  /// and what is accepted, and returns true.
  bool parse(llvm::cl::Option &, StringRef argName, StringRef arg,
             EnumT &value) {
    for (const OptionInfo &info : Values) {
      if (info.Name == arg) {
        value = info.V.getValue();
        return false;
      }
    }
    llvm::SmallVector<StringRef, 4> names;
    for (const OptionInfo &info : Values)
      names.push_back(info.Name);
    llvm::errs() << "error: " << passName << ": option '" << argName << "': '"
                 << arg << "' is not one of " << llvm::join(names, ", ");
    if (arg.contains(',') && (commaHintGiven() = true))
      llvm::errs() << "; options are separated by spaces, not commas: --"
                   << passName << "='" << argName << "=" << arg.split(',').first
                   << " " << arg.split(',').second << "'";
    llvm::errs() << "\n";
    return true;
  }

  /// Called by `llvm::cl::values` for each keyword.
  template <typename ValueT>
  void addLiteralOption(StringRef name, const ValueT &value, StringRef help) {
    Values.emplace_back(name, static_cast<EnumT>(value), help);
    llvm::cl::AddLiteralOption(Owner, name);
  }
  void removeLiteralOption(StringRef name) {
    Values.erase(Values.begin() + findOption(name));
  }
};

/// The `llvm::cl::values` of a GPU target option.
inline auto gpuTargetValues() {
  return llvm::cl::values(
      clEnumValN(GpuTarget::Sm80, "sm_80",
                 "Ampere: cp.async + ldmatrix + mma.sync"),
      clEnumValN(GpuTarget::Sm90a, "sm_90a",
                 "Hopper: TMA + mbarrier + wgmma, warp-specialised"));
}

/// The `llvm::cl::values` of an f32-operands option.
inline auto f32OperandsValues() {
  return llvm::cl::values(
      clEnumValN(F32Operands::F32, "f32", "kept exact, on the host"),
      clEnumValN(F32Operands::BF16, "bf16",
                 "operands rounded to bf16 for the tensor-core kernels"));
}

/// The `llvm::cl::values` of a ce-schedule option.
inline auto ceScheduleValues() {
  return llvm::cl::values(
      clEnumValN(CESchedule::Auto, "auto",
                 "one pass when the cost model predicts it faster"),
      clEnumValN(CESchedule::OnePass, "one-pass",
                 "one pass whenever the forward and backward allow it"),
      clEnumValN(CESchedule::TwoPass, "two-pass",
                 "the forward's and the backward's own kernels"));
}

/// Names `passName` in the errors of the enum options `options...`.
template <typename... OptionTs>
void setOptionPassName(StringRef passName, OptionTs &...options) {
  (void(options.getParser().passName = passName), ...);
}

/// One integer option per field of GemmTiles.def, declared on `owner` (a
/// pass, or a pipeline's PassPipelineOptions): `block-m`, ...,
/// `group-rows`.
/// 0 leaves a field to the cost model.
template <typename OwnerT> struct GemmTileOptions {
  template <typename DataT>
  using OptionT = typename OwnerT::template Option<DataT>;

  explicit GemmTileOptions(OwnerT &owner) : owner(owner) {}

  OwnerT &owner;
#define LMHEAD_GEMM_TILE_FIELD(NAME, ACCESSOR, FLAG, DESCRIPTION)              \
  OptionT<int64_t> NAME{owner, FLAG, llvm::cl::desc(DESCRIPTION),              \
                        llvm::cl::init(0)};
#include "lmhead/Planning/GemmTiles.def"

  /// The options' values; 0 fields are left to the cost model.
  GemmTiles getValue() const {
    GemmTiles tiles;
#define LMHEAD_GEMM_TILE_FIELD(NAME, ACCESSOR, FLAG, DESCRIPTION)              \
  tiles.NAME = NAME;
#include "lmhead/Planning/GemmTiles.def"
    return tiles;
  }

  /// Sets every option from `tiles`.
  void setValue(const GemmTiles &tiles) {
#define LMHEAD_GEMM_TILE_FIELD(NAME, ACCESSOR, FLAG, DESCRIPTION)              \
  NAME = tiles.NAME;
#include "lmhead/Planning/GemmTiles.def"
  }
};

} // namespace lmhead
} // namespace mlir

namespace llvm {
namespace cl {
/// GPU target options parse with the keywords of gpuTargetValues().
template <>
class parser<mlir::lmhead::GpuTarget>
    : public mlir::lmhead::EnumOptionParser<mlir::lmhead::GpuTarget> {
public:
  using EnumOptionParser::EnumOptionParser;
};
/// f32-operands options parse with the keywords of f32OperandsValues().
template <>
class parser<mlir::lmhead::F32Operands>
    : public mlir::lmhead::EnumOptionParser<mlir::lmhead::F32Operands> {
public:
  using EnumOptionParser::EnumOptionParser;
};
/// ce-schedule options parse with the keywords of ceScheduleValues().
template <>
class parser<mlir::lmhead::CESchedule>
    : public mlir::lmhead::EnumOptionParser<mlir::lmhead::CESchedule> {
public:
  using EnumOptionParser::EnumOptionParser;
};
} // namespace cl
} // namespace llvm

#endif // LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PLANOPTIONS_H
