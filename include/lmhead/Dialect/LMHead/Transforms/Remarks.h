//===- Remarks.h - the remarks lmhead's passes give about an op -*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Every lmhead pass explains what it did to an op with MLIR remarks
// (`--remarks-filter=lmhead`): a remark named for what happened, in the
// pass's category, with the name of the function around the op. These are
// the options such a remark is given, in one place.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_TRANSFORMS_REMARKS_H
#define LMHEAD_DIALECT_LMHEAD_TRANSFORMS_REMARKS_H

#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace lmhead {

/// The name of the function around `op`, or "" outside one.
inline StringRef enclosingFunctionName(Operation *op) {
  if (auto func = op->getParentOfType<FunctionOpInterface>())
    return func.getName();
  return "";
}

/// The options of remark `name` of pass category `category` about `op`.
inline remark::RemarkOpts remarkAbout(Operation *op, StringRef name,
                                      StringRef category) {
  return remark::RemarkOpts::name(name).category(category).function(
      enclosingFunctionName(op));
}

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_DIALECT_LMHEAD_TRANSFORMS_REMARKS_H
