//===- PtxSignature.cpp - a kernel's parameters, read from its PTX --------===//
//
// Only the kernel's header is read: the tokens of `.entry name ( ... )`.
// The rest of the module is skipped token by token (comments and strings
// whole), so a kernel body this reader does not understand does not matter.
//
//===----------------------------------------------------------------------===//

#include "PtxSignature.h"
#include "emulator/Ptx.h"

#include <algorithm>
#include <cctype>

using namespace lmhead::runtime;

namespace {

/// The most bytes a kernel's parameters may take (CUDA's limit); a larger
/// array is not a signature a driver would accept.
constexpr std::size_t kMaxParameterBytes = 32764;

/// PTX text as tokens: words (letters, digits and `_$.%`, so `.param` and
/// `%r1` are one each), quoted strings, and single other characters.
/// Whitespace and comments separate tokens and are not tokens.
class PtxTokens {
public:
  explicit PtxTokens(std::string_view text) : text(text) {}

  /// The next token; empty at the end of the text.
  std::string_view next() {
    skipSpaceAndComments();
    if (at >= text.size())
      return {};
    std::size_t begin = at;
    if (isWordCharacter(text[at])) {
      while (at < text.size() && isWordCharacter(text[at]))
        ++at;
    } else if (text[at] == '"') {
      for (++at; at < text.size() && text[at] != '"'; ++at)
        if (text[at] == '\\')
          ++at;
      at = std::min(at + 1, text.size());
    } else {
      ++at;
    }
    return text.substr(begin, at - begin);
  }

  /// The next token, left to be read again.
  std::string_view peek() {
    std::size_t saved = at;
    std::string_view token = next();
    at = saved;
    return token;
  }

private:
  static bool isWordCharacter(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
           c == '$' || c == '.' || c == '%';
  }

  void skipSpaceAndComments() {
    while (at < text.size()) {
      if (std::isspace(static_cast<unsigned char>(text[at]))) {
        ++at;
      } else if (text.compare(at, 2, "//") == 0) {
        std::size_t end = text.find('\n', at);
        at = end == std::string_view::npos ? text.size() : end + 1;
      } else if (text.compare(at, 2, "/*") == 0) {
        std::size_t end = text.find("*/", at + 2);
        at = end == std::string_view::npos ? text.size() : end + 2;
      } else {
        return;
      }
    }
  }

  std::string_view text;
  std::size_t at = 0;
};

/// Reads a decimal count of at most kMaxParameterBytes.
bool parseCount(std::string_view token, std::size_t &count) {
  if (token.empty() || token.size() > 6)
    return false;
  count = 0;
  for (char c : token) {
    if (!std::isdigit(static_cast<unsigned char>(c)))
      return false;
    count = count * 10 + static_cast<std::size_t>(c - '0');
  }
  return count <= kMaxParameterBytes;
}

bool isQualifier(std::string_view token) {
  return token == ".ptr" || token == ".global" || token == ".shared" ||
         token == ".const" || token == ".local";
}

/// Reads the parameter list after the kernel's name (the tokens from its
/// `(` on); a kernel declared without one takes no parameters.
bool readParameters(PtxTokens &tokens, std::vector<std::size_t> &sizes,
                    std::string &error) {
  if (tokens.peek() != "(")
    return true;
  tokens.next();
  if (tokens.peek() == ")")
    return true;
  while (true) {
    std::string_view token = tokens.next();
    if (token != ".param") {
      error = "expected '.param' in its parameter list, found '" +
              std::string(token) + "'";
      return false;
    }
    // Qualifiers (.align N, .ptr, a state space) before or after the type.
    std::size_t typeBytes = 0;
    for (token = tokens.next(); !token.empty() && token[0] == '.';
         token = tokens.next()) {
      if (token == ".align") {
        std::size_t alignment;
        if (!parseCount(tokens.next(), alignment)) {
          error = "'.align' without a number in its parameter list";
          return false;
        }
      } else if (!isQualifier(token)) {
        typeBytes = ptx::typeBytes(std::string(token));
        if (typeBytes == 0) {
          error = "a parameter of type '" + std::string(token) +
                  "', which the runtime cannot size";
          return false;
        }
      }
    }
    if (typeBytes == 0 || token.empty() ||
        !(std::isalpha(static_cast<unsigned char>(token[0])) ||
          token[0] == '_' || token[0] == '$' || token[0] == '%')) {
      error = "a parameter without a type and a name";
      return false;
    }
    std::size_t count = 1;
    token = tokens.next();
    if (token == "[") {
      if (!parseCount(tokens.next(), count) || tokens.next() != "]") {
        error = "a parameter array without a size of at most " +
                std::to_string(kMaxParameterBytes);
        return false;
      }
      token = tokens.next();
    }
    sizes.push_back(typeBytes * count);
    if (token == ")")
      return true;
    if (token != ",") {
      error = "expected ',' or ')' after a parameter, found '" +
              std::string(token) + "'";
      return false;
    }
  }
}

} // namespace

bool lmhead::runtime::ptxEntryParameterSizes(std::string_view ptx,
                                             std::string_view name,
                                             std::vector<std::size_t> &sizes,
                                             std::string &error) {
  sizes.clear();
  PtxTokens tokens(ptx);
  for (std::string_view token = tokens.next(); !token.empty();
       token = tokens.next()) {
    if (token != ".entry" || tokens.peek() != name)
      continue;
    tokens.next();
    if (readParameters(tokens, sizes, error))
      return true;
    error = "kernel '" + std::string(name) + "': " + error;
    sizes.clear();
    return false;
  }
  error = "the PTX declares no kernel '" + std::string(name) + "'";
  return false;
}
