#!/usr/bin/env python3
"""The vocabulary-parallel head on 8 H200s with NVLink, as a model.

    bench/distributed/bench_vocab_parallel.py [--build DIR] [--ranks 8]
        [--bus-gbps 360] [--latency-us 15] [--hbm-tbps 4.0]

For each benchmark shape (N, D, V) in bf16 this prints, as a Markdown
table, what one training step of the head costs on one GPU and on each of
R ranks holding V/R rows of the weight (the largest shard, ceil(V/R)):

- compute: the cost model's predicted time of the ce_linear_fwd and
  ce_linear_grad kernels (lmhead-opt --lmhead-plan=target=sm_90a, the
  two-pass schedule the op runs), for the full V and for one shard;
- communication: the three all-reduces of lmhead.torch.distributed (the
  max of N f32; the sums of 2 N-vectors, 3 with label smoothing; dh, N×D
  bf16), each modelled as latency + 2(R−1)/R · bytes / bus bandwidth, the
  ring all-reduce's cost with NCCL's "bus bandwidth" convention;
- what the sharded op adds to the kernels (the padded copy of the shard
  in the backward; with label smoothing, the GEMV of the logit sums) as
  memory traffic at the HBM bandwidth.

The defaults are assumptions, not measurements: a bus bandwidth of 360 GB/s
(NVLink 4 gives each H200 450 GB/s in each direction by the datasheet; 80 %
of it is what NCCL's ring all-reduce reaches on such machines), 15 µs for
a small all-reduce over 8 GPUs, and 4.0 TB/s of the 4.8 TB/s HBM3e. A
benchmark: it asserts nothing; measure when a multi-GPU machine is lent.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench", "kernels"))
from bench_ce import SHAPES, module  # noqa: E402


def predicted_us(opt, n, d, v, folder):
    """(forward µs, backward µs) predicted by the cost model on sm_90a."""
    source = os.path.join(folder, f"ce_{n}_{d}_{v}.mlir")
    with open(source, "w") as f:
        f.write(module(n, d, v))
    run = subprocess.run(
        [opt, source, "--lmhead-plan=target=sm_90a",
         "--remarks-filter=lmhead-plan", "--remark-format=emitRemark",
         "-o", os.devnull], capture_output=True, text=True, check=True)
    times = dict(re.findall(
        r'Function=(\w+).*?; ([\d.]+) us predicted', run.stderr))
    return float(times["fwd"]), float(times["grad"])


def all_reduce_us(payload_bytes, ranks, bus_gbps, latency_us):
    """A ring all-reduce of ``payload_bytes`` over ``ranks`` GPUs."""
    moved = 2 * (ranks - 1) / ranks * payload_bytes
    return latency_us + moved / (bus_gbps * 1e3)


def overhead_bytes(n, d, shard, smoothing):
    """HBM traffic of what the sharded op adds to the kernels' work in one
    step (bf16 operands): the backward's copy of the shard padded by a
    zero row (read and written); with label smoothing, the forward's
    logit sums (the shard read for its column sums, h read for the GEMV)."""
    total = 2 * 2 * shard * d
    if smoothing:
        total += 2 * shard * d + 2 * n * d
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--ranks", type=int, default=8)
    parser.add_argument("--bus-gbps", type=float, default=360.0)
    parser.add_argument("--latency-us", type=float, default=15.0)
    parser.add_argument("--hbm-tbps", type=float, default=4.0)
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "lmhead-opt")
    r = args.ranks
    print(f"{r} ranks; bus bandwidth {args.bus_gbps:g} GB/s, all-reduce "
          f"latency {args.latency_us:g} µs, HBM {args.hbm_tbps:g} TB/s "
          f"(assumed); compute predicted by the cost model, sm_90a, "
          f"two-pass schedule\n")
    print("| shape (N, D, V) | 1 GPU: fwd + bwd (µs) | shard rows | per rank: "
          "fwd + bwd (µs) | all-reduce payloads: fwd; bwd | sent per rank "
          "(MiB) | communication (µs) | additions (µs): plain; smoothing "
          f"| step on "
          f"{r} GPUs (µs) | speed-up | step, dh all-reduce hidden (µs) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | "
          "--- |")
    with tempfile.TemporaryDirectory() as folder:
        for n, d, v in SHAPES:
            full_fwd, full_bwd = predicted_us(opt, n, d, v, folder)
            shard = math.ceil(v / r)
            fwd, bwd = predicted_us(opt, n, d, shard, folder)
            # Forward: max of N f32; sums of 2 N-vectors (3 with smoothing,
            # the worst case counted here). Backward: dh, N×D bf16.
            payload_fwd = [4 * n, 3 * 4 * n]
            payload_bwd = 2 * n * d
            comm_fwd = sum(all_reduce_us(p, r, args.bus_gbps,
                                         args.latency_us)
                           for p in payload_fwd)
            comm_bwd = all_reduce_us(payload_bwd, r, args.bus_gbps,
                                     args.latency_us)
            sent = 2 * (r - 1) / r * (sum(payload_fwd) + payload_bwd)
            plain = overhead_bytes(n, d, shard, False) / (
                args.hbm_tbps * 1e6)
            fixes = overhead_bytes(n, d, shard, True) / (args.hbm_tbps * 1e6)
            single = full_fwd + full_bwd
            step = fwd + bwd + comm_fwd + comm_bwd + fixes
            # With dh ready before the dW GEMM ends, its all-reduce could
            # run under it: at best only the forward's small all-reduces
            # remain exposed.
            hidden = fwd + bwd + comm_fwd + fixes + max(
                0.0, comm_bwd - bwd / 3)
            print(f"| ({n}, {d}, {v}) | {full_fwd:.0f} + {full_bwd:.0f} = "
                  f"{single:.0f} | {shard} | {fwd:.0f} + {bwd:.0f} = "
                  f"{fwd + bwd:.0f} | {payload_fwd[0] // 1024} KiB + "
                  f"{payload_fwd[1] // 1024} KiB; "
                  f"{payload_bwd / 2**20:.0f} MiB | {sent / 2**20:.1f} | "
                  f"{comm_fwd:.0f} + {comm_bwd:.0f} | {plain:.0f}; {fixes:.0f} | "
                  f"{step:.0f} | {single / step:.2f} | {hidden:.0f} |")


if __name__ == "__main__":
    main()
