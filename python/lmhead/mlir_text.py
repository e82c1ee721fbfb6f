"""The MLIR text lmhead's Python side hands to lmhead-opt, spelled in one
place: tensor types, the loss options as an attribute dictionary, and the
functions of the cross-entropy ops that :mod:`lmhead.kernel_cache` compiles
(:meth:`lmhead.kernel_cache.ProblemKind.module_text`).

A function is built from its arguments, one op and its results, so that
each name and type is written once and the op's operand and result types
always match the function's signature.
"""

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple, Union

from .loss_options import LossOptions

#: A function argument or an op result: its SSA name (without ``%``) and
#: its type.
Value = Tuple[str, str]


def tensor_type(shape: Sequence[Optional[int]], element: str) -> str:
    """``tensor<4x?xbf16>``: ``None`` is a dynamic size; no sizes is rank 0."""
    sizes = "".join(("?" if size is None else str(int(size))) + "x"
                    for size in shape)
    return f"tensor<{sizes}{element}>"


def weight_type(layout: str, hidden: int, vocab: int, element: str) -> str:
    """W's type (or dW's): [V, D] for layout ``vd``, [D, V] for ``dv``."""
    if layout not in ("vd", "dv"):
        raise ValueError(f"unknown weight layout {layout!r}")
    shape = (vocab, hidden) if layout == "vd" else (hidden, vocab)
    return tensor_type(shape, element)


def float_attribute(value: float) -> str:
    """An f64 attribute that reads back as exactly ``value``."""
    return f"{float(value):.17e} : f64"


def loss_attributes(options: LossOptions) -> str:
    """The loss options as the cross-entropy ops' attribute dictionary."""
    entries = [
        f"ignore_index = {int(options.ignore_index)} : i64",
        f"label_smoothing = {float_attribute(options.label_smoothing)}",
        f"logit_softcap = {float_attribute(options.softcap)}",
        f"z_loss_weight = {float_attribute(options.z_loss)}",
    ]
    return "{" + ", ".join(entries) + "}"


@dataclass
class OpCall:
    """One op of the custom form ``%r0, %r1 = NAME %a, %b CLAUSES ATTRS :
    (operand types) -> (result types)``. Operands are function arguments
    (their types come from there); ``clauses`` are written between the
    operands and the attributes, each with its operand named
    (``bias(%b)``), in order after the plain operands."""

    name: str
    operands: List[str]
    results: List[Value]
    #: (keyword, argument): ``bias(%b)``; the argument is an operand too.
    clauses: List[Tuple[str, str]] = field(default_factory=list)
    #: Bare words after the clauses: ``layout(vd) reduction(mean)``.
    words: List[str] = field(default_factory=list)
    attributes: str = ""
    #: Results whose type the op's syntax names with a keyword, by result
    #: name (``stats tensor<3xf32>``).
    result_keywords: Dict[str, str] = field(default_factory=dict)


def function(name: str, arguments: Sequence[Value],
             ops: Union[OpCall, Sequence[OpCall]], comment: str = "") -> str:
    """``func.func @NAME`` taking ``arguments``, whose body is ``ops`` (one
    op, or several, each of which may use the results of those before it)
    and which returns every result of them."""
    ops = [ops] if isinstance(ops, OpCall) else list(ops)
    types = dict(arguments)
    body, results = [], []
    for op in ops:
        missing = [a for a in op.operands + [c[1] for c in op.clauses]
                   if a not in types]
        if missing:
            raise ValueError(f"{op.name} in @{name} uses {missing}, which are "
                             f"not arguments of the function or results of "
                             f"the ops before it")
        op_result_types = ", ".join(
            f"{op.result_keywords[n]} {t}" if n in op.result_keywords else t
            for n, t in op.results)
        result_names = ", ".join(f"%{n}" for n, _ in op.results)
        operand_types = [types[n] for n in op.operands]
        operand_types += [types[a] for _, a in op.clauses]
        pieces = [", ".join(f"%{n}" for n in op.operands)]
        pieces += [f"{keyword}(%{argument})"
                   for keyword, argument in op.clauses]
        pieces += op.words
        if op.attributes:
            pieces.append(op.attributes)
        body += [
            f"  {result_names} = {op.name} {' '.join(pieces)}",
            f"      : ({', '.join(operand_types)}) -> ({op_result_types})",
        ]
        types.update(op.results)
        results += op.results
    signature = ", ".join(f"%{n}: {t}" for n, t in arguments)
    result_types = ", ".join(t for _, t in results)
    lines = []
    if comment:
        lines.append(f"// {comment}")
    lines.append(f"func.func @{name}({signature}) -> ({result_types}) {{")
    lines += body
    lines += [
        f"  return {', '.join(f'%{n}' for n, _ in results)} : {result_types}",
        "}",
    ]
    return "\n".join(lines) + "\n"
