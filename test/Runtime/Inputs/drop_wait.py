"""Removes a kernel's waits from a bundle's manifest, as a schedule that
forgot a cross-stream dependency would have it.

    drop_wait.py <manifest.json> <op> <kernel>
"""
import json
import sys


def main(path, op, kernel):
    with open(path) as f:
        manifest = json.load(f)
    found = False
    for entry in manifest["ops"][op]["kernels"]:
        if entry["name"] == kernel:
            found = "after" in entry
            entry.pop("after", None)
    if not found:
        raise SystemExit(f"{op} has no kernel {kernel!r} that waits")
    with open(path, "w") as f:
        json.dump(manifest, f, indent=1)


if __name__ == "__main__":
    main(*sys.argv[1:])
