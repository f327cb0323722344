#!/usr/bin/env bash
# Submits a SurfaceSim study to Slurm as N shards and a merge job:
#
#   scripts/slurm/submit.sh SCENARIO N OUTROOT [run options...]
#
# - an array job of N tasks (shard.sbatch), task K running
#   `surfacesim run SCENARIO --shard K/N --out OUTROOT/shard-K [run options...]`;
# - a merge job (merge.sbatch) that waits for the whole array
#   (`--dependency=afterok:ARRAY`) and writes OUTROOT/merged/; if a shard fails, Slurm
#   cancels it (`--kill-on-invalid-dep=yes`) rather than leaving it pending.
#
# Output layout:
#   OUTROOT/shard-K/     each shard's results and state.json (what merge reads)
#   OUTROOT/merged/      runs.csv, summary.csv, distributions.csv, manifest.json, *.svg
#   OUTROOT/logs/        shard-<array job>_<task>.out and merge-<job>.out
#
# Prints "ARRAY_JOB_ID MERGE_JOB_ID" on stdout. OUTROOT must be on a file system the
# compute nodes share. Environment:
#   SURFACESIM      the binary (default: .build/release/surfacesim of this checkout,
#                   else `surfacesim` on PATH); it must be reachable from the nodes
#   SBATCH_OPTIONS  extra sbatch options for both jobs, e.g. "--partition=short"
#   SHARD_CPUS      CPUs per shard, passed to `--jobs` (default 2)
set -euo pipefail

if [ "$#" -lt 3 ]; then
  echo "usage: $0 SCENARIO N OUTROOT [run options...]" >&2
  exit 2
fi
scenario=$1 count=$2 outroot=$3
shift 3
case $count in ''|*[!0-9]*|0) echo "N must be a whole number of at least 1, found '$count'" >&2; exit 2 ;; esac
[ -f "$scenario" ] || { echo "no scenario file '$scenario'" >&2; exit 2; }
command -v sbatch > /dev/null || { echo "sbatch not found: is Slurm installed and SLURM_CONF set?" >&2; exit 3; }

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
surfacesim=${SURFACESIM:-}
if [ -z "$surfacesim" ]; then
  if [ -x "$repo/.build/release/surfacesim" ]; then surfacesim=$repo/.build/release/surfacesim
  else surfacesim=$(command -v surfacesim || true); fi
fi
if [ -z "$surfacesim" ] || [ ! -x "$surfacesim" ]; then echo "no surfacesim binary: build it (make release) or set SURFACESIM" >&2; exit 3; fi
surfacesim=$(cd "$(dirname "$surfacesim")" && pwd)/$(basename "$surfacesim")

# Check the scenario with the run options' --set overrides before anything is submitted, so
# a bad value fails here once instead of in every shard; --shard and --out are each shard's own.
validate_options=()
set_next=false
for option in "$@"; do
  if $set_next; then validate_options+=(--set "$option"); set_next=false; continue; fi
  case $option in
    --set) set_next=true ;;
    --set=*) validate_options+=(--set "${option#--set=}") ;;
    --shard|--shard=*|--out|--out=*) echo "$option: submit.sh gives each shard its own --shard and --out; leave it out" >&2; exit 2 ;;
  esac
done
if $set_next; then echo "--set: expected path=value after it" >&2; exit 2; fi
"$surfacesim" validate "$scenario" ${validate_options[@]+"${validate_options[@]}"} > /dev/null || exit 2
scenario=$(cd "$(dirname "$scenario")" && pwd)/$(basename "$scenario")
mkdir -p "$outroot/logs"
outroot=$(cd "$outroot" && pwd)

# shellcheck disable=SC2086 # SBATCH_OPTIONS is a list of options
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array="1-$count" --cpus-per-task="${SHARD_CPUS:-2}" \
  --output="$outroot/logs/shard-%A_%a.out" \
  "$here/shard.sbatch" "$surfacesim" "$scenario" "$count" "$outroot" "$@")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTIONS:-} --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$outroot/logs/merge-%j.out" \
  "$here/merge.sbatch" "$surfacesim" "$count" "$outroot")
merge=${merge%%;*}
echo "$array $merge"
