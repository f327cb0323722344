#!/usr/bin/env python3
"""Checks that every command output README.md shows is what the program prints (the stale-proof docs rule,
"Stale-proof docs"); `--update` rewrites the shown output in place instead.

A ```sh block that shows output (any line starting with `#`) is a checked block:
- every other non-blank line is one command, `.build/release/surfacesim ...` (split as a
  shell would split words, quotes and a trailing `# comment` included; no pipes, no `&&`);
- the lines after a command that start with `#` are its standard output, each line as
  `#   <line>` (a hash and three spaces; an empty output line is a lone `#`).
The checked blocks run in the order they appear, from the repository root, one command
after another (a later block may read what an earlier one wrote). A command must exit with
status 0, and its standard output must equal the lines shown, byte for byte except trailing
spaces at the ends of lines and blank lines at the very end; standard error is not compared
(progress lines go there) but is printed when a command fails. A folder a command writes
with `--out` under /tmp is removed before the command runs, so every run starts afresh.

A ```json5 block whose first line is `// Scenarios/<file>.json5` shows that file: the lines
after it must equal the file's content.

Exit status: 0 when everything shown matches (or was rewritten with --update), 1 when
something differs (a diff per command), 2 when README.md breaks the rules above.
"""
import argparse
import difflib
import fcntl
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

BINARY = ".build/release/surfacesim"
OUTPUT_PREFIX = "#   "
FENCE = re.compile(r"^```(\S*)\s*$")
SHOWN_FILE = re.compile(r"^// (Scenarios/\S+\.json5)$")


class ReadmeError(Exception):
    """README.md breaks the layout a checked block must have."""


def blocks(lines):
    """Yields (language, first body line index, end index) of every fenced block."""
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m and m.group(1):
            start = i + 1
            j = start
            while j < len(lines) and lines[j].rstrip() != "```":
                j += 1
            if j == len(lines):
                raise ReadmeError(f"README.md:{i + 1}: a ```{m.group(1)} block is never closed")
            yield m.group(1), start, j
            i = j + 1
        elif lines[i].rstrip() == "```":
            j = i + 1
            while j < len(lines) and lines[j].rstrip() != "```":
                j += 1
            i = j + 1
        else:
            i += 1


def output_line(line, number):
    """The output text of a shown-output line, or None when the line is no output line."""
    if not line.startswith("#"):
        return None
    if line.rstrip() == "#":
        return ""
    if not line.startswith(OUTPUT_PREFIX):
        raise ReadmeError(f"README.md:{number}: a line starting with '#' in a checked ```sh block "
                          f"is output and must start with '{OUTPUT_PREFIX}' (found {line!r})")
    return line[len(OUTPUT_PREFIX):]


def commands(lines, start, end):
    """The (line index, command text, shown output lines, output line range) of a checked block."""
    result = []
    i = start
    while i < end:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if output_line(line, i + 1) is not None:
            raise ReadmeError(f"README.md:{i + 1}: output shown before any command")
        if not line.startswith(BINARY + " "):
            raise ReadmeError(f"README.md:{i + 1}: a ```sh block that shows output may hold only "
                              f"commands starting with '{BINARY} ' (found {line!r})")
        j = i + 1
        shown = []
        while j < end and (out := output_line(lines[j], j + 1)) is not None:
            shown.append(out)
            j += 1
        result.append((i, line, shown, (i + 1, j)))
        i = j
    return result


def run(command, root, number):
    """Runs one shown command from the repository root; returns its standard output lines."""
    args = shlex.split(command, comments=True)
    for k, arg in enumerate(args[:-1]):
        if arg == "--out" and os.path.isabs(args[k + 1]) and args[k + 1].startswith("/tmp/"):
            shutil.rmtree(args[k + 1], ignore_errors=True)
    started = time.monotonic()
    done = subprocess.run(args, cwd=root, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=600)
    took = time.monotonic() - started
    if done.returncode != 0:
        sys.stderr.write(f"README.md:{number}: exit status {done.returncode} from: {command}\n"
                         f"{done.stderr}")
        raise SystemExit(1)
    out = [line.rstrip() for line in done.stdout.split("\n")]
    while out and out[-1] == "":
        out.pop()
    return out, took


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--update", action="store_true",
                        help="rewrite the shown output and shown files in README.md with what is printed now")
    parser.add_argument("--readme", default="README.md")
    options = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(root, options.readme)
    if not os.access(os.path.join(root, BINARY), os.X_OK):
        sys.stderr.write(f"readme-check: {BINARY} is missing: run 'make release' first\n")
        return 2
    # Two checks at once would write the same /tmp folders: the second waits for the first.
    lock = open("/tmp/surfacesim-readme-check.lock", "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    with open(path) as f:
        lines = f.read().split("\n")
    replacements = []  # (first index, end index, new lines), applied from the end
    differences = 0
    checked = 0
    total = 0.0
    try:
        for language, start, end in list(blocks(lines)):
            if language == "json5" and (m := SHOWN_FILE.match(lines[start])):
                with open(os.path.join(root, m.group(1))) as f:
                    actual = f.read().rstrip("\n").split("\n")
                checked += 1
                if lines[start + 1:end] != actual:
                    if options.update:
                        replacements.append((start + 1, end, actual))
                    else:
                        differences += 1
                        sys.stdout.write(f"README.md:{start + 1}: the block differs from {m.group(1)}:\n")
                        sys.stdout.writelines(difflib.unified_diff(
                            [l + "\n" for l in lines[start + 1:end]], [l + "\n" for l in actual],
                            "README.md", m.group(1)))
                continue
            if language != "sh":
                continue
            body = lines[start:end]
            if not any(l.startswith("#") for l in body):
                continue
            for index, command, shown, (first, last) in commands(lines, start, end):
                actual, took = run(command, root, index + 1)
                total += took
                checked += 1
                shown = [l.rstrip() for l in shown]
                while shown and shown[-1] == "":
                    shown.pop()
                if shown == actual:
                    continue
                if options.update:
                    replacements.append((first, last, [OUTPUT_PREFIX + l if l else "#" for l in actual]))
                else:
                    differences += 1
                    sys.stdout.write(f"README.md:{index + 1}: the output shown differs from what "
                                     f"this prints: {command}\n")
                    sys.stdout.writelines(difflib.unified_diff(
                        [l + "\n" for l in shown], [l + "\n" for l in actual], "shown", "printed"))
    except ReadmeError as error:
        sys.stderr.write(f"readme-check: {error}\n")
        return 2
    if options.update and replacements:
        for first, last, new in sorted(replacements, reverse=True):
            lines[first:last] = new
        with open(path + ".tmp", "w") as f:
            f.write("\n".join(lines))
        os.replace(path + ".tmp", path)
    verdict = (f"{len(replacements)} rewritten" if options.update
               else f"{differences} differ" if differences else "all match")
    print(f"readme-check: {checked} commands and shown files checked ({total:.1f} s of commands); {verdict}")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
