//===- Decoder.cpp - PTX instructions to the interpreter's form -----------===//
//
// Opcodes and modifiers become an operation of Instructions.def and a data
// type, registers become indices into each thread's register file (64 bits
// per register, holding the value's bits), symbols become offsets in their
// state space, labels instruction indices. Anything outside the supported
// subset is reported here, before any thread runs.
//
//===----------------------------------------------------------------------===//

#include "EmulatorInternals.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

using namespace lmhead::runtime;
using namespace lmhead::runtime::emulator;

namespace {

class Decoder {
public:
  Decoder(const ptx::Function &kernel, DecodedKernel &out)
      : kernel(kernel), out(out) {}

  bool decode(std::string &error) {
    for (const ptx::RegisterDecl &decl : kernel.registers) {
      if (decl.count == 0) {
        registers[decl.prefix] = static_cast<int>(out.registers++);
        out.registerNames.push_back(decl.prefix);
      } else {
        for (unsigned i = 0; i < decl.count; ++i) {
          registers[decl.prefix + std::to_string(i)] =
              static_cast<int>(out.registers++);
          out.registerNames.push_back(decl.prefix + std::to_string(i));
        }
      }
    }
    for (const ptx::Parameter &param : kernel.params) {
      uint64_t align =
          std::max<uint64_t>(param.align, ptx::typeBytes(param.type));
      out.paramBytes = alignUp(out.paramBytes, align);
      out.paramOffsets[param.name] = out.paramBytes;
      out.paramBytes += param.bytes();
    }
    for (const ptx::Variable &variable : kernel.variables) {
      uint64_t align =
          std::max<uint64_t>(variable.align, ptx::typeBytes(variable.type));
      if (variable.space == ".shared") {
        if (variable.count == 0) {
          out.shared.dynamicName = variable.name;
          continue;
        }
        out.shared.staticBytes = alignUp(out.shared.staticBytes, align);
        out.shared.offsets[variable.name] = out.shared.staticBytes;
        out.shared.staticBytes += variable.bytes();
      } else {
        out.localBytes = alignUp(out.localBytes, align);
        out.localOffsets[variable.name] = out.localBytes;
        out.localBytes += variable.bytes();
      }
    }
    for (const ptx::Instruction &inst : kernel.body) {
      Decoded decoded;
      if (!instruction(inst, decoded)) {
        error = "line " + std::to_string(inst.line) + ": " + message +
                " (in `" + inst.text + "`)";
        return false;
      }
      out.code.push_back(std::move(decoded));
    }
    out.wgmmaRegisters.assign(out.registers, 0);
    for (const Decoded &decoded : out.code)
      if (decoded.op == Op::Wgmma) {
        out.hasWgmma = true;
        for (const Value &accumulator : decoded.operands[0].elements)
          if (accumulator.kind == Value::Kind::Register)
            out.wgmmaRegisters[accumulator.reg] = 1;
      }
    return true;
  }

  /// Module-level shared variables (extern dynamic shared memory).
  void addModuleShared(const std::vector<ptx::Variable> &globals) {
    for (const ptx::Variable &variable : globals)
      if (variable.space == ".shared") {
        if (variable.count == 0 || variable.isExtern) {
          out.shared.dynamicName = variable.name;
          continue;
        }
        uint64_t align =
            std::max<uint64_t>(variable.align, ptx::typeBytes(variable.type));
        out.shared.staticBytes = alignUp(out.shared.staticBytes, align);
        out.shared.offsets[variable.name] = out.shared.staticBytes;
        out.shared.staticBytes += variable.bytes();
      }
  }

private:
  bool fail(const std::string &what) {
    message = what;
    return false;
  }

  bool value(const ptx::Operand &operand, Value &value) {
    using K = ptx::Operand::Kind;
    switch (operand.kind) {
    case K::Integer:
      value.kind = Value::Kind::Immediate;
      value.imm = operand.bits;
      return true;
    case K::Float:
      value.kind = Value::Kind::Immediate;
      value.imm = operand.bits;
      return true;
    case K::Register: {
      if (operand.name == "_") {
        value.kind = Value::Kind::Sink;
        return true;
      }
      value.negated = operand.negated;
      static const std::map<std::string, Special> specials = {
          {"%tid.x", Special::TidX},
          {"%tid.y", Special::TidY},
          {"%tid.z", Special::TidZ},
          {"%ntid.x", Special::NtidX},
          {"%ntid.y", Special::NtidY},
          {"%ntid.z", Special::NtidZ},
          {"%ctaid.x", Special::CtaidX},
          {"%ctaid.y", Special::CtaidY},
          {"%ctaid.z", Special::CtaidZ},
          {"%nctaid.x", Special::NctaidX},
          {"%nctaid.y", Special::NctaidY},
          {"%nctaid.z", Special::NctaidZ},
          {"%laneid", Special::LaneId},
          {"%warpid", Special::WarpId},
          {"%nwarpid", Special::NWarpId},
          {"%clock", Special::Clock},
          {"%clock64", Special::Clock64},
          {"%dynamic_smem_size", Special::DynamicSharedSize},
          {"%total_smem_size", Special::TotalSharedSize},
          {"%cluster_ctaid.x", Special::ClusterCtaidX},
          {"%cluster_ctaid.y", Special::ClusterCtaidY},
          {"%cluster_ctaid.z", Special::ClusterCtaidZ},
          {"%cluster_nctaid.x", Special::ClusterNctaidX},
          {"%cluster_nctaid.y", Special::ClusterNctaidY},
          {"%cluster_nctaid.z", Special::ClusterNctaidZ},
          {"%cluster_ctarank", Special::ClusterCtarank},
          {"%cluster_nctarank", Special::ClusterNctarank},
          {"%clusterid.x", Special::ClusteridX},
          {"%clusterid.y", Special::ClusteridY},
          {"%clusterid.z", Special::ClusteridZ},
          {"%nclusterid.x", Special::NclusteridX},
          {"%nclusterid.y", Special::NclusteridY},
          {"%nclusterid.z", Special::NclusteridZ},
          {"%is_explicit_cluster", Special::IsExplicitCluster}};
      auto special = specials.find(operand.name);
      if (special != specials.end()) {
        value.kind = Value::Kind::Special;
        value.special = special->second;
        return true;
      }
      auto reg = registers.find(operand.name);
      if (reg == registers.end())
        return fail("undeclared register " + operand.name);
      value.kind = Value::Kind::Register;
      value.reg = reg->second;
      return true;
    }
    case K::Symbol: {
      value.kind = Value::Kind::Immediate;
      return symbol(operand.name, operand.offset, value);
    }
    case K::Label: {
      auto label = kernel.labels.find(operand.name);
      if (label == kernel.labels.end())
        return fail("unknown label " + operand.name);
      value.kind = Value::Kind::Label;
      value.target = label->second;
      return true;
    }
    case K::Address: {
      value.kind = Value::Kind::Address;
      value.imm = static_cast<uint64_t>(operand.offset);
      if (operand.name.empty())
        return true;
      for (const ptx::Operand &coordinates : operand.elements) {
        Value decoded;
        if (!this->value(coordinates, decoded))
          return false;
        value.elements.push_back(decoded);
      }
      if (operand.baseIsRegister) {
        auto reg = registers.find(operand.name);
        if (reg == registers.end())
          return fail("undeclared register " + operand.name);
        value.reg = reg->second;
        return true;
      }
      Value base;
      if (!symbol(operand.name, 0, base))
        return false;
      value.imm += base.imm;
      value.symbolSpace = base.symbolSpace;
      return true;
    }
    case K::Vector:
      value.kind = Value::Kind::Vector;
      for (const ptx::Operand &element : operand.elements) {
        Value decoded;
        if (!this->value(element, decoded))
          return false;
        value.elements.push_back(decoded);
      }
      return true;
    }
    return fail("unsupported operand");
  }

  /// A symbol's address in its state space.
  bool symbol(const std::string &name, int64_t offset, Value &value) {
    auto param = out.paramOffsets.find(name);
    if (param != out.paramOffsets.end()) {
      value.imm = param->second + static_cast<uint64_t>(offset);
      value.symbolSpace = Space::Param;
      return true;
    }
    auto shared = out.shared.offsets.find(name);
    if (shared != out.shared.offsets.end() || name == out.shared.dynamicName) {
      uint64_t base = shared != out.shared.offsets.end()
                          ? shared->second
                          : alignUp(out.shared.staticBytes, 16);
      value.imm = base + static_cast<uint64_t>(offset);
      value.symbolSpace = Space::Shared;
      return true;
    }
    auto local = out.localOffsets.find(name);
    if (local != out.localOffsets.end()) {
      value.imm = local->second + static_cast<uint64_t>(offset);
      value.symbolSpace = Space::Local;
      return true;
    }
    if (variables) {
      auto variable = variables->find(name);
      if (variable != variables->end()) {
        value.imm = variable->second + static_cast<uint64_t>(offset);
        value.symbolSpace = Space::Global;
        return true;
      }
    }
    return fail("unknown symbol " + name);
  }

  bool instruction(const ptx::Instruction &inst, Decoded &d) {
    d.source = &inst;
    if (!inst.guard.empty()) {
      auto reg = registers.find(inst.guard);
      if (reg == registers.end())
        return fail("undeclared predicate " + inst.guard);
      d.guard = reg->second;
      d.guardNegated = inst.guardNegated;
    }
    // Types: the last type modifier is the data type; cvt has two.
    std::vector<Type> types;
    bool sawSpace = false;
    for (const std::string &m : inst.modifiers) {
      if (auto type = typeOf(m))
        types.push_back(*type);
      else if (m == "v2" || m == "v4")
        d.vector = m == "v2" ? 2 : 4;
      else if (m == "global" || m == "shared" || m == "local" || m == "param" ||
               m == "const" || m == "shared::cta" || m == "shared::cluster") {
        d.space = m == "global"                    ? Space::Global
                  : m.compare(0, 6, "shared") == 0 ? Space::Shared
                  : m == "local"                   ? Space::Local
                  : m == "param"                   ? Space::Param
                                                   : Space::Const;
        // A TMA copy names the window of its destination first and of its
        // source after; the destination's is the one that counts.
        if (m == "shared::cluster" && !sawSpace)
          d.clusterWindow = true;
        sawSpace = true;
      } else if (m == "ftz")
        d.ftz = true;
      else if (m == "sat")
        d.saturate = true;
      else if (m == "approx" || m == "full")
        d.approx = true;
      else if (m == "rn" || m == "rz" || m == "rm" || m == "rp" || m == "rni" ||
               m == "rzi" || m == "rmi" || m == "rpi")
        d.rounding = m;
      else if (inst.opcode != "setp" && (m == "lo" || m == "hi" || m == "wide"))
        d.mode = m;
      else if (m == "eq" || m == "ne" || m == "lt" || m == "le" || m == "gt" ||
               m == "ge" || m == "lo" || m == "ls" || m == "hi" || m == "hs" ||
               m == "equ" || m == "neu" || m == "ltu" || m == "leu" ||
               m == "gtu" || m == "geu" || m == "num" || m == "nan")
        d.compare = m;
      else if (m == "and" || m == "or" || m == "xor")
        d.boolOp = m;
      else
        d.atomOp = d.atomOp.empty() ? m : d.atomOp + "." + m;
    }
    d.directed = d.rounding == "rz" || d.rounding == "rm" || d.rounding == "rp";
    d.tf32 = inst.has("tf32");
    d.wide = d.mode == "wide";
    d.high = d.mode == "hi";
    if (!d.compare.empty()) {
      static const std::map<std::string, Comparison> comparisons = {
          {"eq", Comparison::Eq},   {"ne", Comparison::Ne},
          {"lt", Comparison::Lt},   {"le", Comparison::Le},
          {"gt", Comparison::Gt},   {"ge", Comparison::Ge},
          {"lo", Comparison::Lo},   {"ls", Comparison::Ls},
          {"hi", Comparison::Hi},   {"hs", Comparison::Hs},
          {"equ", Comparison::EqU}, {"neu", Comparison::NeU},
          {"ltu", Comparison::LtU}, {"leu", Comparison::LeU},
          {"gtu", Comparison::GtU}, {"geu", Comparison::GeU},
          {"num", Comparison::Num}, {"nan", Comparison::Nan}};
      d.comparison = comparisons.at(d.compare);
    }
    d.types = types;
    if (!types.empty())
      d.type = types.back();
    if (types.size() >= 2)
      d.sourceType = types[types.size() - 1], d.type = types[types.size() - 2];

    static const std::map<std::string, Op> ops = {
#define LMHEAD_PTX_LANE_OP(OP, MNEMONIC, HANDLER) {MNEMONIC, Op::OP},
#define LMHEAD_PTX_WARPGROUP_OP(OP, MNEMONIC, HANDLER) {MNEMONIC, Op::OP},
#define LMHEAD_PTX_ALIAS(MNEMONIC, OP) {MNEMONIC, Op::OP},
#include "Instructions.def"
    };
    auto op = ops.find(inst.opcode);
    if (inst.opcode.empty() || op == ops.end())
      return fail("the emulator does not support the instruction '" +
                  inst.opcode + "'");
    d.op = op->second;
    if (inst.opcode == "cvta") {
      d.op = inst.has("to") ? Op::CvtaTo : Op::Cvta;
      d.atomOp.clear();
    }
    if (d.op == Op::CpAsync) {
      if (!inst.has("async"))
        return fail("only cp.async is supported of the cp instructions");
      if (inst.has("bulk")) {
        // TMA: tensor loads completing on an mbarrier, tensor stores in
        // bulk async-groups, and those groups' commit and wait.
        if (inst.has("commit_group"))
          d.op = Op::BulkCommit;
        else if (inst.has("wait_group"))
          d.op = Op::BulkWait;
        else if (inst.has("tensor") && inst.has("mbarrier::complete_tx::bytes"))
          d.op = Op::BulkTensor;
        else if (inst.has("tensor") && inst.has("bulk_group") &&
                 inst.has("global"))
          d.op = Op::BulkTensorStore;
        else
          return fail("of cp.async.bulk only the tensor loads completing on "
                      "an mbarrier, the tensor stores in bulk groups and "
                      "their commit_group and wait_group are emulated");
      } else if (inst.has("commit_group")) {
        d.op = Op::CpAsyncCommit;
      } else if (inst.has("wait_group") || inst.has("wait_all")) {
        d.op = Op::CpAsyncWait;
      }
    }
    if (d.op == Op::Mma) {
      for (const std::string &m : inst.modifiers)
        if (m.size() > 1 && m[0] == 'm' && std::isdigit(m[1])) {
          unsigned mm = 0, nn = 0, kk = 0;
          if (std::sscanf(m.c_str(), "m%un%uk%u", &mm, &nn, &kk) == 3)
            d.m = mm, d.n = nn, d.k = kk;
        }
      // tf32 is no type of its own elsewhere: `.f32.tf32.tf32.f32` (as
      // nvcc and LLVM write it) has A and B as f32 registers.
      if (inst.has("tf32") && d.types.size() == 2)
        d.types = {d.types[0], d.types[0], d.types[0], d.types[1]};
      if (!inst.has("sync") || d.types.size() != 4 || d.m != 16 || d.n != 8 ||
          !inst.has("row") || !inst.has("col"))
        return fail("only mma.sync.aligned.m16n8k{4,8,16}.row.col with D, A, "
                    "B and C types is emulated");
      Type a = d.types[1];
      bool half = a.kind == Kind::Float && a.bits == 16;
      bool tf32 =
          inst.modifiers.end() !=
          std::find(inst.modifiers.begin(), inst.modifiers.end(), "tf32");
      if (!((half && (d.k == 8 || d.k == 16)) ||
            (tf32 && (d.k == 4 || d.k == 8))) ||
          d.types[0].bits != 32 || d.types[3].bits != 32)
        return fail("mma.sync: only f16/bf16 (k8, k16) and tf32 (k4, k8) "
                    "with f32 accumulators are emulated");
    }
    if (d.op == Op::Wgmma) {
      if (inst.has("fence")) {
        d.op = Op::WgmmaFence;
      } else if (inst.has("commit_group")) {
        d.op = Op::WgmmaCommit;
      } else if (inst.has("wait_group")) {
        d.op = Op::WgmmaWait;
      } else if (!inst.has("mma_async")) {
        return fail("unknown wgmma instruction");
      } else {
        for (const std::string &m : inst.modifiers)
          if (m.size() > 1 && m[0] == 'm' && std::isdigit(m[1]))
            std::sscanf(m.c_str(), "m%un%uk%u", &d.m, &d.n, &d.k);
        bool half = d.types.size() == 3 && d.types[1].kind == Kind::Float &&
                    d.types[1].bits == 16 && d.types[2].bits == 16;
        // tf32 is no type of the emulator's: .f32.tf32.tf32 leaves f32.
        bool tf32 = inst.has("tf32") && d.k == 8;
        if (d.m != 64 || !((half && d.k == 16) || tf32) || d.n % 8 != 0 ||
            d.n < 8 || d.n > 256 || d.types[0].bits != 32 ||
            d.types[0].kind != Kind::Float)
          return fail("only wgmma.mma_async m64nNk16 with f16/bf16 inputs "
                      "and m64nNk8 with tf32 inputs, from shared-memory "
                      "descriptors with f32 accumulators, are emulated");
        if (inst.operands.size() < 4 ||
            inst.operands[0].kind != ptx::Operand::Kind::Vector ||
            inst.operands[0].elements.size() != d.n / 2)
          return fail("wgmma m64n" + std::to_string(d.n) + " needs " +
                      std::to_string(d.n / 2) + " accumulator registers");
      }
    }
    if (d.op == Op::Setmaxnreg) {
      if (!(inst.has("inc") || inst.has("dec")) || inst.operands.size() != 1 ||
          inst.operands[0].kind != ptx::Operand::Kind::Integer)
        return fail("setmaxnreg takes .inc or .dec and an immediate count");
    }
    if (d.op == Op::Ldmatrix || d.op == Op::Stmatrix) {
      d.transpose = inst.has("trans");
      d.count = inst.has("x4") ? 4 : inst.has("x2") ? 2 : 1;
      if (!inst.has("m8n8") || !inst.has("b16"))
        return fail("only " + inst.opcode + ".m8n8 of b16 is emulated");
    }
    if (d.op == Op::Shfl) {
      for (const char *mode : {"bfly", "down", "up", "idx"})
        if (inst.has(mode))
          d.shflMode = mode;
      if (d.shflMode.empty())
        return fail("shfl without a mode");
    }
    if (d.op == Op::Vote) {
      for (const char *mode : {"all", "any", "uni", "ballot"})
        if (inst.has(mode))
          d.voteMode = mode;
    }
    if (d.op == Op::Bar && inst.has("cluster")) {
      d.op = Op::ClusterBarrier;
      if (inst.has("arrive") == inst.has("wait"))
        return fail("barrier.cluster is .arrive or .wait");
    } else if (d.op == Op::Bar &&
               !(inst.has("sync") || inst.has("arrive") ||
                 inst.modifiers.empty() ||
                 (inst.modifiers.size() == 1 && inst.has("cta")) ||
                 (inst.has("cta") && inst.has("aligned")))) {
      return fail("of the named barriers bar.sync, bar.arrive and "
                  "barrier.sync/arrive are emulated (not bar.red)");
    }
    if ((d.op == Op::Atom || d.op == Op::Red) && d.atomOp.empty())
      return fail("atomic without an operation");
    for (const ptx::Operand &operand : inst.operands) {
      Value decoded;
      if (!value(operand, decoded))
        return false;
      d.operands.push_back(std::move(decoded));
    }
    // A scalar load or store may name its register in braces, `{ %rs1 }`,
    // as Triton's inline assembly writes them (ptxas takes it): a vector of
    // one register is that register.
    std::size_t data = d.op == Op::St ? 1 : 0;
    if ((d.op == Op::Ld || d.op == Op::St) && d.vector == 1 &&
        d.operands.size() > data &&
        d.operands[data].kind == Value::Kind::Vector &&
        d.operands[data].elements.size() == 1) {
      Value element = d.operands[data].elements.front();
      d.operands[data] = std::move(element);
    }
    return checkOperands(inst, d);
  }

  /// Checks that `d` has the operands its instruction takes, in number and
  /// in the shape of its vectors, so that the interpreter can rely on them.
  bool checkOperands(const ptx::Instruction &inst, const Decoded &d) {
    const std::vector<Value> &ops = d.operands;
    auto count = [&](std::size_t least, std::size_t most) {
      if (ops.size() >= least && ops.size() <= most)
        return true;
      std::string expected =
          least == most ? std::to_string(least)
                        : std::to_string(least) + " to " + std::to_string(most);
      return fail("'" + inst.opcode + "' takes " + expected +
                  " operands, not " + std::to_string(ops.size()));
    };
    auto isVector = [](const Value &v) {
      return v.kind == Value::Kind::Vector;
    };
    // A vector of exactly `size` registers (or immediates); a single one
    // too, when `size` is 1 and `scalarToo`.
    auto vectorOf = [&](std::size_t index, std::size_t size, const char *what,
                        bool scalarToo = false) {
      const Value &v = ops[index];
      bool ok = isVector(v)
                    ? v.elements.size() == size
                    : scalarToo && size == 1 && v.kind != Value::Kind::Address;
      for (const Value &element : v.elements)
        ok &= !isVector(element) && element.kind != Value::Kind::Address;
      return ok ||
             fail("'" + inst.opcode + "' needs " + what + " of " +
                  std::to_string(size) + " register" + (size == 1 ? "" : "s"));
    };
    // No operand but the ones an instruction takes as vectors is one.
    auto scalars = [&](std::initializer_list<std::size_t> vectors) {
      for (std::size_t i = 0; i < ops.size(); ++i)
        if (isVector(ops[i]) &&
            std::find(vectors.begin(), vectors.end(), i) == vectors.end())
          return fail("operand " + std::to_string(i + 1) + " of '" +
                      inst.opcode + "' cannot be a vector");
      return true;
    };
    switch (d.op) {
    case Op::Mov: {
      // mov d, a; or packing into / unpacking from {a, b[, c, d]}.
      if (!count(2, 2))
        return false;
      if (isVector(ops[0]) && isVector(ops[1]))
        return fail("mov packs into or unpacks from one vector, not two");
      std::size_t index = isVector(ops[0]) ? 0 : 1;
      if (!isVector(ops[index]))
        return true;
      std::size_t pieces = ops[index].elements.size();
      if ((pieces != 2 && pieces != 4) || d.type.bits == 0 ||
          d.type.bits % pieces != 0)
        return fail("mov packs or unpacks 2 or 4 pieces of a typed value");
      return vectorOf(index, pieces, "a vector");
    }
    case Op::Cvt:
      // cvt d, a; or cvt.rn.{bf16x2,f16x2}.f32 d, a, b.
      return count(2, 3) && scalars({});
    case Op::Neg:
    case Op::Abs:
    case Op::Not:
    case Op::Popc:
    case Op::Clz:
    case Op::Ex2:
    case Op::Lg2:
    case Op::Rcp:
    case Op::Sqrt:
    case Op::Rsqrt:
    case Op::Sin:
    case Op::Cos:
    case Op::Cvta:
    case Op::CvtaTo:
      return count(2, 2) && scalars({});
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Div:
    case Op::Rem:
    case Op::Min:
    case Op::Max:
    case Op::And:
    case Op::Or:
    case Op::Xor:
    case Op::Copysign:
    case Op::Shl:
    case Op::Shr:
      return count(3, 3) && scalars({});
    case Op::Selp:
    case Op::Mad:
    case Op::Fma:
    case Op::Bfe:
      return count(4, 4) && scalars({});
    case Op::Bfi:
      return count(5, 5) && scalars({});
    case Op::Setp:
      // setp.cmp p[|q], a, b[, c] (c with .and/.or/.xor)
      return count(d.boolOp.empty() ? 3 : 4, d.boolOp.empty() ? 3 : 4) &&
             scalars({0}) &&
             (!isVector(ops[0]) || vectorOf(0, 2, "p|q, a pair") ||
              vectorOf(0, 1, "p, one predicate"));
    case Op::Ld:
    case Op::St: {
      std::size_t data = d.op == Op::St ? 1 : 0;
      return count(2, 2) && scalars({data}) &&
             (d.vector == 1 ? !isVector(ops[data]) ||
                                  fail("a vector operand needs .v2 or .v4")
                            : vectorOf(data, d.vector, "a vector"));
    }
    case Op::Atom:
      return count(d.atomOp.find("cas") != std::string::npos ? 4 : 3,
                   d.atomOp.find("cas") != std::string::npos ? 4 : 3) &&
             scalars({});
    case Op::Red:
      return count(2, 2) && scalars({});
    case Op::CpAsync:
      return count(3, 4) && scalars({});
    case Op::CpAsyncCommit:
    case Op::WgmmaFence:
    case Op::WgmmaCommit:
    case Op::Ret:
    case Op::Exit:
      return count(0, 0);
    case Op::CpAsyncWait:
      return inst.has("wait_all") ? count(0, 0) : count(1, 1) && scalars({});
    case Op::BulkTensor: {
      // [dst], [map, {c0, ...}], [mbar][, ctaMask (.multicast::cluster)]
      // [, cache-policy (.L2::cache_hint, a hint the emulator ignores)]
      std::size_t operands =
          3 + inst.has("multicast::cluster") + inst.has("L2::cache_hint");
      return count(operands, operands);
    }
    case Op::BulkTensorStore:
      // [map, {c0, ...}], [src][, cache-policy (.L2::cache_hint)]
      return count(inst.has("L2::cache_hint") ? 3 : 2,
                   inst.has("L2::cache_hint") ? 3 : 2);
    case Op::BulkCommit:
      return count(0, 0);
    case Op::BulkWait:
      return count(1, 1) && scalars({});
    case Op::Mbarrier: {
      bool init = inst.has("init"), inval = inst.has("inval");
      bool wait = inst.has("try_wait") || inst.has("test_wait");
      return (init    ? count(2, 2)
              : inval ? count(1, 1)
              : wait  ? count(3, 4)
                      : count(1, 3)) &&
             scalars({});
    }
    case Op::Mma: {
      bool tf32 = inst.has("tf32");
      unsigned aRegisters = tf32 ? d.k / 2 : d.k / 4;
      unsigned bRegisters = tf32 ? d.k / 4 : d.k / 8;
      return count(4, 4) && vectorOf(0, 4, "D, a vector") &&
             vectorOf(1, aRegisters, "A, a vector") &&
             vectorOf(2, bRegisters, "B, a vector") &&
             vectorOf(3, 4, "C, a vector");
    }
    case Op::Ldmatrix:
      return count(2, 2) && scalars({0}) &&
             vectorOf(0, d.count, "a vector", /*scalarToo=*/true);
    case Op::Stmatrix:
      // stmatrix [a], {r, ...}
      return count(2, 2) && scalars({1}) &&
             vectorOf(1, d.count, "a vector", /*scalarToo=*/true);
    case Op::Wgmma:
      return count(4, 8) && scalars({0});
    case Op::WgmmaWait:
    case Op::Bra:
      return count(1, 1) && scalars({});
    case Op::Bar:
      return count(inst.has("arrive") ? 2 : 0, 2) && scalars({});
    case Op::ClusterBarrier:
      return count(0, 0);
    case Op::Mapa:
      return count(3, 3) && scalars({});
    case Op::Getctarank:
      return count(2, 2) && scalars({});
    case Op::Shfl:
      // shfl.sync.mode.b32 d[|p], a, b, c, membermask
      return count(5, 5) && scalars({0}) &&
             (!isVector(ops[0]) ||
              (ops[0].elements.size() >= 1 && ops[0].elements.size() <= 2) ||
              fail("shfl writes d or d|p"));
    case Op::Vote:
      return count(2, 3) && scalars({});
    case Op::Elect:
      // elect.sync d|p, membermask
      return count(1, 2) && scalars({0}) &&
             (!isVector(ops[0]) || vectorOf(0, 2, "d|p, a pair"));
    case Op::Setmaxnreg:
    case Op::Nop:
      return count(0, 1) && scalars({});
    case Op::Fence:
      // fence.proxy.tensormap::generic.acquire.* [a], 128 has operands.
      return count(0, 2) && scalars({});
    case Op::Prefetch:
      return count(1, 1) && scalars({});
    }
    return true;
  }

public:
  /// The module's device variables' addresses, or null.
  const std::map<std::string, uint64_t> *variables = nullptr;

private:
  const ptx::Function &kernel;
  DecodedKernel &out;
  std::map<std::string, int> registers;
  std::string message;
};

} // namespace

bool lmhead::runtime::emulator::decodeKernel(
    const ptx::Module &module, const ptx::Function &kernel, DecodedKernel &out,
    std::string &error, const std::map<std::string, uint64_t> *variables) {
  Decoder decoder(kernel, out);
  decoder.addModuleShared(module.globals);
  decoder.variables = variables;
  return decoder.decode(error);
}
