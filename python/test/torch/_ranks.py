"""Running a function on several CPU ranks of a gloo process group, from a
test: ``torch.multiprocessing`` spawns the ranks, a file store joins them,
and each rank's result comes back to the test through a file."""

import datetime
import os
import sys
import traceback

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def _rank_main(rank, world, folder, function, args):
    # A rank that waits in a collective the others never make fails the
    # test in a minute rather than at gloo's default half hour.
    dist.init_process_group("gloo", init_method=f"file://{folder}/store",
                            rank=rank, world_size=world,
                            timeout=datetime.timedelta(seconds=60))
    try:
        result = function(rank, world, *args)
        torch.save(result, os.path.join(folder, f"result-{rank}.pt"))
    except BaseException:
        with open(os.path.join(folder, f"error-{rank}.txt"), "w") as f:
            f.write(traceback.format_exc())
        raise
    finally:
        dist.destroy_process_group()
    # Both ranks finished and left the group: end the process here. Past
    # this point, the interpreter's own exit (static destructors of
    # torch's gloo backend) has been seen to abort a rank, "terminate
    # called without an active exception", after every rank had written
    # its result and destroyed the group (about 1 run in 15).
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def on_ranks(world, function, *args, folder):
    """``function(rank, world, *args)`` on ``world`` spawned ranks of one
    gloo group; returns their results in rank order. ``function`` must be
    importable by name (a module-level function of a test helper)."""
    folder = str(folder)
    os.makedirs(folder, exist_ok=True)
    try:
        mp.spawn(_rank_main, args=(world, folder, function, args),
                 nprocs=world, join=True)
    except mp.ProcessRaisedException as error:
        raise AssertionError(f"a rank failed:\n{error}") from None
    return [torch.load(os.path.join(folder, f"result-{r}.pt"),
                       weights_only=False) for r in range(world)]


def shard_bounds(vocab, world):
    """Unequal shards of [0, vocab): rank r's share grows with r, so no two
    ranks hold the same number of rows (and vocab need not divide)."""
    weights = [r + 2 for r in range(world)]
    cuts = [0]
    for w in weights[:-1]:
        cuts.append(cuts[-1] + vocab * w // sum(weights))
    cuts.append(vocab)
    return list(zip(cuts[:-1], cuts[1:]))
