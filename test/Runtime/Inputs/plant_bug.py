#!/usr/bin/env python3
"""Plants one synchronisation bug in an sm_90a kernel of a bundle.

    plant_bug.py <kernel.ptx> <bug>

Rewrites the PTX file in place (the bundle is a copy made for the test).
The bugs are the mistakes a pipelined Hopper kernel makes that pass every
numerical check on a machine that runs asynchronous operations at once:

  no-final-wait     drop the wgmma.wait_group 0 before the epilogue, which
                    then reads accumulators of a wgmma still in flight;
  early-release     arrive on a stage's "empty" mbarrier before the
                    wgmma.wait_group that retires the wgmmas reading it, so
                    the producer's next TMA copy may overwrite the stage;
  skip-full-wait    drop the consumer's first wait on a "full" mbarrier, so
                    the first wgmma reads a TMA tile it has not waited for;
  descriptor-split  make odd threads give another A descriptor to the first
                    wgmma than even threads;
  setmaxnreg-244    ask setmaxnreg.inc for 244 registers (not a multiple
                    of 8);
  local-release     (a clustered kernel) every consumer warpgroup releases
                    the stage in its own block only, so its peer's
                    producer may multicast into this block's stage while
                    its wgmmas still read it;
  no-producer-tail  (a clustered kernel) drop the producer's waits after
                    its last copy for the consumers' last releases, so a
                    block may exit while its peer still arrives on its
                    mbarriers;
  no-proxy-fence    (kernels that store through TMA) drop the
                    fence.proxy.async between the threads' writes into a
                    staging buffer and the TMA store that reads it;
  no-store-wait     (kernels that store through TMA) drop the issuing
                    thread's waits for its stores to have read their
                    buffers, so the threads fill a buffer a store may still
                    be reading;
  no-turn-wait      (a ping-pong kernel) drop a consumer warpgroup's wait
                    for its turn before its first tile's main loop, so it
                    takes a stage's phase of the other warpgroup's tile for
                    one of its own;
  no-grid-wait      (kernels launched as programmatic dependents) drop
                    griddepcontrol.wait, so a kernel reads global memory
                    that the kernel before it on its stream may still be
                    writing.

Exits with status 2 when the kernel does not have the shape the bug needs.
"""

import re
import sys


def fail(message):
    print(f"plant_bug.py: {message}", file=sys.stderr)
    sys.exit(2)


def index_of(lines, pattern, start=0):
    for i in range(start, len(lines)):
        if re.search(pattern, lines[i]):
            return i
    fail(f"no line matches {pattern!r}")


def first_kernel(lines):
    """The lines [begin, end) of the file's first kernel."""
    begin = index_of(lines, r"^\.(visible\s+)?\.entry")
    following = [i for i in range(begin + 1, len(lines))
                 if re.search(r"^\.(visible\s+)?\.entry", lines[i])]
    return begin, following[0] if following else len(lines)


def plant(lines, bug):
    if bug == "no-final-wait":
        del lines[index_of(lines, r"wgmma\.wait_group\.sync\.aligned\s+0;")]
    elif bug == "early-release":
        wait = index_of(lines, r"wgmma\.wait_group\.sync\.aligned\s+1;")
        arrive = index_of(lines, r"^\s*mbarrier\.arrive\.shared\.b64", wait)
        lines.insert(arrive, lines.pop(wait))
    elif bug == "skip-full-wait":
        fence = index_of(lines, r"wgmma\.fence\.sync\.aligned")
        wait = max(i for i in range(fence) if "mbarrier.try_wait" in lines[i])
        lines[wait] = "\tsetp.eq.u32 P1, 0, 0; // planted: no wait"
    elif bug == "descriptor-split":
        mma = index_of(lines, r"wgmma\.mma_async")
        descriptor = re.search(r"\},\s*(%rd\d+),", lines[mma]).group(1)
        lines[mma:mma] = [
            "\tmov.u32 %planted_tid, %tid.x;",
            "\tand.b32 %planted_tid, %planted_tid, 1;",
            "\tcvt.u64.u32 %planted_step, %planted_tid;",
            f"\tadd.s64 {descriptor}, {descriptor}, %planted_step;",
        ]
        registers = index_of(lines, r"^\s*\.reg ")
        lines[registers:registers] = ["\t.reg .b32 %planted_tid;",
                                      "\t.reg .b64 %planted_step;"]
    elif bug == "setmaxnreg-244":
        at = index_of(lines, r"setmaxnreg\.inc\.sync\.aligned\.u32\s+\d+;")
        lines[at] = re.sub(r"\d+;", "244;", lines[at])
    elif bug == "local-release":
        begin, end = first_kernel(lines)
        mapa = re.compile(r"^(\s*(?:@\w+\s+)?mapa\.shared::cluster\.u\d+"
                          r"\s+[%\w]+,\s*[%\w]+,\s*)[%\w]+;")
        mapas = [i for i in range(begin, end) if mapa.match(lines[i])]
        if not mapas:
            fail("no mapa.shared::cluster: not a clustered kernel")
        for i in mapas:
            lines[i] = mapa.sub(r"\1%planted_rank;", lines[i])
        # After the kernel's own register declarations (the first run of
        # them; later ones sit in the scopes of inline assembly).
        last_reg = index_of(lines, r"^\s*\.reg ", begin)
        while lines[last_reg + 1].lstrip().startswith(".reg"):
            last_reg += 1
        lines[last_reg + 1:last_reg + 1] = [
            "\t.reg .b32 %planted_rank;",
            "\tmov.u32 %planted_rank, %cluster_ctarank;"]
    elif bug == "no-producer-tail":
        begin, end = first_kernel(lines)
        copies = [i for i in range(begin, end)
                  if "cp.async.bulk.tensor" in lines[i]]
        if not copies or not any("multicast::cluster" in lines[i]
                                 for i in copies):
            fail("no multicast copy: not a clustered kernel")
        ret = index_of(lines, r"^\s*ret;", copies[-1])
        tail = [i for i in range(copies[-1], ret)
                if "mbarrier.try_wait" in lines[i]]
        if not tail:
            fail("no wait after the producer's last copy")
        for i in tail:
            lines[i] = "\tsetp.eq.u32 P1, 0, 0; // planted: no wait"
    elif bug in ("no-proxy-fence", "no-store-wait", "no-grid-wait"):
        # In every kernel of the file: a one-tile kernel reuses no buffer.
        begin, end = 0, len(lines)
        pattern = {
            "no-proxy-fence": r"^\s*fence\.proxy\.async\.shared::cta;",
            "no-store-wait": r"^\s*cp\.async\.bulk\.wait_group\.read\s+0;",
            "no-grid-wait": r"^\s*griddepcontrol\.wait;",
        }[bug]
        found = [i for i in range(begin, end) if re.search(pattern, lines[i])]
        if not found:
            fail(f"no line matches {pattern!r} for {bug}")
        for i in found:
            lines[i] = "\t// planted: dropped " + lines[i].strip()
    elif bug == "no-turn-wait":
        # A ping-pong consumer waits for its turn, then for its first
        # stage, before its first wgmma; a cooperative one only for the
        # stage.
        begin, end = first_kernel(lines)
        consumer = index_of(lines, r"setmaxnreg\.inc\.sync\.aligned", begin)
        fence = index_of(lines, r"wgmma\.fence\.sync\.aligned", consumer)
        waits = [i for i in range(consumer, fence)
                 if "mbarrier.try_wait" in lines[i]]
        if len(waits) != 2:
            fail("no turn wait before the first stage's: not a ping-pong "
                 "kernel")
        lines[waits[0]] = "\tsetp.eq.u32 P1, 0, 0; // planted: no turn wait"
    else:
        fail(f"unknown bug {bug!r}")


def main():
    if len(sys.argv) != 3:
        fail("usage: plant_bug.py <kernel.ptx> <bug>")
    path, bug = sys.argv[1:]
    with open(path) as f:
        lines = f.read().split("\n")
    plant(lines, bug)
    with open(path, "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
