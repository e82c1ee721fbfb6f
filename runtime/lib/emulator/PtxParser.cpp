//===- PtxParser.cpp - PTX text to the emulator's module form -------------===//
//
// Two steps: a tokenizer that knows PTX's lexical rules (comments, dotted
// names, registers with %, labels with $, hex float immediates) and keeps
// each token's line, then a recursive-descent reader of directives, function
// bodies and instructions. Statements the emulator has no use for
// (.pragma, .loc, .file, debug sections) are skipped; anything else it does
// not know is an error naming the line.
//
//===----------------------------------------------------------------------===//

#include "Ptx.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>

using namespace lmhead::runtime::ptx;

namespace {
/// The most registers a function may declare. LLVM's kernels declare a few
/// thousand (the largest cross-entropy kernels about 3,000); each register
/// takes 8 bytes in every emulated thread, so a hostile `%r<N>` must not
/// make the emulator allocate gigabytes.
constexpr uint64_t kMaxFunctionRegisters = 16384;
} // namespace

bool Instruction::has(const std::string &modifier) const {
  for (const std::string &m : modifiers)
    if (m == modifier)
      return true;
  return false;
}

unsigned lmhead::runtime::ptx::typeBytes(const std::string &type) {
  static const std::map<std::string, unsigned> sizes = {
      {".b8", 1},  {".s8", 1},    {".u8", 1},     {".b16", 2},  {".s16", 2},
      {".u16", 2}, {".f16", 2},   {".bf16", 2},   {".b32", 4},  {".s32", 4},
      {".u32", 4}, {".f32", 4},   {".b64", 8},    {".s64", 8},  {".u64", 8},
      {".f64", 8}, {".f16x2", 4}, {".bf16x2", 4}, {".pred", 1}, {".b128", 16}};
  auto it = sizes.find(type);
  return it == sizes.end() ? 0 : it->second;
}

uint64_t Variable::bytes() const { return typeBytes(type) * count; }
uint64_t Parameter::bytes() const { return typeBytes(type) * count; }

const Function *Module::find(const std::string &name) const {
  for (const Function &function : functions)
    if (function.name == name)
      return &function;
  return nullptr;
}

namespace {

struct Token {
  std::string text;
  int line;
};

bool isNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '%' || c == '.';
}

/// Splits `text` into tokens; comments are dropped, strings kept whole.
bool tokenize(const std::string &text, std::vector<Token> &tokens,
              std::string &error) {
  int line = 1;
  for (std::size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n')
        ++i;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      std::size_t end = text.find("*/", i + 2);
      if (end == std::string::npos) {
        error = "line " + std::to_string(line) + ": unterminated comment";
        return false;
      }
      for (std::size_t j = i; j < end; ++j)
        line += text[j] == '\n';
      i = end + 2;
    } else if (c == '"') {
      std::size_t end = text.find('"', i + 1);
      if (end == std::string::npos) {
        error = "line " + std::to_string(line) + ": unterminated string";
        return false;
      }
      tokens.push_back({text.substr(i, end + 1 - i), line});
      i = end + 1;
    } else if (isNameChar(c)) {
      std::size_t start = i;
      // Qualifiers such as .shared::cluster and .mbarrier::complete_tx::bytes
      // keep their "::" inside the name.
      while (i < text.size() &&
             (isNameChar(text[i]) ||
              (text[i] == ':' && i + 2 < text.size() && text[i + 1] == ':' &&
               isNameChar(text[i + 2]) && i > start)))
        i += text[i] == ':' ? 2 : 1;
      tokens.push_back({text.substr(start, i - start), line});
    } else if (std::string(";,{}()[]<>:+-!@|=").find(c) != std::string::npos) {
      tokens.push_back({std::string(1, c), line});
      ++i;
    } else {
      error = "line " + std::to_string(line) + ": unexpected character '" +
              std::string(1, c) + "'";
      return false;
    }
  }
  return true;
}

class Parser {
public:
  Parser(const std::vector<Token> &tokens, const std::string &text)
      : tokens(tokens) {
    std::size_t start = 0;
    while (start <= text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string::npos)
        end = text.size();
      lines.push_back(text.substr(start, end - start));
      start = end + 1;
    }
  }

  std::optional<Module> module(std::string &error) {
    Module result;
    while (!atEnd()) {
      if (!directive(result)) {
        error = message;
        return std::nullopt;
      }
    }
    return result;
  }

private:
  // --- Token access ---------------------------------------------------
  bool atEnd() const { return position >= tokens.size(); }
  const std::string &peek(std::size_t ahead = 0) const {
    static const std::string end;
    return position + ahead < tokens.size() ? tokens[position + ahead].text
                                            : end;
  }
  int line() const {
    if (tokens.empty())
      return 0;
    return tokens[std::min(position, tokens.size() - 1)].line;
  }
  std::string next() {
    return atEnd() ? std::string() : tokens[position++].text;
  }
  bool accept(const std::string &text) {
    if (peek() != text)
      return false;
    ++position;
    return true;
  }
  bool fail(const std::string &what) {
    if (message.empty()) {
      int at = line();
      std::string source =
          at > 0 && at <= static_cast<int>(lines.size()) ? lines[at - 1] : "";
      std::size_t first = source.find_first_not_of(" \t");
      source = first == std::string::npos ? "" : source.substr(first);
      message = "line " + std::to_string(at) + ": " + what;
      if (!source.empty())
        message += " (in `" + source + "`)";
    }
    return false;
  }
  bool expect(const std::string &text) {
    if (accept(text))
      return true;
    return fail("expected '" + text + "' but found '" + peek() + "'");
  }
  /// Skips to the end of the current statement (after its ';').
  void skipStatement() {
    while (!atEnd() && next() != ";")
      ;
  }
  /// Skips the rest of the current line: a directive that ends with its
  /// line, not with a ';' (`.loc 1 8 23`, `.loc 2 43 13, function_name
  /// $L__info_string0, inlined_at 1 10 23`, `.file 1 "mm.py"`). Skipping
  /// to a ';' would take the next statement with it.
  void skipLine() {
    int at = line();
    while (!atEnd() && tokens[position].line == at)
      ++position;
  }

  static bool isInteger(const std::string &text) {
    if (text.empty())
      return false;
    std::size_t i = 0;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
      i = 2;
    for (; i < text.size(); ++i)
      if (!std::isxdigit(static_cast<unsigned char>(text[i])))
        return false;
    return text.size() > 2 && (text[1] == 'x' || text[1] == 'X')
               ? true
               : text.find_first_not_of("0123456789") == std::string::npos;
  }
  bool integer(uint64_t &value) {
    bool negative = accept("-");
    std::string text = next();
    if (!isInteger(text))
      return fail("expected an integer but found '" + text + "'");
    value = std::strtoull(text.c_str(), nullptr, 0);
    if (negative)
      value = 0 - value;
    return true;
  }

  // --- Module level -----------------------------------------------------
  bool directive(Module &module) {
    std::string word = peek();
    if (word == ".version") {
      next();
      module.version = next();
      return true;
    }
    if (word == ".target") {
      next();
      module.target = next();
      while (accept(","))
        next();
      return true;
    }
    if (word == ".address_size") {
      next();
      uint64_t size;
      if (!integer(size))
        return false;
      if (size != 64)
        return fail("only .address_size 64 is supported");
      module.addressSize = 64;
      return true;
    }
    if (word == ".file" || word == ".section" || word == ".pragma") {
      if (word == ".section") { // debug sections: { ... }
        while (!atEnd() && next() != "{")
          ;
        int depth = 1;
        while (!atEnd() && depth > 0) {
          std::string t = next();
          depth += t == "{";
          depth -= t == "}";
        }
        return true;
      }
      if (word == ".file")
        skipLine();
      else
        skipStatement();
      return true;
    }
    // Linkage, then a function or a variable.
    bool isExtern = false;
    while (peek() == ".visible" || peek() == ".extern" || peek() == ".weak" ||
           peek() == ".common") {
      isExtern |= peek() == ".extern";
      next();
    }
    if (peek() == ".entry" || peek() == ".func")
      return function(module, isExtern);
    if (peek() == ".global" || peek() == ".const" || peek() == ".shared") {
      Variable variable;
      if (!variableDecl(variable))
        return false;
      variable.isExtern = isExtern;
      module.globals.push_back(variable);
      return true;
    }
    return fail("unsupported directive '" + word + "'");
  }

  /// `.space [.align N] .type name[N] [= {...}];` (the space not yet read).
  bool variableDecl(Variable &variable) {
    variable.line = line();
    variable.space = next();
    if (accept(".align")) {
      uint64_t align;
      if (!integer(align))
        return false;
      variable.align = static_cast<unsigned>(align);
    }
    variable.type = next();
    if (typeBytes(variable.type) == 0)
      return fail("unknown type '" + variable.type + "'");
    variable.name = next();
    if (accept("[")) {
      if (accept("]")) {
        variable.count = 0; // sized at launch (dynamic shared memory)
      } else {
        if (!integer(variable.count) || !expect("]"))
          return false;
        // An array of arrays: `name[2][4]`.
        while (accept("[")) {
          uint64_t inner;
          if (!integer(inner) || !expect("]"))
            return false;
          variable.count *= inner;
        }
      }
    }
    if (accept("=") && !initializer(variable))
      return false;
    return expect(";");
  }

  /// `= value` or `= {value, ...}` (nested for arrays of arrays): the
  /// values' texts, in order.
  bool initializer(Variable &variable) {
    int depth = 0;
    while (true) {
      while (accept("{"))
        ++depth;
      std::string value = next();
      if (value == "-")
        value += next();
      if (value.empty() || value == ";" || value == "," || value == "}")
        return fail("expected a value in the initializer of '" + variable.name +
                    "'");
      variable.initializer.push_back(value);
      while (depth > 0 && accept("}"))
        --depth;
      if (depth == 0)
        return true;
      if (!expect(","))
        return false;
    }
  }

  bool function(Module &module, bool isExtern) {
    Function function;
    function.line = line();
    function.isEntry = next() == ".entry";
    if (!function.isEntry && peek() == "(") // return parameters of a .func
      return fail(".func with return values is not supported");
    function.name = next();
    if (accept("(")) {
      while (!accept(")")) {
        Parameter param;
        if (!accept(".param") && !accept(".reg"))
          return fail("expected a parameter but found '" + peek() + "'");
        // Qualifiers (.ptr, a state space, .align N) come before or after
        // the type.
        auto qualifiers = [&] {
          while (peek() == ".align" || peek() == ".ptr" ||
                 peek() == ".global" || peek() == ".shared" ||
                 peek() == ".const" || peek() == ".local") {
            if (next() == ".align") {
              uint64_t align;
              if (!integer(align))
                return false;
              param.align = static_cast<unsigned>(align);
            }
          }
          return true;
        };
        if (!qualifiers())
          return false;
        param.type = next();
        if (typeBytes(param.type) == 0)
          return fail("unknown parameter type '" + param.type + "'");
        if (!qualifiers())
          return false;
        param.name = next();
        if (accept("[")) {
          if (!integer(param.count) || !expect("]"))
            return false;
        }
        function.params.push_back(param);
        if (!accept(",") && peek() != ")")
          return fail("expected ',' or ')' in the parameter list");
      }
    }
    // Performance directives.
    while (peek() == ".maxntid" || peek() == ".reqntid" ||
           peek() == ".minnctapersm" || peek() == ".maxnreg" ||
           peek() == ".maxclusterrank" || peek() == ".reqnctapercluster" ||
           peek() == ".explicitcluster" || peek() == ".noreturn") {
      std::string which = next();
      function.explicitCluster |= which == ".explicitcluster";
      if (which == ".reqnctapercluster")
        std::fill(function.clusterDims, function.clusterDims + 3, 1u);
      for (int i = 0; i < 3 && peek() != "{" && peek() != ";" &&
                      !(peek().size() && peek()[0] == '.');
           ++i) {
        uint64_t value;
        if (!integer(value))
          return false;
        if (which == ".maxntid" || which == ".reqntid")
          function.maxThreads[i] = static_cast<unsigned>(value);
        if (which == ".reqnctapercluster")
          function.clusterDims[i] = static_cast<unsigned>(value);
        accept(",");
      }
    }
    if (accept(";")) { // a declaration
      if (!isExtern && function.isEntry)
        return fail("kernel '" + function.name + "' has no body");
      return true;
    }
    if (!expect("{") || !body(function))
      return false;
    module.functions.push_back(std::move(function));
    return true;
  }

  // --- Function bodies --------------------------------------------------
  bool body(Function &function) {
    while (!accept("}")) {
      if (atEnd())
        return fail("unterminated function body of '" + function.name + "'");
      if (!statement(function))
        return false;
    }
    return true;
  }

  bool statement(Function &function) {
    const std::string &word = peek();
    if (word == "{") { // a nested scope (inline asm): its names are local
      next();
      enterScope();
      bool ok = body(function);
      scopes.pop_back();
      scopeSuffixes.pop_back();
      return ok;
    }
    if (word == ".reg")
      return registerDecl(function);
    if (word == ".shared" || word == ".local") {
      Variable variable;
      if (!variableDecl(variable))
        return false;
      function.variables.push_back(variable);
      return true;
    }
    if (word == ".loc" || word == ".file") {
      skipLine();
      return true;
    }
    if (word == ".pragma") {
      skipStatement();
      return true;
    }
    if (peek(1) == ":" && word.size() && word[0] != '%' && word[0] != '.') {
      function.labels[resolve(word)] = function.body.size();
      next();
      next();
      return true;
    }
    return instruction(function);
  }

  bool registerDecl(Function &function) {
    next(); // .reg
    RegisterDecl decl;
    decl.type = next();
    if (typeBytes(decl.type) == 0)
      return fail("unknown register type '" + decl.type + "'");
    while (true) {
      RegisterDecl one = decl;
      one.prefix = next();
      if (one.prefix.empty() ||
          !(one.prefix[0] == '%' ||
            std::isalpha(static_cast<unsigned char>(one.prefix[0]))))
        return fail("expected a register name but found '" + one.prefix + "'");
      one.prefix = declare(one.prefix);
      uint64_t declared = 1;
      bool vector = accept("<");
      if (vector) {
        if (!integer(declared) || !expect(">"))
          return false;
      }
      uint64_t total = declared;
      for (const RegisterDecl &earlier : function.registers)
        total += earlier.count ? earlier.count : 1;
      if (declared > kMaxFunctionRegisters || total > kMaxFunctionRegisters)
        return fail(
            "the function declares more than " +
            std::to_string(kMaxFunctionRegisters) + " registers (" +
            one.prefix +
            (vector ? "<" + std::to_string(declared) + ">" : std::string()) +
            " among them); the emulator holds at most that many");
      if (vector)
        one.count = static_cast<unsigned>(declared);
      function.registers.push_back(one);
      if (!accept(","))
        break;
    }
    return expect(";");
  }

  bool instruction(Function &function) {
    Instruction inst;
    inst.line = line();
    if (inst.line > 0 && inst.line <= static_cast<int>(lines.size())) {
      inst.text = lines[inst.line - 1];
      std::size_t first = inst.text.find_first_not_of(" \t");
      inst.text = first == std::string::npos ? "" : inst.text.substr(first);
    }
    if (accept("@")) {
      inst.guardNegated = accept("!");
      inst.guard = resolve(next());
    }
    std::string name = next();
    if (name.empty() || !std::isalpha(static_cast<unsigned char>(name[0])))
      return fail("expected an instruction but found '" + name + "'");
    std::size_t dot = name.find('.');
    inst.opcode = name.substr(0, dot);
    while (dot != std::string::npos) {
      std::size_t nextDot = name.find('.', dot + 1);
      inst.modifiers.push_back(name.substr(dot + 1, nextDot == std::string::npos
                                                        ? std::string::npos
                                                        : nextDot - dot - 1));
      dot = nextDot;
    }
    while (!accept(";")) {
      if (atEnd())
        return fail("unterminated instruction");
      Operand operand;
      if (!this->operand(operand, inst))
        return false;
      inst.operands.push_back(std::move(operand));
      if (!accept(",") && peek() != ";")
        return fail("expected ',' or ';' after an operand");
    }
    function.body.push_back(std::move(inst));
    return true;
  }

  bool operand(Operand &operand, const Instruction &inst) {
    if (accept("{") || accept("(")) {
      std::string close = tokens[position - 1].text == "{" ? "}" : ")";
      operand.kind = Operand::Kind::Vector;
      while (!accept(close)) {
        Operand element;
        if (!this->operand(element, inst))
          return false;
        operand.elements.push_back(std::move(element));
        if (!accept(",") && peek() != close)
          return fail("expected ',' or '" + close + "' in an operand list");
      }
      return true;
    }
    if (accept("[")) {
      operand.kind = Operand::Kind::Address;
      if (peek() != "]" && !(peek() == "-" || std::isdigit(peek()[0]))) {
        operand.name = resolve(next());
        operand.baseIsRegister =
            operand.name[0] == '%' || isScopedRegister(operand.name);
      }
      if (accept("+") || (peek() == "-" && !operand.name.empty()) ||
          (operand.name.empty() && peek() != "]")) {
        uint64_t offset;
        if (!integer(offset))
          return false;
        operand.offset = static_cast<int64_t>(offset);
      }
      if (accept(",")) { // [tensorMap, {coordinates}]
        Operand coordinates;
        if (!this->operand(coordinates, inst))
          return false;
        operand.elements.push_back(std::move(coordinates));
      }
      return expect("]");
    }
    if (accept("!")) {
      operand.kind = Operand::Kind::Register;
      operand.negated = true;
      operand.name = resolve(next());
      return true;
    }
    std::string text = peek();
    if (text == "-" || (!text.empty() && std::isdigit(text[0]))) {
      if (text.size() > 2 && text[0] == '0' &&
          (text[1] == 'f' || text[1] == 'F' || text[1] == 'd' ||
           text[1] == 'D')) {
        next();
        operand.kind = Operand::Kind::Float;
        operand.isDouble = text[1] == 'd' || text[1] == 'D';
        operand.bits = std::strtoull(text.c_str() + 2, nullptr, 16);
        return true;
      }
      operand.kind = Operand::Kind::Integer;
      return integer(operand.bits);
    }
    next();
    if (text.empty())
      return fail("expected an operand");
    if (text[0] == '%' || text == "_" || isScopedRegister(text)) {
      operand.kind = Operand::Kind::Register;
      operand.name = resolve(text);
      if (accept("|")) { // d|p: a pair of destinations
        Operand second;
        second.kind = Operand::Kind::Register;
        // Renamed like the first: inline asm declares both in its scope.
        second.name = resolve(next());
        Operand pair;
        pair.kind = Operand::Kind::Vector;
        pair.elements = {operand, second};
        operand = pair;
      }
      return true;
    }
    operand.kind =
        inst.opcode == "bra" ? Operand::Kind::Label : Operand::Kind::Symbol;
    operand.name = resolve(text);
    if (accept("+")) { // symbol+offset
      uint64_t offset;
      if (!integer(offset))
        return false;
      operand.offset = static_cast<int64_t>(offset);
    }
    return true;
  }

  // --- Names of nested scopes -------------------------------------------
  // Inline asm brings `{ .reg .pred P1; L: ... bra L; }` blocks whose
  // registers and labels are local: inside such a scope they are renamed
  // `name#N`, unique per scope, so that two copies of one block do not
  // clash.

  /// Enters a nested scope; its labels (which may be used before they are
  /// defined) are collected first.
  void enterScope() {
    std::map<std::string, std::string> names;
    std::string suffix = "#" + std::to_string(++scopeCount);
    int depth = 0;
    for (std::size_t i = position; i + 1 < tokens.size(); ++i) {
      const std::string &t = tokens[i].text;
      if (t == "{")
        ++depth;
      else if (t == "}" && depth-- == 0)
        break;
      else if (depth == 0 && tokens[i + 1].text == ":" && !t.empty() &&
               t[0] != '%' && t[0] != '.' &&
               (i == position || tokens[i - 1].text == ";" ||
                tokens[i - 1].text == "{" || tokens[i - 1].text == "}" ||
                tokens[i - 1].text == ":"))
        names[t] = t + suffix;
    }
    scopes.push_back(std::move(names));
    scopeSuffixes.push_back(suffix);
  }

  /// Declares a register: renamed inside a nested scope.
  std::string declare(const std::string &name) {
    if (scopes.empty())
      return name;
    std::string renamed = name + scopeSuffixes.back();
    scopes.back()[name] = renamed;
    scopedRegisters.insert(renamed);
    return renamed;
  }

  /// The name `name` refers to in the current scopes.
  std::string resolve(const std::string &name) const {
    for (auto scope = scopes.rbegin(); scope != scopes.rend(); ++scope) {
      auto it = scope->find(name);
      if (it != scope->end())
        return it->second;
    }
    return name;
  }

  bool isScopedRegister(const std::string &name) const {
    return scopedRegisters.count(resolve(name)) != 0;
  }

  const std::vector<Token> &tokens;
  std::vector<std::string> lines;
  std::vector<std::map<std::string, std::string>> scopes;
  std::vector<std::string> scopeSuffixes;
  std::set<std::string> scopedRegisters;
  unsigned scopeCount = 0;
  std::size_t position = 0;
  std::string message;
};

} // namespace

std::optional<Module> lmhead::runtime::ptx::parse(const std::string &text,
                                                  std::string &error) {
  std::vector<Token> tokens;
  if (!tokenize(text, tokens, error))
    return std::nullopt;
  return Parser(tokens, text).module(error);
}
