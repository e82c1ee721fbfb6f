//===- FuzzMlirParse.cpp - libFuzzer target: parsing lmhead's MLIR --------===//
//
// Every input is MLIR text, parsed and verified with every upstream dialect
// and lmhead's (MlirHarness.h): the lmhead ops' parsers, printers' inverse,
// attribute and enum parsing and the ops' verifiers. No pass runs, so this
// is the fastest of the MLIR fuzzers and the one that reaches the
// verifiers' corners; a parsed module is printed in the generic form and
// parsed back, which must succeed.
//
//===----------------------------------------------------------------------===//

#include "MlirHarness.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/raw_ostream.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, std::size_t size) {
  lmhead::fuzz::ParsedInput parsed = lmhead::fuzz::parseInput(data, size);
  if (!parsed.module)
    return 0;
  std::string printed;
  llvm::raw_string_ostream os(printed);
  parsed.module->print(os, mlir::OpPrintingFlags().printGenericOpForm());
  mlir::ParserConfig config(parsed.context.get());
  if (!mlir::parseSourceString<mlir::ModuleOp>(printed, config)) {
    std::fprintf(stderr, "lmhead-fuzz-mlir-parse: a verified module's "
                         "generic form does not parse back\n");
    std::abort();
  }
  return 0;
}
