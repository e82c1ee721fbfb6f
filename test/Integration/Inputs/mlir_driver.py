"""Calls a func.func on the CPU with given inputs and reads what it printed.

The integration tests call MLIR functions on tensors with `mlir-runner` and
compare what comes out in Python. This module holds the pieces they share:

- types: `TensorType` parses and prints `tensor<4x?xbf16>`, `tensor<i64>` and
  the scalar types; `parse_signature` finds a `func.func` in MLIR text and
  returns its argument names and types and its result types.
- values: `round_to` rounds an f64 exactly to f32, f16 or bf16 (ties to
  even); `random_floats` and `random_labels` draw seeded inputs (floats
  N(0,1) times a scale, rounded to the element type, so the constant holds
  exactly the value Python keeps; integer labels uniform in [0, V) with a
  share of them set to an ignore_index).
- IR: `dense_literal` spells values as a `dense<...>` body that MLIR parses
  back to exactly those values; `print_lines` is the IR that prints a tensor
  exactly (floats widened to f32 with `arith.extf` and printed as the raw
  bits of that f32 with `printMemrefI32`, f64 as its bits with
  `printMemrefI64`, integers sign-extended to i64 with `printMemrefI64`:
  printMemrefF32 keeps six significant digits, which would spend part of an
  f32 tolerance on printing); `driver_function` writes a driver that builds
  the inputs as `arith.constant`s (`tensor.cast` to the signature's dynamic
  types), calls the function and prints every result in order;
  `driver_module` puts it into a module's text (inside an explicit
  `module { ... }` if the text has one), as `@main` unless that is taken.
- output: `parse_runner_output` splits the runner's stdout into the printed
  memrefs (shape and integers); `decode` turns one back into the values of
  the printed type (f32 or f64 from their bits, integers as they are).
"""

import math
import re
import struct

FLOAT_TYPES = ("f64", "f32", "f16", "bf16")
PRINTED_AS_I32 = ("f32", "f16", "bf16")  # widened to f32, printed as bits
INT_TYPE = re.compile(r"^(?:i|si|ui)(\d+)$")


def is_float(elt):
    return elt in FLOAT_TYPES


def is_integer(elt):
    return elt == "index" or INT_TYPE.match(elt) is not None


# ---------------------------------------------------------------------------
# Types and signatures.
# ---------------------------------------------------------------------------


class TensorType:
    """A ranked tensor type (`shape` holds ints, None for `?`; () is rank
    0), or a scalar type when `is_tensor` is False."""

    def __init__(self, shape, elt, is_tensor=True):
        self.shape, self.elt, self.is_tensor = tuple(shape), elt, is_tensor

    @staticmethod
    def parse(text):
        """The type spelled by `text`: `tensor<2x?xf32>`, `tensor<i64>`, or a
        scalar element type. Encodings are not supported."""
        text = text.strip()
        if not text.startswith("tensor<"):
            if not (is_float(text) or is_integer(text)):
                raise ValueError(f"unsupported type `{text}`")
            return TensorType((), text, is_tensor=False)
        body = text[len("tensor<"):-1]
        if not text.endswith(">") or "," in body or "<" in body:
            raise ValueError(f"unsupported tensor type `{text}`")
        *dims, elt = body.split("x")
        if not (is_float(elt) or is_integer(elt)):
            raise ValueError(f"unsupported element type in `{text}`")
        shape = []
        for d in dims:
            if d == "?":
                shape.append(None)
            elif d.isdigit():
                shape.append(int(d))
            else:
                raise ValueError(f"bad dimension `{d}` in `{text}`")
        return TensorType(shape, elt)

    def __str__(self):
        if not self.is_tensor:
            return self.elt
        dims = "".join(("?" if d is None else str(d)) + "x"
                       for d in self.shape)
        return f"tensor<{dims}{self.elt}>"

    def __eq__(self, other):
        return isinstance(other, TensorType) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    @property
    def rank(self):
        return len(self.shape)

    @property
    def is_dynamic(self):
        return None in self.shape

    def with_shape(self, shape):
        return TensorType(shape, self.elt, self.is_tensor)

    def with_elt(self, elt):
        return TensorType(self.shape, elt, self.is_tensor)


class Signature:
    """A function's name, argument names (without `%`) and types, and result
    types."""

    def __init__(self, name, arg_names, arg_types, result_types):
        self.name = name
        self.arg_names, self.arg_types = arg_names, arg_types
        self.result_types = result_types

    def arg_index(self, key):
        """The position of an argument given by SSA name (`h`, `%h`) or by
        position (`0`)."""
        key = key.lstrip("%")
        if key in self.arg_names:
            return self.arg_names.index(key)
        if key.isdigit() and int(key) < len(self.arg_types):
            return int(key)
        raise KeyError(f"@{self.name} has no argument `{key}` (arguments: "
                       f"{', '.join('%' + n for n in self.arg_names)})")


def _closing(text, start, opening="(", closing=")"):
    """The index just past the bracket that closes the one at `start`;
    string literals are skipped and `->` is not a closing `>`."""
    depth, k = 0, start
    while k < len(text):
        c = text[k]
        if c == '"':
            k += 1
            while text[k] != '"':
                k += 2 if text[k] == "\\" else 1
        elif c == "-" and text.startswith("->", k):
            k += 1
        elif c == opening:
            depth += 1
        elif c == closing:
            depth -= 1
            if depth == 0:
                return k + 1
        k += 1
    raise ValueError(f"unbalanced `{opening}` at offset {start}")


def _split_top_level(text):
    """`text` split at the commas outside any bracket."""
    parts, depth, current, k = [], 0, [], 0
    while k < len(text):
        c = text[k]
        if c == "-" and text.startswith("->", k):
            current.append("->")
            k += 2
            continue
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(c)
        k += 1
    if "".join(current).strip():
        parts.append("".join(current))
    return parts


def _leading_type(text):
    """The type at the start of `text` (dropping argument attributes and
    locations that follow it)."""
    text = text.strip()
    if text.startswith("tensor<"):
        return text[:_closing(text, len("tensor"), "<", ">")]
    return re.match(r"[\w.]+", text).group(0)


def strip_comments(text):
    """`text` with `//` comments blanked out (string literals kept)."""
    out, k, in_string = [], 0, False
    while k < len(text):
        c = text[k]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(text[k + 1])
                k += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif text.startswith("//", k):
            end = text.find("\n", k)
            end = len(text) if end < 0 else end
            out.append(" " * (end - k))
            k = end
            continue
        else:
            out.append(c)
        k += 1
    return "".join(out)


FUNC_HEADER = r"func\.func\s+(?:(?:public|private|nested)\s+)?@{name}\s*\("


def parse_signature(module_text, func_name):
    """The Signature of `func.func @func_name` in `module_text`."""
    text = strip_comments(module_text)
    match = re.search(FUNC_HEADER.format(name=re.escape(func_name)), text)
    if not match:
        raise ValueError(f"no func.func @{func_name} in the module")
    args_end = _closing(text, match.end() - 1)
    names, types = [], []
    for arg in _split_top_level(text[match.end():args_end - 1]):
        name, colon, rest = arg.partition(":")
        if not colon or not name.strip().startswith("%"):
            raise ValueError(f"@{func_name} is a declaration or has an "
                             f"unnamed argument: `{arg.strip()}`")
        names.append(name.strip()[1:])
        types.append(TensorType.parse(_leading_type(rest)))
    rest = text[args_end:].lstrip()
    results = []
    if rest.startswith("->"):
        rest = rest[2:].lstrip()
        if rest.startswith("("):
            end = _closing(rest, 0)
            results = [TensorType.parse(_leading_type(r))
                       for r in _split_top_level(rest[1:end - 1])]
        else:
            results = [TensorType.parse(_leading_type(rest))]
    return Signature(func_name, names, types, results)


# ---------------------------------------------------------------------------
# Values.
# ---------------------------------------------------------------------------


def round_to(x, elt):
    """x rounded to nearest (ties to even) in `elt`, as an f64."""
    if elt == "f64":
        return float(x)
    if elt == "f32":
        return struct.unpack("<f", struct.pack("<f", x))[0]
    if elt == "f16":
        return struct.unpack("<e", struct.pack("<e", x))[0]
    assert elt == "bf16", elt
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    bits += 0x7FFF + ((bits >> 16) & 1)
    return struct.unpack("<f", struct.pack("<I", (bits >> 16) << 16))[0]


def f32_from_bits(i):
    return struct.unpack("<f", struct.pack("<i", i))[0]


def f64_from_bits(i):
    return struct.unpack("<d", struct.pack("<q", i))[0]


def random_floats(rng, count, elt, scale=1.0):
    """`count` values N(0, 1) * scale, each exactly representable in elt."""
    return [round_to(rng.gauss(0.0, 1.0) * scale, elt) for _ in range(count)]


def random_labels(rng, count, vocab, ignore_fraction=0.0, ignore_index=-100):
    """`count` labels uniform in [0, vocab); round(ignore_fraction * count)
    of them, chosen at random, are ignore_index. A fraction strictly between
    0 and 1 ignores at least one label and keeps at least one, so both paths
    of the graph run."""
    labels = [rng.randrange(vocab) for _ in range(count)]
    ignored = int(ignore_fraction * count + 0.5)
    if 0.0 < ignore_fraction < 1.0 and count > 1:
        ignored = min(max(ignored, 1), count - 1)
    for k in rng.sample(range(count), min(ignored, count)):
        labels[k] = ignore_index
    return labels


def random_ints(rng, count, low, high):
    """`count` integers uniform in [low, high)."""
    return [rng.randrange(low, high) for _ in range(count)]


def nest(flat, shape):
    """The flat row-major list `flat` as nested lists of `shape` (a scalar
    for rank 0)."""
    if not shape:
        return flat[0]
    if len(shape) == 1:
        return list(flat)
    step = len(flat) // shape[0] if shape[0] else 0
    return [nest(flat[k * step:(k + 1) * step], shape[1:])
            for k in range(shape[0])]


def flatten(x):
    if isinstance(x, list):
        return [v for item in x for v in flatten(item)]
    return [x]


# ---------------------------------------------------------------------------
# IR text.
# ---------------------------------------------------------------------------


#: The quiet NaN of each float type, as the hexadecimal literal MLIR reads.
QUIET_NAN = {"f16": "0x7E00", "bf16": "0x7FC0", "f32": "0x7FC00000",
             "f64": "0x7FF8000000000000"}


def mlir_float(x, elt=None):
    """A literal MLIR parses back to exactly x (a NaN of type elt as its
    bits: decimal literals have no NaN)."""
    if math.isnan(x):
        return QUIET_NAN[elt]
    s = repr(float(x))
    mantissa, _, exponent = s.partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + ("e" + exponent if exponent else "")


def dense_literal(value, elt):
    """The body of `dense<...>` for `value` (nested lists, or a scalar for
    rank 0) of element type elt."""
    fmt = str if is_integer(elt) else (lambda x: mlir_float(x, elt))
    if not isinstance(value, list):
        return fmt(value)
    return "[" + ", ".join(dense_literal(item, elt) for item in value) + "]"


def printer_of(elt):
    """(runtime function, printed element type) that prints elt exactly."""
    if elt in PRINTED_AS_I32:
        return "printMemrefI32", "i32"
    return "printMemrefI64", "i64"


def printer_declarations(elts):
    """Declarations of the print functions needed for the element types."""
    names = sorted({printer_of(e) for e in elts})
    return [f"func.func private @{name}(memref<*x{bits}>)"
            for name, bits in names]


def _widen_body(elt, bits):
    """Body lines of the generic that turns one `%x: elt` into `bits`."""
    body = [f"^bb0(%x: {elt}, %unused: {bits}):"]
    if elt == "f32":
        body.append("  %i = arith.bitcast %x : f32 to i32")
    elif elt in ("f16", "bf16"):
        body += [f"  %f = arith.extf %x : {elt} to f32",
                 "  %i = arith.bitcast %f : f32 to i32"]
    elif elt == "f64":
        body.append("  %i = arith.bitcast %x : f64 to i64")
    elif elt == "index":
        body.append("  %i = arith.index_cast %x : index to i64")
    elif elt in ("i64", "si64", "ui64"):
        body[0] = f"^bb0(%i: {elt}, %unused: {bits}):"
    else:
        signless = "i" + INT_TYPE.match(elt).group(1)
        body.append(f"  %i = arith.{'extui' if signless == 'i1' else 'extsi'}"
                    f" %x : {signless} to i64")
    body.append(f"  linalg.yield %i : {bits}")
    return body


def print_lines(name, value, value_type, cast_to=None):
    """IR lines that print `value` (an SSA name of type `value_type`) exactly:
    see the module docstring. Temporaries are named after `name` (`%r0`).
    `cast_to`, a static type, casts a dynamic value to it first; a dynamic
    value without it is printed with its run-time sizes."""
    lines = []
    if not value_type.is_tensor:
        scalar = TensorType((), value_type.elt)
        lines.append(f"{name}_t = tensor.from_elements {value} : {scalar}")
        value, value_type = f"{name}_t", scalar
    if cast_to is not None:
        lines.append(f"{name} = tensor.cast {value} : {value_type} "
                     f"to {cast_to}")
        value, value_type = name, cast_to
    printer, bits_elt = printer_of(value_type.elt)
    bits = value_type.with_elt(bits_elt)
    bits_memref = "memref<" + str(bits)[len("tensor<"):]
    sizes = []
    for axis, d in enumerate(value_type.shape):
        if d is None:
            lines += [f"{name}_c{axis} = arith.constant {axis} : index",
                      f"{name}_d{axis} = tensor.dim {value}, {name}_c{axis}"
                      f" : {value_type}"]
            sizes.append(f"{name}_d{axis}")
    dims = ", ".join(f"d{i}" for i in range(value_type.rank))
    identity = f"affine_map<({dims}) -> ({dims})>"
    iterators = ", ".join(['"parallel"'] * value_type.rank)
    lines += [
        f"{name}_init = tensor.empty({', '.join(sizes)}) : {bits}",
        f"{name}_bits = linalg.generic {{indexing_maps = [{identity}, "
        f"{identity}], iterator_types = [{iterators}]}}",
        f"    ins({value} : {value_type}) outs({name}_init : {bits}) {{",
        *["  " + line for line in _widen_body(value_type.elt, bits_elt)],
        f"}} -> {bits}",
        f"{name}_buf = bufferization.to_buffer {name}_bits : {bits} "
        f"to {bits_memref}",
        f"{name}_any = memref.cast {name}_buf : {bits_memref} "
        f"to memref<*x{bits_elt}>",
        f"call @{printer}({name}_any) : (memref<*x{bits_elt}>) -> ()",
    ]
    return lines


def constant_lines(name, static_type, flat, arg_type):
    """IR lines that define `name` as the constant `flat` (row-major values
    of `static_type`), cast to `arg_type` when that is dynamic."""
    if not arg_type.is_tensor:
        return [f"{name} = arith.constant "
                f"{dense_literal(flat[0], arg_type.elt)} : {arg_type}"]
    literal = dense_literal(nest(flat, static_type.shape), static_type.elt)
    if not arg_type.is_dynamic:
        return [f"{name} = arith.constant dense<{literal}> : {static_type}"]
    return [f"{name}_c = arith.constant dense<{literal}> : {static_type}",
            f"{name} = tensor.cast {name}_c : {static_type} to {arg_type}"]


def driver_function(signature, static_types, inputs, entry="main"):
    """An `@entry` that calls `signature`'s function on `inputs` (flat
    row-major values; `static_types` gives each argument's static type) and
    prints every result in order. Needs `printer_declarations` of the
    result element types in the module."""
    out = [f"func.func @{entry}() {{"]
    args = []
    for k, (arg_type, static, flat) in enumerate(
            zip(signature.arg_types, static_types, inputs)):
        out += ["  " + line
                for line in constant_lines(f"%in{k}", static, flat, arg_type)]
        args.append(f"%in{k}")
    results = signature.result_types
    arg_types = ", ".join(str(t) for t in signature.arg_types)
    result_types = ", ".join(str(t) for t in results)
    lhs = f"%out:{len(results)} = " if results else ""
    out.append(f"  {lhs}call @{signature.name}({', '.join(args)})"
               f"\n      : ({arg_types}) -> ({result_types})")
    for k, t in enumerate(results):
        out += ["  " + line for line in print_lines(f"%r{k}", f"%out#{k}", t)]
    out += ["  return", "}"]
    return "\n".join(out) + "\n"


def _explicit_module_region(text):
    """(start, end) of the body of the top-level `module ... { }` in text,
    or None when the module is implicit. (Attribute aliases may precede the
    module; its name and `attributes {...}` come before the body.)"""
    clean = strip_comments(text)
    match = re.search(r"^[ \t]*module\b", clean, re.MULTILINE)
    if not match:
        return None
    k = re.compile(r"\s*(@[\w$.\-]+)?\s*").match(clean, match.end()).end()
    if clean.startswith("attributes", k):
        k = _closing(clean, clean.index("{", k), "{", "}")
    k = clean.index("{", k)
    return k + 1, _closing(clean, k, "{", "}") - 1


def add_to_module(module_text, ir):
    """module_text with `ir` (top-level ops) added to its module: before the
    closing brace of an explicit `module`, else at the end."""
    region = _explicit_module_region(module_text)
    if region is None:
        return module_text.rstrip("\n") + "\n\n" + ir
    end = region[1]
    return module_text[:end] + "\n" + ir + module_text[end:]


def declared_functions(module_text):
    return set(re.findall(r"func\.func\s+(?:(?:public|private|nested)\s+)?"
                          r"@([\w$.\-]+)", strip_comments(module_text)))


def driver_module(module_text, signature, static_types, inputs, entry=None):
    """(module_text with the driver of `driver_function` and the print
    declarations it needs added to it, the driver's name). The driver is
    `@entry`, or without one `@main`, or `@lmhead_driver_main` when the
    module has a `@main` already (torch-mlir names its graphs `@main`)."""
    declared = declared_functions(module_text)
    if entry is None:
        entry = "main" if "main" not in declared else "lmhead_driver_main"
    if entry in declared:
        raise ValueError(f"the module already has a function @{entry}")
    declarations = [d for d in printer_declarations(
        [t.elt for t in signature.result_types])
        if re.search(r"@(\w+)", d).group(1) not in declared]
    ir = "\n".join(declarations) + "\n\n" if declarations else ""
    ir += driver_function(signature, static_types, inputs, entry)
    return add_to_module(module_text, ir), entry


# ---------------------------------------------------------------------------
# Runner output.
# ---------------------------------------------------------------------------

HEADER = re.compile(r"Unranked Memref base@ = \S+ rank = (\d+) offset = \d+ "
                    r"sizes = \[([^\]]*)\] strides = \[[^\]]*\] data =")


def parse_runner_output(text):
    """[(shape, [integers])] of every memref printed by printMemrefI32/I64,
    in order."""
    headers = list(HEADER.finditer(text))
    printed = []
    for k, match in enumerate(headers):
        end = headers[k + 1].start() if k + 1 < len(headers) else len(text)
        sizes = match.group(2).replace(",", " ").split()
        shape = tuple(int(s) for s in sizes)
        data = [int(tok)
                for tok in re.findall(r"-?\d+", text[match.end():end])]
        printed.append((shape, data))
    return printed


def decode(ints, elt):
    """The values a memref printed by `print_lines` for element type elt
    stands for: f16/bf16/f32 as the f32 they widen to, f64, integers."""
    if elt in PRINTED_AS_I32:
        return [f32_from_bits(i) for i in ints]
    if elt == "f64":
        return [f64_from_bits(i) for i in ints]
    return list(ints)
