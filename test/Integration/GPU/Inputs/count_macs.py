#!/usr/bin/env python3
"""Sums the tensor-core MACs of every kernel launch in the emulator's
statistics (LMHEAD_EMULATOR_STATS=1) and holds them to a multiple of
N*D*V, the multiply-adds of one GEMM of the LM head.

    count_macs.py STATS --n N --d D --v V --at-most R

Prints `tensor-core MACs: <sum> = <sum / N*D*V> x N*D*V over <k> launches
(at most R)` and then `MACS OK`; exits 1 when the sum passes R*N*D*V, or
when no launch did tensor-core work (a run that launched nothing proves
nothing).
"""
import argparse
import re
import sys


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stats", help="the emulator's stderr")
    parser.add_argument("--n", type=int, required=True)
    parser.add_argument("--d", type=int, required=True)
    parser.add_argument("--v", type=int, required=True)
    parser.add_argument("--at-most", type=float, required=True)
    args = parser.parse_args(argv)
    with open(args.stats) as f:
        macs = [int(m) for m in re.findall(
            r"^lmhead emulator: kernel .*, (\d+) tensor-core MACs$",
            f.read(), re.MULTILINE)]
    total, gemm = sum(macs), args.n * args.d * args.v
    working = sum(1 for m in macs if m)
    print(f"tensor-core MACs: {total} = {total / gemm:.3f} x N*D*V over "
          f"{working} launches (at most {args.at_most:g})")
    if working == 0:
        print("FAIL no launch did tensor-core work")
        return 1
    if total > args.at_most * gemm:
        print("FAIL more tensor-core MACs than allowed")
        return 1
    print("MACS OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
