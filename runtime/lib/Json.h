//===- Json.h - the small JSON reader of bundle manifests --------*- C++
//-*-===//
//
// Bundle manifests (Bundle.h) are JSON; the runtime must not depend on a
// JSON library (it builds with a bare C++17 compiler), so it reads the
// subset manifests use: objects, arrays, strings (with the standard
// escapes, \u only for ASCII), integers, true, false and null. Errors name
// the line and column.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_JSON_H
#define LMHEAD_RUNTIME_LIB_JSON_H

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lmhead::runtime::json {

/// One JSON value.
struct Value {
  enum class Kind { Null, Bool, Integer, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  int64_t integer = 0;
  std::string string;
  std::vector<Value> array;
  /// Keys in sorted order; duplicate keys are a parse error.
  std::map<std::string, Value> object;

  bool isObject() const { return kind == Kind::Object; }
  bool isArray() const { return kind == Kind::Array; }
  bool isString() const { return kind == Kind::String; }
  bool isInteger() const { return kind == Kind::Integer; }
  /// The member `key` of an object, or null.
  const Value *find(const std::string &key) const;
};

/// Parses `text`; on failure returns nothing and sets `error` to
/// "line L, column C: <what>".
std::optional<Value> parse(const std::string &text, std::string &error);

} // namespace lmhead::runtime::json

#endif // LMHEAD_RUNTIME_LIB_JSON_H
