"""Replace the scatter ops of torch-mlir and IREE by scf.for loops (make_*.py).

torch-mlir's `tm_tensor.scatter` and IREE's `iree_linalg_ext.scatter` are the only non-upstream
ops that the fixtures' producers leave in otherwise upstream linalg-on-tensors IR (index_put,
embedding backward, scatter-add one-hots). Each one is replaced, in the printed text and in
place, by a loop nest (values named %sc<k>_*, the result keeping the op's name) that does what
the op's scalar implementation does (torch-mlir's and IREE's
`ScatterOp::generateScalarImplementation`, what tm-tensor-to-loops emits on buffers):

    for every batch position i of `indices` (all dims but the last) and slice position j of the
    update (the dims of `updates` after the batch dims):
        coord[d] = j aligned with the original's last dims (0 where the slice has no dim)
        coord[dimension_map[p]] += indices[i, p]           for p < index depth
        orig[coord] = combine(updates[i, j], orig[coord])  (the op's region, copied)

with `scf.for` + `tensor.extract` / `tensor.insert` on the iteration arguments, nothing else.
"""

import re

_TYPE = r"tensor<[^>]+>"
_VAL = r"%[\w.#]+"
_BODY = (r" *\^bb0\((?P<a0>%\w+): (?P<et>\w+), (?P<a1>%\w+): \w+\):\n"
         r"(?P<body>(?: *%\w+ = [^\n]+\n)*)")

PATTERNS = {
    "tm_tensor": re.compile(
        rf"^(?P<indent> *)(?P<res>%[\w.]+) = tm_tensor\.scatter \{{dimension_map = array<i64: "
        rf"(?P<dmap>[\d, ]+)>\}} unique_indices\((?P<uniq>true|false)\) "
        rf"ins\((?P<upd>{_VAL}), (?P<idx>{_VAL}) : (?P<updt>{_TYPE}), (?P<idxt>{_TYPE})\) "
        rf"outs\((?P<orig>{_VAL}) : (?P<origt>{_TYPE})\) \{{\n" + _BODY +
        rf" *tm_tensor\.yield (?P<y>%\w+) : \w+\n *\}} -> (?P<rest>{_TYPE})\n", re.M),
    "iree_linalg_ext": re.compile(
        rf"^(?P<indent> *)(?P<res>%[\w.]+) = iree_linalg_ext\.scatter dimension_map = "
        rf"\[(?P<dmap>[\d, ]+)\] unique_indices\((?P<uniq>true|false)\) "
        rf"ins\((?P<upd>{_VAL}), (?P<idx>{_VAL}) : (?P<updt>{_TYPE}), (?P<idxt>{_TYPE})\) "
        rf"outs\((?P<orig>{_VAL}) : (?P<origt>{_TYPE})\) \{{\n" + _BODY +
        rf" *iree_linalg_ext\.yield (?P<y>%\w+) : \w+\n *\}} -> (?P<rest>{_TYPE})\n", re.M),
}


def _shape(t):
    body = t[len("tensor<"):-1]
    parts = body.split("x")
    return [int(d) for d in parts[:-1]], parts[-1]


def _loops(k, m, op):
    """The loop nest replacing one scatter, in place, its result named as the op's result."""
    upd, _ = _shape(m["updt"])
    idx, idx_elt = _shape(m["idxt"])
    orig, _ = _shape(m["origt"])
    dmap = [int(x) for x in m["dmap"].split(",")]
    batch = idx[:-1]
    depth = idx[-1]
    slice_dims = upd[len(batch):]
    rank = len(orig)
    assert upd[:len(batch)] == batch and depth == len(dmap) and rank >= len(slice_dims), m[0]
    T = m["origt"]
    P = f"%sc{k}_"  # prefix of every value defined here
    ind = m["indent"]
    L = [f"{ind}// {op} {{dimension_map = [{m['dmap']}]}} unique_indices({m['uniq']}) "
         f"rewritten as loops (test/graphs/scatter_to_loops.py):",
         f"{ind}// orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])"]
    consts = sorted({0, 1, *batch, *slice_dims, *range(depth)})
    L += [f"{ind}{P}c{c} = arith.constant {c} : index" for c in consts]
    acc = m["orig"]
    loops = []
    ivs_b = []
    for b, n in enumerate(batch):
        res = m["res"] if not loops else f"{P}b{b}r"
        L.append(f"{ind}{res} = scf.for {P}i{b} = {P}c0 to {P}c{n} step {P}c1 "
                 f"iter_args({P}ab{b} = {acc}) -> ({T}) {{")
        acc, ind = f"{P}ab{b}", ind + "  "
        loops.append(res)
        ivs_b.append(f"{P}i{b}")
    for p in range(depth):
        L.append(f"{ind}{P}ix{p} = tensor.extract {m['idx']}[{', '.join(ivs_b + [f'{P}c{p}'])}] "
                 f": {m['idxt']}")
        L.append(f"{ind}{P}o{p} = arith.index_cast {P}ix{p} : {idx_elt} to index")
    for s_, n in enumerate(slice_dims):
        res = f"{P}s{s_}r"
        L.append(f"{ind}{res} = scf.for {P}j{s_} = {P}c0 to {P}c{n} step {P}c1 "
                 f"iter_args({P}as{s_} = {acc}) -> ({T}) {{")
        acc, ind = f"{P}as{s_}", ind + "  "
        loops.append(res)
    coords = []
    for d in range(rank):
        s_ = d - (rank - len(slice_dims))
        j = f"{P}j{s_}" if s_ >= 0 else None
        if d in dmap:
            p = dmap.index(d)
            if j is None:
                coords.append(f"{P}o{p}")
            else:
                L.append(f"{ind}{P}d{d} = arith.addi {P}o{p}, {j} : index")
                coords.append(f"{P}d{d}")
        else:
            assert j is not None, "an original dim neither indexed nor sliced"
            coords.append(j)
    upd_coords = ivs_b + [f"{P}j{s_}" for s_ in range(len(slice_dims))]
    L.append(f"{ind}{P}u = tensor.extract {m['upd']}[{', '.join(upd_coords)}] : {m['updt']}")
    L.append(f"{ind}{P}v = tensor.extract {acc}[{', '.join(coords)}] : {T}")
    # The region's block arguments are (update value, current value); its ops are copied
    # with their results renamed into this nest's prefix.
    ren = {m["a0"]: f"{P}u", m["a1"]: f"{P}v"}
    for line in (l.strip() for l in m["body"].splitlines() if l.strip()):
        r = line.split(" = ", 1)[0]
        ren[r] = f"{P}r{len(ren)}"
        for a, b in sorted(ren.items(), key=lambda kv: -len(kv[0])):
            line = re.sub(re.escape(a) + r"(?![\w.#])", b, line)
        L.append(f"{ind}{line}")
    y = ren.get(m["y"], m["y"])
    L.append(f"{ind}{P}new = tensor.insert {y} into {acc}[{', '.join(coords)}] : {T}")
    L.append(f"{ind}scf.yield {P}new : {T}")
    for res in reversed(loops[1:]):
        ind = ind[:-2]
        L.append(f"{ind}}}")
        L.append(f"{ind}scf.yield {res} : {T}")
    L.append(f"{m['indent']}}}")
    return "\n".join(L) + "\n"


def replace_scatters(text):
    """Returns (text with every scatter replaced by its loop nest, number replaced)."""
    count = 0
    for op, pat in PATTERNS.items():
        def sub(m, op=op):
            nonlocal count
            count += 1
            return _loops(count - 1, m, f"{op}.scatter")

        text = pat.sub(sub, text)
    return text, count
