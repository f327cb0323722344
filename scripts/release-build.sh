#!/usr/bin/env bash
# The release binary, built the one way every command here builds it (`make release`,
# `make bench`, `make cluster-test`): optimised with a profile of its own runs
# (profile-guided optimisation; docs/performance.md#the-build), the modules optimised
# together at link time and, on Linux, the Swift runtime linked in (`linking` below). The
# profile changes what the compiler inlines and how it lays the code out, never what the
# program computes: every result is the same bytes (`make results` checks it).
#
# When .build/pgo/surfacesim.profdata is missing (a clean clone; `make profile` removes it):
#   1. an instrumented build, in .build/pgo-training (it counts every branch it takes);
#   2. the training run, the default study (every surface on), 1,000 replications on one
#      worker, its counts merged into the profile;
#   3. the release folder emptied, so that every module is compiled with the new profile.
# Then the release build, .build/release/<product>, with the profile. A profile older than the
# sources still applies to every function that has not changed (the compiler skips the others,
# silently); `make profile` makes a fresh one.
#
# Training on every verb as well (a sweep and its contrast, the probes, failure modes and
# signals, an inference, a trace) gave a profile whose counts the statistics' loops dominated,
# and a binary no faster than a plain build; this one runs the studies about an eighth faster
# and every other verb as fast or faster.
#
# A toolchain without llvm-profdata gets a release build without the profile, linked the same
# way, with a line saying so (the binary computes the same, more slowly).
#
# Usage: scripts/release-build.sh [product]: surfacesim (the default) or another of the
# package's executables, built with the same flags so that the modules they share are not
# rebuilt. Prints the compiler's diagnostics; exits non-zero on a failed build.
set -uo pipefail
cd "$(dirname "$0")/.."
product=${1:-surfacesim}
swift=${SWIFT:-swift}     # the Makefile passes its SWIFT (swift unless set)
root=$PWD
profile=$root/.build/pgo/surfacesim.profdata
log=$(mktemp)
work=""
trap 'rm -f "$log"; [ -z "$work" ] || rm -rf "$work"' EXIT

# Builds with the given arguments; prints the diagnostics, not the progress lines.
build() {
  "$swift" build -c release --product "$@" > "$log" 2>&1
  local status=$?
  grep -v "^\[" "$log" | grep -v "libFoundationEssentials.a(.*the use of \`mktemp' is dangerous"
  return $status
}
# How the release binary is linked (docs/performance.md#the-build):
# - on Linux, the Swift runtime and standard library go into the binary
#   (--static-swift-stdlib): it runs on a machine without the Swift toolchain (a cluster's
#   nodes), and each of the model's retains, releases and allocations is a direct call rather
#   than one through a shared library's tables;
# - the modules are optimised together at link time (LLVM's full LTO, SwiftPM's
#   --experimental-lto-mode): a program's calls into its context, the platform's capabilities
#   and the measurement layer, in other modules, can then be inlined as calls within one are.
# Neither changes what the program computes. The one line filtered out above is the warning
# glibc's linker gives any binary that links `mktemp`: here a function inside the toolchain's
# own static Foundation library, not the project's code.
# (On macOS the runtime is the system's, which SwiftPM links whatever this says.)
linking=(--experimental-lto-mode=full)
if [ "$(uname -s)" = Linux ]; then linking+=(--static-swift-stdlib); fi

profdata=""
for candidate in "$(dirname "$(command -v "$swift")")/llvm-profdata" "$(command -v llvm-profdata || true)" \
                 "$(xcrun --find llvm-profdata 2>/dev/null || true)"; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then profdata=$candidate; break; fi
done
if [ -z "$profdata" ]; then
  echo "release-build: no llvm-profdata beside swift: a release build without a profile"
  build "$product" "${linking[@]}"
  exit $?
fi

if [ ! -s "$profile" ]; then
  echo "release-build: making the profile (an instrumented build and a training run; once per clone)"
  mkdir -p .build/pgo
  # 1. What the build itself runs of the instrumented code (the model hasher) counts into a
  #    file of its own.
  build surfacesim --build-path .build/pgo-training \
    -Xswiftc -Xfrontend -Xswiftc -ir-profile-generate="$root/.build/pgo-training/build-tools.profraw" \
    -Xswiftc -Xclang-linker -Xswiftc -fprofile-generate || exit $?
  # 2.
  work=$(mktemp -d)
  rm -f .build/pgo/training-*.profraw
  if ! LLVM_PROFILE_FILE="$root/.build/pgo/training-%p.profraw" .build/pgo-training/release/surfacesim \
         run Scenarios/default.json5 --runs 1000 --jobs 1 --out "$work/default" --quiet > "$work/training.log" 2>&1; then
    cat "$work/training.log"
    echo "release-build: the training run failed (above)"
    exit 1
  fi
  "$profdata" merge -o "$profile.new" .build/pgo/training-*.profraw || exit $?
  rm -f .build/pgo/training-*.profraw
  # 3. The build does not see the profile change, so nothing compiled before it is kept.
  release_folder=$(readlink -f .build/release 2>/dev/null || true)
  if [ -n "$release_folder" ] && [ -d "$release_folder" ]; then rm -rf "$release_folder"; fi
  mv "$profile.new" "$profile"
fi

build "$product" "${linking[@]}" -Xswiftc -Xfrontend -Xswiftc -ir-profile-use="$profile"
