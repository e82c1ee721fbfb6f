#!/usr/bin/env python3
"""The GPU check of the fused cross-entropy kernels: runs the ce_linear_fwd,
ce_linear_grad and ce_linear_step bundles that bench/device/prepare.sh wrote
(one sm_80 and one sm_90a bundle, a forward, a backward and the one-pass
step of both per benchmark shape) through the runtime's C API, checks them
against a float64 reference, and times them against PyTorch,
torch.compile, Liger-Kernel and Apple's Cut Cross-Entropy measured in the
same run.

    check_ce.py --runtime liblmhead_runtime.so [--bundles DIR] [--markdown FILE]
                [--shapes NxDxV,...] [--baselines torch,compile,liger,...]
    check_ce.py --emulator --small --runtime liblmhead_runtime.so [--wheels DIR]

DIR holds one bundle per target (DIR/sm_80, DIR/sm_90a), each with a
`ce_linear_fwd_<i>` and a `ce_linear_grad_<i>` of the same shape (bf16 h and
W of layout vd, i64 labels, reduction mean, dh and dW in bf16), and where
there is one the `ce_linear_step_<i>` of that shape (a row of its own,
"<target> one-pass": loss, lse, dh and dW from one call with dloss = 1,
against the same reference; "ms ours" is that call); shapes come from the
manifests ("tensors"). Two more rows per shape run the PyTorch op,
lmhead.torch.linear_cross_entropy, on the same inputs ("torch op": two
passes; "torch op one-pass": schedule="one-pass"), on the bundles
prepare.sh compiled into its cache (run.sh sets LMHEAD_CACHE_DIR): loss,
lse, dh and dW against the same reference, the op's forward + backward
timed against the same baselines, its peak memory in "MiB ours".

- On the GPU (default; PyTorch with CUDA): h and W are random bf16 tensors
  (W scaled so that the logits have a standard deviation near 1.7), a tenth
  of the labels are ignore_index (-100). The forward runs on torch's
  current stream on the tensors' data_ptr(), with a workspace torch
  allocates (lmheadBundleWorkspaceSize bytes); the backward takes the
  forward's lse and dloss = 1. loss and lse (poisoned with NaN first), then
  dh and dW, are compared with a float64 reference computed by torch in
  vocabulary slices (logits rounded to bf16 as the op defines them, dZ
  rounded to bf16 as the op keeps it), by relative Frobenius error (bf16
  bound 1e-2; f32 results from bf16 logits: also 1e-2). Then each is timed
  with CUDA events (warm-up, then the median of --repeat runs): our forward,
  our backward, and forward + backward; and the baselines' forward +
  backward (loss, then loss.backward() into h.grad and W.grad):
  - torch: F.cross_entropy(F.linear(h, W).float(), y), eager (logits
    upcast to f32 as Hugging Face's causal-LM loss does);
  - compile: the same function under torch.compile;
  - liger: Liger-Kernel's LigerFusedLinearCrossEntropyLoss;
  - cce: Cut Cross-Entropy's linear_cross_entropy (its default gradient
    filter, filter_eps="high"), and cce-exact (filter_eps=None).
  Liger and CCE are imported from the wheels prepare.sh downloaded (run.sh
  installs them); a baseline that cannot be imported or run is reported as
  such and skipped. Peak memory beyond the inputs is reported for each
  (torch.cuda.max_memory_allocated), ours being the workspace and the
  results.
- On the emulator (--emulator, with --small: the bundles prepare.sh writes
  for small shapes; LMHEAD_DEVICE=emulator, no torch): the same forward and
  backward through the same C API, with buffers from the runtime's
  mgpuMemAlloc and the pure-Python f64 reference of
  test/Integration/Decompose/Inputs (scripts/bundle_check.py); no timing, no
  baselines. With --wheels, it also checks that the carried wheels hold the
  entry points the GPU run calls. This is the dry run of this script.

Prints a table and writes it as markdown with --markdown: shape, target,
errors, our times, each baseline's time and the ratio ours/baseline. Exit
status 1 when a result is wrong, 2 when the setup fails.
"""

import argparse
import glob
import math
import os
import random
import statistics
import sys
import zipfile

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
from bundle_runtime import Runtime  # noqa: E402

BASELINES = ("torch", "compile", "liger", "cce", "cce-exact")
IGNORE_INDEX = -100
# bf16 results, and f32 results (loss, lse) of bf16-rounded logits.
TOLERANCE = 1e-2

# What the GPU run imports from each carried wheel.
WHEEL_ENTRY_POINTS = {
    "liger_kernel": ("liger_kernel/transformers/fused_linear_cross_entropy.py",
                     "class LigerFusedLinearCrossEntropyLoss"),
    "cut_cross_entropy": ("cut_cross_entropy/linear_cross_entropy.py",
                          "def linear_cross_entropy"),
}


def shape_of(op):
    """(N, D, V) of a ce op of layout vd with static sizes."""
    tensors = op["tensors"]
    if op["layout"] != "vd":
        raise ValueError("the check expects layout(vd) ops")
    n, d = tensors["h"]["shape"]
    v = tensors["w"]["shape"][0]
    if not all(isinstance(x, int) for x in (n, d, v)):
        raise ValueError("the check expects static shapes")
    return n, d, v


def pairs(manifest, only=None):
    """{(N, D, V): (fwd name, grad name, step name or None)} of a manifest's
    ce ops (of the shapes in `only`, when given)."""
    kinds = ("ce_linear_fwd", "ce_linear_grad", "ce_linear_step")
    found = {}
    for name, op in sorted(manifest["ops"].items()):
        kind = op.get("op")
        if kind not in kinds:
            continue
        if only and shape_of(op) not in only:
            continue
        slot = found.setdefault(shape_of(op), [None, None, None])
        slot[kinds.index(kind)] = name
    return {s: tuple(p) for s, p in found.items() if None not in p[:2]}


def fmt(value, spec):
    return "-" if value is None else format(value, spec)


# --- On the GPU, with torch --------------------------------------------------


class TorchGpu:
    """Inputs, reference, our runs and the baselines with torch on the GPU."""

    def __init__(self, args, runtime):
        import torch
        import torch.nn.functional as F
        self.torch, self.F, self.args, self.runtime = torch, F, args, runtime
        if not torch.cuda.is_available():
            raise RuntimeError("torch sees no CUDA device")
        torch.cuda.init()
        self.device = torch.device("cuda")
        self.notes = []

    def describe(self):
        torch = self.torch
        return (f"{torch.cuda.get_device_name()}, torch {torch.__version__}, "
                f"CUDA {torch.version.cuda}")

    @property
    def stream(self):
        return self.torch.cuda.current_stream().cuda_stream

    def inputs(self, n, d, v, seed):
        torch = self.torch
        g = torch.Generator(device=self.device).manual_seed(seed)
        self.h = torch.empty(n, d, dtype=torch.bfloat16,
                             device=self.device).uniform_(-1, 1, generator=g)
        scale = 3.0 * math.sqrt(3.0 / d)
        self.w = torch.empty(v, d, dtype=torch.bfloat16,
                             device=self.device).uniform_(-scale, scale,
                                                          generator=g)
        self.labels = torch.randint(0, v, (n,), generator=g,
                                    device=self.device)
        drop = torch.rand(n, generator=g, device=self.device) < 0.1
        self.labels[drop] = IGNORE_INDEX
        self.loss = torch.empty(1, dtype=torch.float32, device=self.device)
        self.lse = torch.empty(n, dtype=torch.float32, device=self.device)
        self.dloss = torch.ones(1, dtype=torch.float32, device=self.device)
        self.dh = torch.empty(n, d, dtype=torch.bfloat16, device=self.device)
        self.dw = torch.empty(v, d, dtype=torch.bfloat16, device=self.device)
        self.workspace = None

    def operands(self, bundle, name, op):
        """Our op's operands, with a workspace of the size it asks for."""
        tensors = {"h": self.h, "w": self.w, "labels": self.labels,
                   "loss": self.loss, "lse": self.lse, "dloss": self.dloss,
                   "dh": self.dh, "dw": self.dw}
        values = [tensors[o].data_ptr() if o in tensors else 0
                  for o in op["operands"]]
        size = self.runtime.workspace_size(bundle, name, values)
        workspace = self.torch.empty(max(size, 1), dtype=self.torch.uint8,
                                     device=self.device)
        self.workspace = workspace  # alive until the next op's
        values[op["operands"].index(op["workspace"]["operand"])] = \
            workspace.data_ptr()
        values[op["operands"].index(op["workspace"]["bytes"])] = size
        return values, size

    def poison(self):
        for t in (self.loss, self.lse, self.dh, self.dw):
            t.fill_(math.nan)

    def sync(self):
        self.torch.cuda.synchronize()

    def errors(self):
        """Relative errors of loss, lse, dh and dW against float64, in
        vocabulary slices (logits and dZ rounded to bf16 as the op
        defines them)."""
        torch = self.torch
        n, v = self.h.shape[0], self.w.shape[0]
        step = max(1, min(v, (1 << 27) // max(n, 1)))  # ≤ 1 GiB per slice
        h64 = self.h.double()
        labels = self.labels
        valid = labels != IGNORE_INDEX
        safe = torch.where(valid, labels, torch.zeros_like(labels))
        running_max = torch.full((n,), -math.inf, dtype=torch.float64,
                                 device=self.device)
        running_sum = torch.zeros(n, dtype=torch.float64, device=self.device)
        target = torch.zeros(n, dtype=torch.float64, device=self.device)
        for v0 in range(0, v, step):
            z = (h64 @ self.w[v0:v0 + step].double().t()).to(
                torch.bfloat16).double()
            chunk_max = z.max(dim=1).values
            new_max = torch.maximum(running_max, chunk_max)
            running_sum = (running_sum * torch.exp(running_max - new_max) +
                           torch.exp(z - new_max[:, None]).sum(dim=1))
            running_max = new_max
            inside = (safe >= v0) & (safe < v0 + z.shape[1])
            picked = z.gather(1, (safe - v0).clamp(0, z.shape[1] - 1)[:, None])
            target += torch.where(inside, picked[:, 0], torch.zeros_like(
                target))
            del z
        lse = running_max + torch.log(running_sum)
        count = int(valid.sum())
        loss = (float(torch.where(valid, lse - target,
                                  torch.zeros_like(lse)).sum()) / count
                if count else 0.0)
        errors = {
            "loss": abs(float(self.loss[0]) - loss) / abs(loss) if loss
            else abs(float(self.loss[0])),
            "lse": relative(float(((self.lse.double() - lse) ** 2).sum()),
                            float((lse ** 2).sum()))}
        # The backward from the reference lse (the op's definition), g =
        # dloss / valid tokens.
        g = torch.where(valid, torch.full_like(lse, 1.0 / max(count, 1)),
                        torch.zeros_like(lse))
        dh64 = torch.zeros(self.dh.shape, dtype=torch.float64,
                           device=self.device)
        dw_diff = dw_norm = 0.0
        for v0 in range(0, v, step):
            w64 = self.w[v0:v0 + step].double()
            z = (h64 @ w64.t()).to(torch.bfloat16).double()
            dz = torch.exp(z - lse[:, None])
            inside = (safe >= v0) & (safe < v0 + z.shape[1]) & valid
            rows = torch.nonzero(inside)[:, 0]
            dz[rows, safe[rows] - v0] -= 1.0
            dz = (dz * g[:, None]).to(torch.bfloat16).double()
            dh64 += dz @ w64
            ref = dz.t() @ h64
            got = self.dw[v0:v0 + step].double()
            dw_diff += float(((got - ref) ** 2).sum())
            dw_norm += float((ref ** 2).sum())
            del z, dz, ref, got, w64
        errors["dh"] = relative(float(((self.dh.double() - dh64) ** 2).sum()),
                                float((dh64 ** 2).sum()))
        errors["dw"] = relative(dw_diff, dw_norm)
        return errors

    def time(self, work, warmup, repeat):
        """Median milliseconds of `work` on the current stream."""
        torch = self.torch
        for _ in range(warmup):
            work()
        times = []
        for _ in range(repeat):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            work()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
        return statistics.median(times)

    def peak(self, work):
        """Peak device memory (MiB) `work` allocates beyond what is live."""
        torch = self.torch
        torch.cuda.synchronize()
        before = torch.cuda.memory_allocated()
        torch.cuda.reset_peak_memory_stats()
        work()
        torch.cuda.synchronize()
        return (torch.cuda.max_memory_allocated() - before) / 2**20

    def baselines(self, wanted):
        """{name: a forward + backward step} of the baselines that load;
        the reasons of those that do not are kept in self.notes."""
        torch, F = self.torch, self.F
        h = self.h.detach().requires_grad_(True)
        w = self.w.detach().requires_grad_(True)
        labels = self.labels
        steps = {}

        def step_of(loss_fn):
            def step():
                h.grad = w.grad = None
                loss_fn(h, w, labels).backward()
            return step

        def eager(h_, w_, y_):
            return F.cross_entropy(F.linear(h_, w_).float(), y_,
                                   ignore_index=IGNORE_INDEX)

        makers = {
            "torch": lambda: eager,
            "compile": lambda: torch.compile(eager),
            "liger": self._liger,
            "cce": lambda: self._cce("high"),
            "cce-exact": lambda: self._cce(None),
        }
        for name in wanted:
            try:
                steps[name] = step_of(makers[name]())
                steps[name]()  # compiles, autotunes; fails early
                torch.cuda.synchronize()
            except Exception as error:  # noqa: BLE001 - reported, then skipped
                first = (str(error).splitlines() or [""])[0][:200]
                self.notes.append(f"{name}: skipped ({type(error).__name__}: "
                                  f"{first})")
                steps.pop(name, None)
        return steps

    @staticmethod
    def _liger():
        from liger_kernel.transformers.fused_linear_cross_entropy import (
            LigerFusedLinearCrossEntropyLoss)
        loss = LigerFusedLinearCrossEntropyLoss(ignore_index=IGNORE_INDEX)
        return lambda h, w, y: loss(w, h, y)

    @staticmethod
    def _cce(filter_eps):
        from cut_cross_entropy import linear_cross_entropy
        return lambda h, w, y: linear_cross_entropy(
            h, w, y, ignore_index=IGNORE_INDEX, filter_eps=filter_eps)

    def torch_op(self, one_pass):
        """The PyTorch op, lmhead.torch.linear_cross_entropy, on the same
        inputs (schedule "two-pass", or "one-pass"): a forward +
        backward step as the baselines', after one run whose loss, dh and
        dW (and the lse of the op's forward) fill the results errors()
        checks. Raises ImportError without the package."""
        from lmhead.torch import linear_cross_entropy
        torch = self.torch
        h = self.h.detach().requires_grad_(True)
        w = self.w.detach().requires_grad_(True)
        schedule = "one-pass" if one_pass else "two-pass"

        def step():
            h.grad = w.grad = None
            loss = linear_cross_entropy(h, w, self.labels,
                                        ignore_index=IGNORE_INDEX,
                                        schedule=schedule)
            loss.backward()
            return loss

        self.poison()
        loss = step()
        self.loss.copy_(loss.detach().reshape(1))
        self.dh.copy_(h.grad)
        self.dw.copy_(w.grad)
        _, lse = torch.ops.lmhead.linear_cross_entropy(
            self.h, self.w, self.labels, None, IGNORE_INDEX, "mean", 0.0,
            0.0, 0.0, "vd")
        self.lse.copy_(lse)
        h.grad = w.grad = None
        return step

    def release(self):
        self.h = self.w = self.labels = self.dh = self.dw = None
        self.loss = self.lse = self.dloss = self.workspace = None
        self.torch.cuda.empty_cache()


# --- On the emulator, without torch ------------------------------------------


def check_wheels(folder):
    """Lines saying whether each carried wheel holds what the GPU run
    imports; and whether all do."""
    lines, ok = [], True
    for package, (path, needle) in WHEEL_ENTRY_POINTS.items():
        found = glob.glob(os.path.join(folder, f"{package}-*.whl"))
        if len(found) != 1:
            lines.append(f"wheel {package}: {len(found)} wheels in {folder}, "
                         "expected 1")
            ok = False
            continue
        with zipfile.ZipFile(found[0]) as wheel:
            try:
                text = wheel.read(path).decode()
            except KeyError:
                text = ""
        has = needle in text
        ok &= has
        lines.append(f"wheel {os.path.basename(found[0])}: "
                     f"{'has' if has else 'LACKS'} {needle} in {path}")
    return lines, ok


def run_emulator(args, runtime, loaded):
    """The dry run: every pair on the emulator against the pure-Python f64
    reference; rows of the table."""
    from bundle_check import run_ce_op
    rows, failures = [], 0
    for target, bundle, manifest in loaded:
        for (n, d, v), names in sorted(pairs(manifest, args.only).items()):
            # The two ops, then the step (a row of its own).
            runs = [(target, names[:2])]
            if names[2]:
                runs.append((f"{target} one-pass", names[2:]))
            for label, ops in runs:
                rng = random.Random(args.seed)
                errors, ok = {}, True
                for name in ops:
                    checks, _ = run_ce_op(runtime, bundle, name,
                                          manifest["ops"][name],
                                          {"n": n, "d": d}, rng)
                    for check in checks:
                        errors[check.name] = check.error
                        ok &= check.passed
                        print(f"  {target} {name} {check.describe()}",
                              flush=True)
                failures += not ok
                rows.append(table_row(n, d, v, label, errors, ok, {}, {},
                                      {}))
    return rows, failures


# --- The table ---------------------------------------------------------------

HEADER = (["shape (N×D×V)", "target", "loss err", "lse err", "dh err",
           "dW err", "ms fwd", "ms bwd", "ms ours", "MiB ours"] +
          [f"ms {b}" for b in BASELINES] + [f"ours/{b}" for b in BASELINES])


def relative(squared_difference, squared_norm):
    """Relative Frobenius error; NaN stays NaN, so that it never passes."""
    if math.isnan(squared_difference):
        return math.nan
    return math.sqrt(squared_difference / squared_norm) if squared_norm else \
        math.sqrt(squared_difference)


def table_row(n, d, v, target, errors, ok, ours, theirs, memory):
    def err(key):
        value = errors.get(key)
        if value is None:
            return "-"
        bad = math.isnan(value) or value > TOLERANCE
        return format(value, ".1e") + (" FAIL" if bad else "")
    total = ours.get("total")
    return ([f"{n}×{d}×{v}", target, err("loss"), err("lse"), err("dh"),
             err("dw"), fmt(ours.get("fwd"), ".2f"), fmt(ours.get("bwd"),
                                                          ".2f"),
             fmt(total, ".2f"), fmt(memory.get("ours"), ".0f")] +
            [fmt(theirs.get(b), ".2f") for b in BASELINES] +
            [fmt(total / theirs[b] if total and theirs.get(b) else None,
                 ".2f") for b in BASELINES])


def print_table(rows):
    widths = [max(len(r[i]) for r in [HEADER] + rows)
              for i in range(len(HEADER))]
    for row in [HEADER] + rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", required=True,
                        help="liblmhead_runtime.so")
    parser.add_argument("--bundles", help="folder of one bundle per target "
                        "(default: prepared/ce-bundles, or "
                        "prepared/ce-bundles-small with --small)")
    parser.add_argument("--emulator", action="store_true",
                        help="run on the PTX emulator, without torch (the "
                        "dry run)")
    parser.add_argument("--small", action="store_true",
                        help="the small shapes' bundles")
    parser.add_argument("--wheels", help="check that the wheels there hold "
                        "Liger's and CCE's entry points")
    parser.add_argument("--baselines", default=",".join(BASELINES),
                        help="comma-separated subset of " +
                        ", ".join(BASELINES))
    parser.add_argument("--shapes", help="comma-separated NxDxV shapes to "
                        "run (default: every shape of the bundles)")
    parser.add_argument("--markdown", help="write the table there")
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # Never the emulator by accident on the GPU machine.
    os.environ["LMHEAD_DEVICE"] = "emulator" if args.emulator else "cuda"
    wanted = [b for b in args.baselines.split(",") if b]
    try:
        args.only = {tuple(int(x) for x in s.split("x"))
                     for s in args.shapes.split(",")} if args.shapes else None
    except ValueError:
        parser.error("--shapes: expected NxDxV[,NxDxV...]")
    if any(b not in BASELINES for b in wanted):
        parser.error(f"--baselines: expected names among {BASELINES}")
    bundles = args.bundles or os.path.join(
        HERE, "prepared", "ce-bundles-small" if args.small else "ce-bundles")
    targets = sorted(t for t in os.listdir(bundles)
                     if os.path.exists(os.path.join(bundles, t,
                                                    "manifest.json")))
    if not targets:
        print(f"no bundles in {bundles}: run bench/device/prepare.sh",
              file=sys.stderr)
        return 2
    import json
    runtime = Runtime(args.runtime)
    loaded = []
    for target in targets:
        folder = os.path.join(bundles, target)
        with open(os.path.join(folder, "manifest.json")) as f:
            loaded.append((target, runtime.load(folder), json.load(f)))

    notes, failures, wheels_ok = [], 0, True
    if args.wheels:
        lines, wheels_ok = check_wheels(args.wheels)
        notes += lines
    if args.emulator:
        device_name = "the PTX emulator (LMHEAD_DEVICE=emulator)"
        print(f"== ce kernels on {device_name}", flush=True)
        rows, failed = run_emulator(args, runtime, loaded)
        failures += failed
    else:
        device = TorchGpu(args, runtime)
        device_name = device.describe()
        print(f"== ce kernels on {device_name}", flush=True)
        rows, failed = run_gpu(args, runtime, device, loaded, wanted)
        failures += failed
        notes += device.notes
    for _, bundle, _ in loaded:
        runtime.unload(bundle)

    print("== results")
    print_table(rows)
    for note in notes:
        print(note)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(f"ce_linear_fwd + ce_linear_grad, bf16 h/W, layout vd, "
                    f"reduction mean, dh and dW bf16, on {device_name}; "
                    f"median of {args.repeat} runs after {args.warmup} "
                    f"warm-up; ms ours = forward + backward (from the "
                    f"forward's lse), or for a one-pass row the "
                    f"ce_linear_step (loss and gradients in one call); "
                    f"baselines: forward + loss.backward(); "
                    f"errors: relative Frobenius against float64 (bound "
                    f"{TOLERANCE:g}).\n\n")
            f.write("| " + " | ".join(HEADER) + " |\n")
            f.write("|" + "---|" * len(HEADER) + "\n")
            for row in rows:
                f.write("| " + " | ".join(row) + " |\n")
            if notes:
                f.write("\n" + "\n".join(f"- {n}" for n in notes) + "\n")
    print(f"{len(rows) - failures} of {len(rows)} passed"
          + ("" if wheels_ok else "; the wheels are not what the GPU run "
             "needs"))
    return 1 if failures or not wheels_ok else 0


def run_gpu(args, runtime, device, loaded, wanted):
    """Every shape: inputs, baselines (once), then each target's pair."""
    shapes = {}
    for target, bundle, manifest in loaded:
        for shape, names in pairs(manifest, args.only).items():
            shapes.setdefault(shape, []).append((target, bundle, manifest,
                                                 names))
    rows, failures = [], 0
    for (n, d, v), entries in sorted(shapes.items()):
        device.inputs(n, d, v, args.seed)
        timed = lambda work: device.time(work, args.warmup, args.repeat)
        theirs, memory = {}, {}
        for name, step in device.baselines(wanted).items():
            try:
                theirs[name] = timed(step)
                memory[name] = device.peak(step)
            except Exception as error:  # noqa: BLE001
                device.notes.append(f"{name} at {n}×{d}×{v}: "
                                    f"{type(error).__name__}: {error}")
        device.torch.cuda.empty_cache()
        for target, bundle, manifest, (fwd, grad, step) in entries:
            stream = device.stream
            try:
                fwd_ops, _ = device.operands(bundle, fwd,
                                             manifest["ops"][fwd])
                fwd_ws = device.workspace
                grad_ops, _ = device.operands(bundle, grad,
                                              manifest["ops"][grad])
                grad_ws = device.workspace
                device.poison()
                runtime.run(bundle, fwd, fwd_ops, stream)
                runtime.run(bundle, grad, grad_ops, stream)
                device.sync()
                errors = device.errors()
                run_fwd = lambda: runtime.run(bundle, fwd, fwd_ops, stream)
                run_grad = lambda: runtime.run(bundle, grad, grad_ops, stream)
                ours = {"fwd": timed(run_fwd), "bwd": timed(run_grad),
                        "total": timed(lambda: (run_fwd(), run_grad()))}
                memory["ours"] = (fwd_ws.numel() + grad_ws.numel() +
                                  sum(t.numel() * t.element_size()
                                      for t in (device.loss, device.lse,
                                                device.dh, device.dw))) / 2**20
                del fwd_ws, grad_ws
            except RuntimeError as error:
                print(f"{n}×{d}×{v} {target}: {error}", flush=True)
                failures += 1
                rows.append([f"{n}×{d}×{v}", target] + ["ERROR"] * 4 +
                            ["-"] * (len(HEADER) - 6))
                continue
            ok = all(not math.isnan(e) and e <= TOLERANCE
                     for e in errors.values())
            failures += not ok
            rows.append(table_row(n, d, v, target, errors, ok, ours, theirs,
                                  memory))
            print("  ".join(rows[-1]), flush=True)
            if step:
                row, ok = run_gpu_step(device, runtime, bundle, manifest, step,
                                       (n, d, v), target, theirs, timed)
                failures += not ok
                rows.append(row)
                print("  ".join(row), flush=True)
        for one_pass in (False, True):
            row, ok = run_torch_op(device, (n, d, v), one_pass, theirs,
                                   memory, timed)
            failures += not ok
            rows.append(row)
            print("  ".join(row), flush=True)
        for name, mib in memory.items():
            if name not in ("ours", "op", "op one-pass"):
                device.notes.append(f"{n}×{d}×{v}: {name} peak "
                                    f"{mib:.0f} MiB beyond the inputs")
        device.release()
    return rows, failures


def run_torch_op(device, shape, one_pass, theirs, memory, timed):
    """The row of the PyTorch op at `shape`: its loss, lse, dh and dW
    checked against the same reference, its forward + backward timed
    against the same baselines and its peak memory. Returns the row and
    whether it passed (an op that cannot be imported is noted, not failed).
    """
    n, d, v = shape
    label = "torch op" + (" one-pass" if one_pass else "")
    try:
        step = device.torch_op(one_pass)
        device.sync()
        errors = device.errors()
        total = timed(step)
        memory["op one-pass" if one_pass else "op"] = mib = device.peak(step)
    except ImportError as error:
        device.notes.append(f"{label}: skipped (cannot import lmhead.torch: "
                            f"{error})")
        return [f"{n}×{d}×{v}", label] + ["-"] * (len(HEADER) - 2), True
    except RuntimeError as error:
        print(f"{n}×{d}×{v} {label}: {error}", flush=True)
        return ([f"{n}×{d}×{v}", label] + ["ERROR"] * 4 +
                ["-"] * (len(HEADER) - 6)), False
    ok = all(not math.isnan(e) and e <= TOLERANCE for e in errors.values())
    return table_row(n, d, v, label, errors, ok, {"total": total}, theirs,
                     {"ours": mib}), ok


def run_gpu_step(device, runtime, bundle, manifest, step, shape, target,
                 theirs, timed):
    """The one-pass step of `shape`: one call with dloss = 1 gives loss,
    lse, dh and dW, checked against the same reference as the two ops and
    timed against the same baselines. Returns its table row and whether it
    passed."""
    n, d, v = shape
    label = f"{target} one-pass"
    try:
        operands, _ = device.operands(bundle, step, manifest["ops"][step])
        workspace = device.workspace
        device.poison()
        runtime.run(bundle, step, operands, device.stream)
        device.sync()
        errors = device.errors()
        ours = {"total": timed(lambda: runtime.run(bundle, step, operands,
                                                   device.stream))}
        memory = {"ours": (workspace.numel() +
                           sum(t.numel() * t.element_size()
                               for t in (device.loss, device.lse, device.dh,
                                         device.dw))) / 2**20}
    except RuntimeError as error:
        print(f"{n}×{d}×{v} {label}: {error}", flush=True)
        return ([f"{n}×{d}×{v}", label] + ["ERROR"] * 4 +
                ["-"] * (len(HEADER) - 6)), False
    ok = all(not math.isnan(e) and e <= TOLERANCE for e in errors.values())
    return table_row(n, d, v, label, errors, ok, ours, theirs, memory), ok


if __name__ == "__main__":
    sys.exit(main())
