//===- Json.cpp - the small JSON reader of bundle manifests ---------------===//
//
// A recursive-descent reader over the text, tracking line and column for
// messages. Nesting is limited so that a malicious manifest cannot exhaust
// the stack.
//
//===----------------------------------------------------------------------===//

#include "Json.h"

#include <cctype>
#include <limits>

using namespace lmhead::runtime::json;

const Value *Value::find(const std::string &key) const {
  if (kind != Kind::Object)
    return nullptr;
  auto it = object.find(key);
  return it == object.end() ? nullptr : &it->second;
}

namespace {

constexpr int kMaxDepth = 64;

class Reader {
public:
  explicit Reader(const std::string &text) : text(text) {}

  std::optional<Value> document(std::string &error) {
    Value value;
    bool ok = parseValue(value, 0);
    if (ok) {
      skipSpace();
      if (position != text.size())
        ok = fail("text after the value");
    }
    if (!ok) {
      error = message;
      return std::nullopt;
    }
    return value;
  }

private:
  bool fail(const std::string &what) {
    if (message.empty()) {
      size_t line = 1, column = 1;
      for (size_t i = 0; i < position && i < text.size(); ++i) {
        if (text[i] == '\n') {
          ++line;
          column = 1;
        } else {
          ++column;
        }
      }
      message = "line " + std::to_string(line) + ", column " +
                std::to_string(column) + ": " + what;
    }
    return false;
  }

  void skipSpace() {
    while (position < text.size() &&
           (text[position] == ' ' || text[position] == '\t' ||
            text[position] == '\n' || text[position] == '\r'))
      ++position;
  }

  bool literal(const char *word) {
    size_t length = std::char_traits<char>::length(word);
    if (text.compare(position, length, word) != 0)
      return fail("expected a value");
    position += length;
    return true;
  }

  bool parseValue(Value &value, int depth) {
    if (depth > kMaxDepth)
      return fail("nested deeper than " + std::to_string(kMaxDepth));
    skipSpace();
    if (position == text.size())
      return fail("unexpected end of the text");
    char c = text[position];
    if (c == '{')
      return parseObject(value, depth);
    if (c == '[')
      return parseArray(value, depth);
    if (c == '"') {
      value.kind = Value::Kind::String;
      return parseString(value.string);
    }
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c)))
      return parseInteger(value);
    if (c == 't') {
      value.kind = Value::Kind::Bool;
      value.boolean = true;
      return literal("true");
    }
    if (c == 'f') {
      value.kind = Value::Kind::Bool;
      return literal("false");
    }
    if (c == 'n')
      return literal("null");
    return fail(std::string("unexpected character '") + c + "'");
  }

  bool parseInteger(Value &value) {
    size_t start = position;
    bool negative = text[position] == '-';
    if (negative)
      ++position;
    if (position == text.size() ||
        !std::isdigit(static_cast<unsigned char>(text[position])))
      return fail("expected digits");
    uint64_t magnitude = 0;
    while (position < text.size() &&
           std::isdigit(static_cast<unsigned char>(text[position]))) {
      uint64_t digit = static_cast<uint64_t>(text[position] - '0');
      if (magnitude > (std::numeric_limits<uint64_t>::max() - digit) / 10)
        return fail("integer out of range");
      magnitude = magnitude * 10 + digit;
      ++position;
    }
    if (position < text.size() &&
        (text[position] == '.' || text[position] == 'e' ||
         text[position] == 'E'))
      return fail("only integers are accepted here");
    uint64_t limit = negative
                         ? uint64_t(std::numeric_limits<int64_t>::max()) + 1
                         : uint64_t(std::numeric_limits<int64_t>::max());
    if (magnitude > limit) {
      position = start;
      return fail("integer out of range");
    }
    value.kind = Value::Kind::Integer;
    value.integer = negative ? static_cast<int64_t>(0 - magnitude)
                             : static_cast<int64_t>(magnitude);
    return true;
  }

  bool parseString(std::string &out) {
    ++position; // the opening quote
    while (position < text.size()) {
      char c = text[position++];
      if (c == '"')
        return true;
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (position == text.size())
        break;
      char escape = text[position++];
      switch (escape) {
      case '"':
      case '\\':
      case '/':
        out += escape;
        break;
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u': {
        if (position + 4 > text.size())
          return fail("truncated \\u escape");
        unsigned code = 0;
        for (int i = 0; i < 4; ++i) {
          char h = text[position++];
          code <<= 4;
          if (h >= '0' && h <= '9')
            code |= static_cast<unsigned>(h - '0');
          else if (h >= 'a' && h <= 'f')
            code |= static_cast<unsigned>(h - 'a' + 10);
          else if (h >= 'A' && h <= 'F')
            code |= static_cast<unsigned>(h - 'A' + 10);
          else
            return fail("bad \\u escape");
        }
        if (code > 0x7f)
          return fail("\\u escapes beyond ASCII are not accepted");
        out += static_cast<char>(code);
        break;
      }
      default:
        return fail(std::string("unknown escape '\\") + escape + "'");
      }
    }
    return fail("unterminated string");
  }

  bool parseArray(Value &value, int depth) {
    value.kind = Value::Kind::Array;
    ++position;
    skipSpace();
    if (position < text.size() && text[position] == ']') {
      ++position;
      return true;
    }
    while (true) {
      Value element;
      if (!parseValue(element, depth + 1))
        return false;
      value.array.push_back(std::move(element));
      skipSpace();
      if (position < text.size() && text[position] == ',') {
        ++position;
        continue;
      }
      if (position < text.size() && text[position] == ']') {
        ++position;
        return true;
      }
      return fail("expected ',' or ']'");
    }
  }

  bool parseObject(Value &value, int depth) {
    value.kind = Value::Kind::Object;
    ++position;
    skipSpace();
    if (position < text.size() && text[position] == '}') {
      ++position;
      return true;
    }
    while (true) {
      skipSpace();
      if (position == text.size() || text[position] != '"')
        return fail("expected a key string");
      std::string key;
      size_t keyStart = position;
      if (!parseString(key))
        return false;
      skipSpace();
      if (position == text.size() || text[position] != ':')
        return fail("expected ':' after the key");
      ++position;
      Value member;
      if (!parseValue(member, depth + 1))
        return false;
      if (!value.object.emplace(key, std::move(member)).second) {
        position = keyStart;
        return fail("duplicate key \"" + key + "\"");
      }
      skipSpace();
      if (position < text.size() && text[position] == ',') {
        ++position;
        continue;
      }
      if (position < text.size() && text[position] == '}') {
        ++position;
        return true;
      }
      return fail("expected ',' or '}'");
    }
  }

  const std::string &text;
  size_t position = 0;
  std::string message;
};

} // namespace

std::optional<Value> lmhead::runtime::json::parse(const std::string &text,
                                                  std::string &error) {
  return Reader(text).document(error);
}
