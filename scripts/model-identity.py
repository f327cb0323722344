#!/usr/bin/env python3
"""Recomputes manifest.json's `model` from the sources (docs/output.md "Provenance") and,
given a manifest, checks it names that model: the check that the build-tool plugin hashed
what it says it hashed.

    scripts/model-identity.py [MANIFEST]
"""
import hashlib
import json
import os
import sys

MODULES = ["SimKernel", "Platform", "Surfaces", "Statistics", "Study"]


def model_identity(root):
    files = []
    for module in MODULES:
        for folder, _, names in os.walk(os.path.join(root, "Sources", module)):
            files += [os.path.relpath(os.path.join(folder, n), root) for n in names if n.endswith(".swift")]
    digest = hashlib.sha256()
    for path in sorted(files, key=lambda p: p.encode()):
        with open(os.path.join(root, path), "rb") as f:
            data = f.read()
        digest.update(path.encode() + b"\0" + str(len(data)).encode() + b"\0")
        digest.update(data)
    return digest.hexdigest()


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    identity = model_identity(root)
    print(identity)
    if len(sys.argv) > 1:
        with open(sys.argv[1]) as f:
            recorded = json.load(f).get("model")
        if recorded != identity:
            sys.exit(f"{sys.argv[1]}: model {recorded} is not the sources' {identity}")


if __name__ == "__main__":
    main()
