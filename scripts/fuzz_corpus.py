#!/usr/bin/env python3
"""Packs a fuzz target's minimized corpus into one file, and unpacks it again.

Usage:
  fuzz_corpus.py pack fuzz/corpus/json_differential fuzz/corpora/json_differential.pack
  fuzz_corpus.py unpack fuzz/corpora/json_differential.pack fuzz/corpus/json_differential

The packed form (what fuzz/corpora/ holds, and what `cargo test` replays) is each input in turn,
in file-name order: its length as four little-endian bytes, then its bytes. Minimize first
(`cargo +nightly fuzz cmin TARGET`), so that the pack holds only inputs that add coverage.
"""
import os, struct, sys

def pack(directory, path):
    names = sorted(os.listdir(directory))
    with open(path, "wb") as out:
        for name in names:
            data = open(os.path.join(directory, name), "rb").read()
            out.write(struct.pack("<I", len(data)))
            out.write(data)
    print(f"{len(names)} inputs into {path}")

def unpack(path, directory):
    os.makedirs(directory, exist_ok=True)
    data = open(path, "rb").read()
    at, count = 0, 0
    while at < len(data):
        (length,) = struct.unpack_from("<I", data, at)
        at += 4
        with open(os.path.join(directory, f"packed-{count:06}"), "wb") as out:
            out.write(data[at:at + length])
        at += length
        count += 1
    print(f"{count} inputs into {directory}")

if __name__ == "__main__":
    command, source, target = sys.argv[1:4]
    {"pack": pack, "unpack": unpack}[command](source, target)
