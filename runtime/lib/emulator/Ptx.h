//===- Ptx.h - PTX modules as the emulator reads them -----------*- C++ -*-===//
//
// The PTX emulator's front end turns PTX text (the subset LLVM's NVPTX
// backend writes) into this form: functions with their parameters,
// registers, state-space variables, labels and instructions. Instructions
// keep PTX's own spelling (opcode and dotted modifiers) and operands; the
// interpreter (Interpreter.h) gives them meaning. Anything the front end
// does not know is an error naming the line, not a guess.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_PTX_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_PTX_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lmhead::runtime::ptx {

/// One operand of an instruction.
struct Operand {
  enum class Kind {
    /// A register (%r1) or special register (%tid.x).
    Register,
    /// An integer immediate.
    Integer,
    /// A floating-point immediate written as its bits (0f3F800000 is f32,
    /// 0d3FF0000000000000 is f64).
    Float,
    /// A memory address [base+offset]: base a register, symbol or nothing.
    Address,
    /// A variable, parameter or function name.
    Symbol,
    /// A branch target.
    Label,
    /// A vector {a, b, ...} of operands.
    Vector,
  };
  Kind kind = Kind::Integer;
  /// Register, symbol or label name; for Address, the base ("" for none).
  std::string name;
  /// Integer value, or the bits of a float immediate.
  uint64_t bits = 0;
  /// Float immediates: true for f64 (0d...), false for f32 (0f...).
  bool isDouble = false;
  /// Address: the byte offset added to the base.
  int64_t offset = 0;
  /// Address: whether the base is a register (else a symbol).
  bool baseIsRegister = false;
  /// A register written !%p (negated predicate operand).
  bool negated = false;
  std::vector<Operand> elements;
};

/// One instruction, e.g. `@!%p1 ld.global.nc.v4.f32 {%f1, ...}, [%rd2+16];`.
struct Instruction {
  /// Line in the PTX text, for messages.
  int line = 0;
  /// The guard predicate register ("" when unguarded) and its negation.
  std::string guard;
  bool guardNegated = false;
  /// The opcode without modifiers ("ld") and the modifiers in order
  /// ({"global", "nc", "v4", "f32"}).
  std::string opcode;
  std::vector<std::string> modifiers;
  std::vector<Operand> operands;
  /// The source text, for messages.
  std::string text;

  bool has(const std::string &modifier) const;
};

/// A variable of a state space (.shared, .local, .global, .const).
struct Variable {
  std::string space;
  std::string name;
  /// Element type (".b8", ".f32", ...) and count; bytes = size × count.
  std::string type;
  uint64_t count = 1;
  unsigned align = 0;
  int line = 0;
  /// Dynamic shared memory (`.extern .shared ... name[]`).
  bool isExtern = false;
  /// The values of `= {...}`, as written (NVPTX's strings for
  /// __nvvm_reflect). The emulator does not place module-scope .global
  /// variables in memory: a kernel that addresses one fails, naming it.
  std::vector<std::string> initializer;

  uint64_t bytes() const;
};

/// A register declaration `.reg .b32 %r<4>;` (or a single register).
struct RegisterDecl {
  std::string type;
  std::string prefix;
  /// The number of registers %prefix0 .. %prefix<count-1>; 0 for a single
  /// register named `prefix`.
  unsigned count = 0;
};

/// A kernel parameter.
struct Parameter {
  std::string name;
  std::string type;
  unsigned align = 0;
  /// For .b8 arrays (structs passed by value), the element count.
  uint64_t count = 1;

  uint64_t bytes() const;
};

/// An .entry (kernel) or .func.
struct Function {
  std::string name;
  bool isEntry = false;
  int line = 0;
  std::vector<Parameter> params;
  std::vector<RegisterDecl> registers;
  /// .shared/.local variables declared in the body.
  std::vector<Variable> variables;
  std::vector<Instruction> body;
  /// Label name → index of the instruction that follows it.
  std::map<std::string, std::size_t> labels;
  /// .maxntid / .reqntid, when given.
  unsigned maxThreads[3] = {0, 0, 0};
  /// .reqnctapercluster, when given: the blocks of every cluster it is
  /// launched in; and .explicitcluster: it must be launched in clusters.
  unsigned clusterDims[3] = {0, 0, 0};
  bool explicitCluster = false;
};

/// A whole PTX module.
struct Module {
  std::string version;
  std::string target;
  unsigned addressSize = 64;
  std::vector<Variable> globals;
  std::vector<Function> functions;

  const Function *find(const std::string &name) const;
};

/// Bytes of a PTX type (".f32" → 4); 0 for an unknown type.
unsigned typeBytes(const std::string &type);

/// Parses `text`. On failure returns nothing and sets `error` to
/// "line N: <what is wrong> (in `<source line>`)".
std::optional<Module> parse(const std::string &text, std::string &error);

} // namespace lmhead::runtime::ptx

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_PTX_H
