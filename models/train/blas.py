"""Whether Debian's torch found a fast BLAS, for the trainers under models/train.

Without OpenBLAS (libopenblas0-pthread), Debian's torch falls back to the reference BLAS and trains
about 8-16 times slower: a run cut by its time budget then under-trains silently. The trainers call
check_blas once before training so that a log says so loudly."""
import ctypes.util
import time

import torch


def check_blas(threads, log):
    """Times a few matrix products; logs a WARNING when OpenBLAS is missing or they are slow
    (under 4 GFLOP/s a thread), else the speed and the library. Returns the GFLOP/s measured."""
    lib = ctypes.util.find_library("openblas")
    a = torch.randn(384, 384)
    t = time.time()
    for _ in range(20):
        a @ a
    gflops = 20 * 2 * 384 ** 3 / max(1e-9, time.time() - t) / 1e9
    if lib is None or gflops < 4 * threads:
        log(f"WARNING: slow matrix products ({gflops:.1f} GFLOP/s, OpenBLAS {'found' if lib else 'NOT found'}): "
            "install libopenblas0-pthread (apt-get install libopenblas0-pthread); training under a time budget will under-train")
    else:
        log(f"BLAS: {gflops:.1f} GFLOP/s ({lib})")
    return gflops
