#!/usr/bin/env python3
"""How far a surface reaches outside its folder (issue 42, item 4): for each surface folder
of Sources/Surfaces, the types its files declare (class, struct, enum, protocol, actor,
top-level typealias), and the source files outside the folder that name one of them, Sources/Surfaces/Chapter/
(the probes script every surface) and Tests/ aside. Usage: scripts/surface-coupling.py [-v]
(-v lists the files and the names they use; --max N exits 1, naming the surface, when a
surface's types are named in more than N files outside its folder)."""
import os, re, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SURFACES = os.path.join(ROOT, "Sources", "Surfaces")
# The folders that hold a surface (its programs, parameters and metrics), not shared machinery.
# Package.swift's `surfaceFolders`, the one list a built-in surface's folder joins.
with open(os.path.join(ROOT, "Package.swift"), encoding="utf-8") as manifest:
    FOLDERS = re.findall(r'"(\w+)"', re.search(r"let surfaceFolders = \[([^\]]*)\]", manifest.read()).group(1))
MODIFIERS = r"(?:(?:public|package|internal|fileprivate|private|final|open|indirect|nonisolated)\s+)*"
# Types at any depth (`Parameters.Widget` is the widget's), aliases only at the top (a nested
# `typealias Input` is a protocol's requirement, not a type of the surface).
ATTRIBUTES = r"(?:@\w+(?:\([^)]*\))?\s+)*"
DECL = re.compile(r"^\s*" + ATTRIBUTES + MODIFIERS + r"(?:class|struct|enum|protocol|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"
                  r"|^" + MODIFIERS + r"typealias\s+([A-Za-z_][A-Za-z0-9_]*)", re.M)
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
# String literals name no type ("Share of the draws kept"); multi-line ones first.
STRING = re.compile(r'"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"')

def swift_files(top):
    for d, _, files in os.walk(top):
        for f in files:
            if f.endswith(".swift"):
                yield os.path.join(d, f)

def code(path):
    with open(path, encoding="utf-8") as f:
        return STRING.sub('""', COMMENT.sub("", f.read()))

def main():
    verbose = "-v" in sys.argv
    limit = int(sys.argv[sys.argv.index("--max") + 1]) if "--max" in sys.argv else None
    over = []
    outside_all = [p for p in swift_files(os.path.join(ROOT, "Sources"))
                   if not p.startswith(os.path.join(SURFACES, "Chapter") + os.sep)]
    texts = {p: code(p) for p in outside_all}
    for folder in FOLDERS:
        top = os.path.join(SURFACES, folder) + os.sep
        names = set()
        for p in swift_files(top):
            names.update(a or b for a, b in DECL.findall(code(p)))
        # A name counts bare or as a nested type of `Parameters` (`Parameters.Share`, the share's
        # parameters), not as another type's member (`ContinuousClock.Instant`).
        alternatives = "|".join(sorted(names))
        words = re.compile(r"(?:(?<![\w.])|(?<=\bParameters\.))(" + alternatives + r")\b") if names else None
        users = {}
        for p, text in texts.items():
            if p.startswith(top) or words is None:
                continue
            used = sorted(set(words.findall(text)))
            if used:
                users[os.path.relpath(p, ROOT)] = used
        print(f"{folder}: {len(names)} types, named in {len(users)} files outside")
        if limit is not None and len(users) > limit:
            over.append(f"{folder} ({', '.join(sorted(users))})")
        if verbose:
            for p, used in sorted(users.items()):
                print(f"    {p}: {', '.join(used)}")
    if over:
        print(f"named in more than {limit} files outside their folder: " + "; ".join(over), file=sys.stderr)
        sys.exit(1)

if __name__ == "__main__":
    main()
