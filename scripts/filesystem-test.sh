#!/usr/bin/env bash
# `make filesystem-test`: the folder commit on file systems that cannot swap two folders
# in one step, each checked against the same study written on the local file system.
#
#  1. installs Debian's bindfs if it is missing (as root);
#  2. builds the debug binary (swift build --product surfacesim);
#  3. mounts, in a temporary folder: a FUSE file system (bindfs) and checks that it really
#     refuses renameat2(RENAME_EXCHANGE) (a newer FUSE may pass it through: then it says so
#     and fails, since the fallback would go untested); a bind mount given as --out itself;
#     and a bind mount given as --out inside a read-only folder (nothing can be made beside it);
#  4. on each: a first write and a second write of `run` into the folder, byte for byte
#     the local runs; `run` stopped at every step of the commit (SURFACESIM_FAULT_AT) shows
#     the old or the new complete set and the next run leaves exactly the new one and no
#     leftover; `merge`, `compare`, `probes` and `--resume` into it; a second writer while
#     the folder's lock is held (flock(1)) is refused with exit 3.
#
# Every mount it made is undone on exit, whether it passes, fails or is interrupted. Every
# command runs under `timeout` (a hang is a failure). The last line counts the cases:
# tried, handled, crashed, hung, wrong output.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
say() { echo "filesystem-test: $*"; }

[ "$(id -u)" = 0 ] || { say "FAILED: needs root (mount, bindfs)"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/surfacesim-fs-test.XXXXXX")
mounts=()
tried=0 handled=0 crashed=0 hung=0 wrong=0
cleanup() {
  local status=$? i
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
    umount "${mounts[i]}" 2> /dev/null || umount -l "${mounts[i]}" 2> /dev/null || say "could not unmount ${mounts[i]}"
  done
  if [ -z "$(grep -F "$tmp" /proc/self/mountinfo || true)" ]; then rm -rf "$tmp"; else say "left $tmp (still mounted)"; fi
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if ! command -v bindfs > /dev/null; then
  command -v apt-get > /dev/null || { say "FAILED: bindfs is missing and there is no apt-get to install it"; exit 1; }
  say "installing bindfs"
  log=$(mktemp)
  if ! timeout 900 apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 bindfs < /dev/null > "$log" 2>&1; then
    timeout 600 apt-get update -q -o DPkg::Lock::Timeout=300 < /dev/null >> "$log" 2>&1 || true
    timeout 900 apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 bindfs < /dev/null >> "$log" 2>&1 \
      || { tail -20 "$log"; say "FAILED: could not install bindfs"; exit 1; }
  fi
  rm -f "$log"
fi

# A failed build stops the test: an older binary left in .build must never be the one tested.
buildlog=$(mktemp)
if ! swift build --product surfacesim >"$buildlog" 2>&1; then
  grep -v "^\[" "$buildlog" || true; rm -f "$buildlog"; say "FAILED: the build failed"; exit 1
fi
rm -f "$buildlog"
bin=$repo/.build/debug/surfacesim
[ -x "$bin" ] || { say "FAILED: no binary at $bin"; exit 1; }
scenario=$repo/Tests/EndToEndTests/Fixtures/small.json5
steps=(leftoversRemoved siblingCreated firstFileWritten filesWritten siblingSynced previousLinked namesLinked
       swapped foldersCarried parentSynced unusedNamesRemoved previousRemoved)

# Runs the binary in folder $1 with a time limit; sets $status (124: hung, ≥128: killed by a signal).
sim() {
  local where=$1; shift
  set +e
  (cd "$where" && timeout 300 "$bin" "$@") > "$tmp/out" 2> "$tmp/err"
  status=$?
  set -e
}
# Records one case: $1 its name, $2 "ok" when its output is right.
case_done() {
  tried=$((tried + 1))
  if [ "$status" = 124 ]; then hung=$((hung + 1)); say "HUNG: $1"
  elif [ "$status" -ge 128 ] && [ "$status" != 130 ]; then crashed=$((crashed + 1)); say "CRASHED ($status): $1"; cat "$tmp/err"
  elif [ "$2" = ok ]; then handled=$((handled + 1))
  else wrong=$((wrong + 1)); say "WRONG: $1"; sed 's/^/  /' "$tmp/err"; fi
}
# Whether result folder $1 holds exactly the reference set $2 (its CSV files).
same() {
  local f
  for f in runs.csv summary.csv distributions.csv; do cmp -s "$1/$f" "$2/$f" || return 1; done
}
# Whether folder $1 (whose parent is $2) holds nothing a commit leaves behind.
clean() {
  local name; name=$(basename "$1")
  [ -z "$(ls -A "$2" | grep -F ".$name.commit-" || true)" ] || return 1
  [ ! -e "$1/.partial" ] || return 1
  local sets; sets=$(ls -A "$1" | grep -c '^\.surfacesim-set-' || true)
  [ "$sets" -le 1 ] || return 1
  [ -z "$(ls -A "$1" | grep -E '^\.surfacesim-(link|pointer|work)-|^\.surfacesim-commit$' || true)" ] || return 1
  [ -z "$(find "$1" -maxdepth 1 -xtype l)" ] || return 1
}

# The references, on the local file system.
mkdir -p "$tmp/local"
for seed in 1 2; do sim "$tmp/local" run "$scenario" --seed "$seed" --out "seed$seed" --quiet; [ "$status" = 0 ] || { say "FAILED: reference run"; exit 1; }; done
for shard in 1 2; do sim "$tmp/local" run "$scenario" --seed 2 --shard "$shard/2" --out "shard$shard" --quiet; done
sim "$tmp/local" merge shard1 shard2 --out merged --quiet
ref=$tmp/local

# Every check on the folder $2 (parent $1), named $3.
check() {
  local parent=$1 out=$2 label=$3 ok step
  rm -rf "${out:?}"/* "$out"/.[!.]* 2> /dev/null || true
  sim "$parent" run "$scenario" --seed 1 --out "$out" --quiet
  ok=no; [ "$status" = 0 ] && same "$out" "$ref/seed1" && clean "$out" "$parent" && ok=ok; case_done "$label: first write" $ok
  sim "$parent" run "$scenario" --seed 2 --out "$out" --quiet
  ok=no; [ "$status" = 0 ] && same "$out" "$ref/seed2" && clean "$out" "$parent" && ok=ok; case_done "$label: second write" $ok
  for step in "${steps[@]}"; do
    sim "$parent" run "$scenario" --seed 1 --out "$out" --quiet
    local before=$status
    set +e; (cd "$parent" && SURFACESIM_FAULT_AT=$step timeout 300 "$bin" run "$scenario" --seed 2 --out "$out" --quiet) > /dev/null 2> "$tmp/err"; status=$?; set -e
    ok=no
    if [ "$before" = 0 ] && { [ "$status" = 86 ] || [ "$status" = 0 ]; } && { same "$out" "$ref/seed1" || same "$out" "$ref/seed2"; }; then
      sim "$parent" run "$scenario" --seed 2 --out "$out" --resume --quiet
      [ "$status" = 0 ] || sim "$parent" run "$scenario" --seed 2 --out "$out" --quiet
      [ "$status" = 0 ] && same "$out" "$ref/seed2" && clean "$out" "$parent" && ok=ok
    fi
    case_done "$label: run stopped at $step" $ok
  done
  sim "$parent" merge "$ref/shard1" "$ref/shard2" --out "$out" --quiet
  ok=no; [ "$status" = 0 ] && same "$out" "$ref/merged" && clean "$out" "$parent" && ok=ok; case_done "$label: merge" $ok
  sim "$parent" compare "$ref/seed2" "$out" --out "$ref/compare-$label" --quiet
  ok=no; [ "$status" = 0 ] && [ -s "$ref/compare-$label/contrasts.csv" ] && ok=ok; case_done "$label: compare reading it" $ok
  sim "$parent" run "$scenario" --seed 2 --out "$out" --stop-after 2 --quiet
  sim "$parent" run "$scenario" --seed 2 --out "$out" --resume --quiet
  ok=no; [ "$status" = 0 ] && same "$out" "$ref/seed2" && clean "$out" "$parent" && ok=ok; case_done "$label: --resume" $ok
  sim "$parent" probes --only P25.1 --runs 2 --out "$out" --quiet
  # probes adds its table to the folder and keeps the study's files.
  ok=no; [ "$status" = 0 ] && [ -s "$out/probes.csv" ] && same "$out" "$ref/seed2" && clean "$out" "$parent" && ok=ok; case_done "$label: probes" $ok
  # The lock: held by flock(1) on whichever lock file the folder uses, a writer is refused.
  local lock; lock="$parent/.$(basename "$out").lock"
  [ -w "$parent" ] || lock="$out/.surfacesim-lock"
  flock -n "$lock" sleep 3 & local holder=$!
  sleep 0.5
  sim "$parent" run "$scenario" --seed 3 --out "$out" --quiet
  wait "$holder" || true
  ok=no; [ "$status" = 3 ] && grep -q "another surfacesim is writing this folder" "$tmp/err" && same "$out" "$ref/seed2" && ok=ok
  case_done "$label: a second writer while the lock is held" $ok
}

# 1. FUSE (bindfs) that refuses the exchange.
mkdir -p "$tmp/fuse-src" "$tmp/fuse"
bindfs "$tmp/fuse-src" "$tmp/fuse"; mounts+=("$tmp/fuse")
mkdir "$tmp/fuse/a" "$tmp/fuse/b"
if python3 -c '
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
sys.exit(0 if libc.renameat2(-100, sys.argv[1].encode(), -100, sys.argv[2].encode(), 2) != 0 else 1)' "$tmp/fuse/a" "$tmp/fuse/b"; then
  say "bindfs refuses renameat2(RENAME_EXCHANGE), as wanted"
else
  say "FAILED: this bindfs passes renameat2(RENAME_EXCHANGE) through; the fallback would go untested here"; exit 1
fi
rmdir "$tmp/fuse/a" "$tmp/fuse/b"
mkdir "$tmp/fuse/results"
check "$tmp/fuse" "$tmp/fuse/results" bindfs

# 2. A bind mount given as --out.
mkdir -p "$tmp/bind-src" "$tmp/bind/vol"
mount --bind "$tmp/bind-src" "$tmp/bind/vol"; mounts+=("$tmp/bind/vol")
check "$tmp/bind" "$tmp/bind/vol" bind-mount

# 3. A bind mount given as --out inside a read-only folder: the lock and the new sets go inside it.
mkdir -p "$tmp/ro-src" "$tmp/ro/vol"
mount --bind "$tmp/ro" "$tmp/ro"; mounts+=("$tmp/ro")
mount -o remount,bind,ro "$tmp/ro"
mount --bind "$tmp/ro-src" "$tmp/ro/vol"; mounts+=("$tmp/ro/vol")
touch "$tmp/ro/probe" 2> /dev/null && { say "FAILED: the parent is not read-only"; exit 1; }
check "$tmp/ro" "$tmp/ro/vol" read-only-parent

say "cases tried $tried, handled $handled, crashed $crashed, hung $hung, wrong output $wrong"
[ "$handled" = "$tried" ] || { say "FAILED"; exit 1; }
say "passed on bindfs (FUSE, no exchange), a bind mount as --out, and a bind mount inside a read-only folder"
