#!/usr/bin/env python3
"""What one `carca` command costs over `carca --version`, in wall time.

Runs the two commands in turn (A, B, A, B, ...) so that a drift in the
machine's speed touches both alike, and prints the medians and the median
of the pairwise differences.

    cargo build --release
    python3 benches/startup.py score fixtures/records/full-game-72.yaml
"""

import statistics
import subprocess
import sys
import time

CARCA = "./target/release/carca"
PAIRS = 300
WARMUP = 10


def elapsed(argv):
    start = time.perf_counter_ns()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter_ns() - start


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    a = [CARCA, *sys.argv[1:]]
    b = [CARCA, "--version"]
    for _ in range(WARMUP):
        elapsed(a)
        elapsed(b)
    ta, tb = [], []
    for _ in range(PAIRS):
        ta.append(elapsed(a))
        tb.append(elapsed(b))
    diff = statistics.median(x - y for x, y in zip(ta, tb))
    ms = 1e6
    print(f"carca {' '.join(sys.argv[1:])}: {statistics.median(ta) / ms:.3f} ms")
    print(f"carca --version: {statistics.median(tb) / ms:.3f} ms")
    print(f"difference (median of {PAIRS} pairs): {diff / ms:.3f} ms")


if __name__ == "__main__":
    main()
