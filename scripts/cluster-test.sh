#!/usr/bin/env bash
# `make cluster-test`: runs a small study as a Slurm job array on a one-node Slurm
# cluster started on this machine, merges the shards and compares the merged CSV files
# byte for byte with the unsplit run of the same study.
#
#  1. installs Debian's slurm-wlm and munge if they are missing (as root, with a
#     policy-rc.d that keeps apt from starting any service);
#  2. builds the release binary (scripts/release-build.sh, as make release does);
#  3. starts munged (its own key and socket), slurmctld and slurmd on 127.0.0.1, all
#     configured in a temporary folder, on free ports;
#  4. submits the study with scripts/slurm/submit.sh (CLUSTER_TEST_SHARDS array tasks
#     and a merge job after them) and waits for both, at most CLUSTER_TEST_TIMEOUT s;
#  5. runs the same study unsplit and compares runs.csv, summary.csv, distributions.csv.
#
# Every daemon it started is stopped on exit, whether it passes, fails, times out or
# is interrupted; a daemon of an earlier run that was killed before it could clean up
# is stopped at the start of the next. If Slurm cannot be installed or started it
# fails and says why; it never runs the shards without Slurm. The last line names the
# job ids and says whether the merged result is byte-identical.
#
# Environment: CLUSTER_TEST_SCENARIO (default Scenarios/table-25-9/3-widget-push-wake.json5),
# CLUSTER_TEST_RUNS (200 replications per point), CLUSTER_TEST_SHARDS (3),
# CLUSTER_TEST_TIMEOUT (300 s for the jobs), CLUSTER_TEST_KEEP=1 keeps the temporary
# folder (configuration, logs, results) after a success too.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

scenario=${CLUSTER_TEST_SCENARIO:-Scenarios/table-25-9/3-widget-push-wake.json5}
runs=${CLUSTER_TEST_RUNS:-200}
shards=${CLUSTER_TEST_SHARDS:-3}
job_timeout=${CLUSTER_TEST_TIMEOUT:-300}
bin=$repo/.build/release/surfacesim
base=${TMPDIR:-/tmp}/surfacesim-cluster-test
daemons=(munged slurmctld slurmd)

started=$(date +%s)
say() { echo "cluster-test: $*"; }

# --- state the EXIT trap reads -------------------------------------------------------
tmp=""               # this run's folder (configuration, state, logs, results)
array_job="" merge_job=""
verdict="FAILED before the jobs were submitted"
policy_created=0 policy_backup=""

fail() { verdict="FAILED: $*"; exit 1; }

# The pids of processes that belong to the run folder $1: anything whose command line
# names it (daemons started with -f/--socket in it, job scripts, surfacesim), and Slurm
# or munge processes whose environment names it (slurmstepd inherits SLURM_CONF).
pids_of() {
  local dir=$1 p cmd comm
  for p in /proc/[0-9]*; do
    p=${p#/proc/}
    [ "$p" = "$$" ] && continue
    [ "$p" = "${BASHPID:-}" ] && continue
    cmd=$(tr '\0' ' ' 2> /dev/null < "/proc/$p/cmdline") || continue
    if [[ $cmd == *"$dir/"* || $cmd == *"$dir "* ]]; then echo "$p"; continue; fi
    comm=$(cat 2> /dev/null < "/proc/$p/comm") || continue
    case $comm in
      slurmctld|slurmd|slurmstepd|munged)
        if tr '\0' '\n' 2> /dev/null < "/proc/$p/environ" | grep -qF "SLURM_CONF=$dir/"; then echo "$p"; fi ;;
    esac
  done
}

# Stops every process of run folder $1: TERM, up to 10 s, then KILL.
stop_all() {
  local dir=$1 pids
  pids=$(pids_of "$dir")
  [ -n "$pids" ] || return 0
  # shellcheck disable=SC2086 # a list of pids
  kill -TERM $pids 2> /dev/null || true
  for _ in $(seq 1 20); do
    pids=$(pids_of "$dir")
    [ -n "$pids" ] || return 0
    sleep 0.5
  done
  # shellcheck disable=SC2086
  kill -KILL $pids 2> /dev/null || true
  sleep 0.5
}

# Puts /usr/sbin/policy-rc.d back as it was before the install.
restore_policy() {
  if [ "$policy_created" = 1 ]; then
    rm -f /usr/sbin/policy-rc.d
    policy_created=0
  elif [ -n "$policy_backup" ]; then
    mv -f "$policy_backup" /usr/sbin/policy-rc.d
    policy_backup=""
  fi
}

on_exit() {
  local status=$? left="" d p
  trap - EXIT INT TERM
  set +e
  restore_policy
  if [ -n "$tmp" ] && [ -d "$tmp" ]; then
    if [ -n "$array_job$merge_job" ] && [ -S "$tmp/munge/munge.socket" ]; then
      # shellcheck disable=SC2086 # one or two job ids
      timeout 10 scancel $array_job $merge_job > /dev/null 2>&1
    fi
    stop_all "$tmp"
    # Nothing started here may remain.
    for d in "${daemons[@]}" slurmstepd; do
      for p in $(pgrep -x "$d"); do
        if pids_of "$tmp" | grep -qx "$p"; then left="$left $d($p)"; fi
      done
    done
    if [ -n "$left" ]; then
      say "could not stop:$left"
      verdict="FAILED: daemons left running:$left (${verdict})"
      status=1
    fi
    if [ "$status" -ne 0 ]; then
      for f in "$tmp"/log/*.log; do
        [ -s "$f" ] || continue
        echo "--- last lines of $f"; tail -n 15 "$f"
      done
      say "logs and configuration kept in $tmp"
    elif [ "${CLUSTER_TEST_KEEP:-0}" = 1 ]; then
      say "kept $tmp"
    else
      rm -rf "$tmp"
    fi
  fi
  [ "$status" -ne 0 ] && [[ $verdict != FAILED* ]] && verdict="FAILED (exit status $status): $verdict"
  say "$(( $(date +%s) - started )) s; array job ${array_job:-none}, merge job ${merge_job:-none}: $verdict"
  exit "$status"
}
trap on_exit EXIT
trap 'verdict="FAILED: interrupted"; exit 130' INT
trap 'verdict="FAILED: terminated"; exit 143' TERM

# --- 0. inputs ----------------------------------------------------------------------
[ -f "$scenario" ] || fail "no scenario file $scenario"
case $shards in ''|*[!0-9]*|0|1) fail "CLUSTER_TEST_SHARDS must be a whole number of at least 2, found '$shards'" ;; esac
case $runs in ''|*[!0-9]*|0) fail "CLUSTER_TEST_RUNS must be a whole number of at least 1, found '$runs'" ;; esac
[ "$(id -u)" = 0 ] || fail "must run as root (it installs packages and runs slurmd, which starts jobs)"
export PATH="$PATH:/usr/sbin:/sbin"

# --- 1. packages ----------------------------------------------------------------------
have_all() {
  local c
  for c in munged mungekey munge unmunge slurmctld slurmd sbatch squeue scontrol scancel sinfo; do
    command -v "$c" > /dev/null || return 1
  done
}
if have_all; then
  say "slurm-wlm and munge are installed"
else
  command -v apt-get > /dev/null || fail "slurm-wlm and munge are missing and there is no apt-get to install them"
  say "installing slurm-wlm and munge (no service is started)"
  if [ -e /usr/sbin/policy-rc.d ]; then
    policy_backup=$(mktemp /usr/sbin/.policy-rc.d.XXXXXX)
    cp -p /usr/sbin/policy-rc.d "$policy_backup"
  else
    policy_created=1
  fi
  printf '#!/bin/sh\n# Written by scripts/cluster-test.sh while it installs packages: start no service.\nexit 101\n' \
    > /usr/sbin/policy-rc.d
  chmod 755 /usr/sbin/policy-rc.d
  export DEBIAN_FRONTEND=noninteractive
  apt_install() {
    timeout 900 apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 \
      slurm-wlm munge < /dev/null > "$1" 2>&1
  }
  apt_log=$(mktemp)
  if ! apt_install "$apt_log"; then
    say "apt-get install failed; updating the package lists and trying again"
    timeout 600 apt-get update -q -o DPkg::Lock::Timeout=300 < /dev/null >> "$apt_log" 2>&1 || true
    if ! apt_install "$apt_log"; then
      tail -n 20 "$apt_log"
      rm -f "$apt_log"
      fail "could not install slurm-wlm and munge with apt-get (output above)"
    fi
  fi
  rm -f "$apt_log"
  restore_policy
  have_all || fail "slurm-wlm and munge installed, but a command is still missing"
  say "installed $(dpkg-query -W -f='slurm-wlm ${Version}, ' slurm-wlm)$(dpkg-query -W -f='munge ${Version}' munge)"
fi

# --- 2. the binary ----------------------------------------------------------------------
say "building the release binary"
build_log=$(mktemp)
if ! "$repo/scripts/release-build.sh" surfacesim > "$build_log" 2>&1; then
  tail -n 30 "$build_log"
  rm -f "$build_log"
  fail "the release build failed (output above)"
fi
rm -f "$build_log"
[ -x "$bin" ] || fail "the build left no $bin"

# --- 3. the cluster ----------------------------------------------------------------------
# Stale runs: a folder whose owner is gone (killed before its trap ran) may still have
# daemons; stop them and remove it. A folder whose owner is alive is another run's.
mkdir -p "$base"
for d in "$base"/run.*; do
  [ -d "$d" ] || continue
  owner=$(cat "$d/owner" 2> /dev/null || echo "")
  if [ -n "$owner" ] && [ -d "/proc/$owner" ] && tr '\0' ' ' < "/proc/$owner/cmdline" 2> /dev/null | grep -q cluster-test; then
    continue
  fi
  say "cleaning up a stale run in $d"
  stop_all "$d"
  rm -rf "$d"
done
tmp=$(mktemp -d "$base/run.XXXXXX")
echo "$$" > "$tmp/owner"
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/out"
chmod 755 "$tmp" "$tmp/munge"   # munged wants its socket folder searchable; the key is 0600

# Two free TCP ports next to each other, away from the usual ones.
port_free() { ! (exec 3<> "/dev/tcp/127.0.0.1/$1") 2> /dev/null; }
port=""
for _ in $(seq 1 50); do
  p=$(( 20000 + RANDOM % 30000 ))
  if port_free "$p" && port_free $(( p + 1 )); then port=$p; break; fi
done
[ -n "$port" ] || fail "found no free pair of TCP ports"

node=$(hostname -s)
[ -n "$node" ] || fail "hostname -s printed nothing"

# munge, with its own key and socket.
key=$tmp/munge/munge.key
if ! mungekey --create --keyfile="$key" > /dev/null 2>&1; then
  dd if=/dev/urandom of="$key" bs=1024 count=1 status=none
fi
chmod 600 "$key"
socket=$tmp/munge/munge.socket
munged --socket="$socket" --key-file="$key" --pid-file="$tmp/munge/munged.pid" \
  --log-file="$tmp/log/munged.log" --seed-file="$tmp/munge/munged.seed" --num-threads=2 --force \
  < /dev/null > "$tmp/log/munged.out" 2>&1 \
  || { cat "$tmp/log/munged.out"; fail "munged did not start (output above)"; }
for _ in $(seq 1 50); do [ -S "$socket" ] && break; sleep 0.2; done
munge -n -S "$socket" 2> /dev/null | unmunge -S "$socket" > /dev/null 2>&1 \
  || fail "munged started but a credential does not round-trip through $socket"

# The node line: this machine's topology as slurmd sees it, a modest RealMemory.
hw=$(slurmd -C 2> /dev/null | grep -m1 '^NodeName=' || true)
[ -n "$hw" ] || fail "slurmd -C printed no NodeName line"
cpus=$(nproc)
topology=$(echo "$hw" | grep -oE '(Boards|SocketsPerBoard|CoresPerSocket|ThreadsPerCore)=[0-9]+' | tr '\n' ' ')
hw_cpus=$(echo "$hw" | sed -nE 's/.* CPUs=([0-9]+).*/\1/p')
if [ "$hw_cpus" != "$cpus" ]; then topology=""; fi   # e.g. a CPU affinity mask: trust nproc alone
hw_mem=$(echo "$hw" | sed -nE 's/.*RealMemory=([0-9]+).*/\1/p')
memory=1024
if [ -n "$hw_mem" ] && [ "$hw_mem" -lt 2048 ]; then memory=$(( hw_mem / 2 )); fi

conf=$tmp/slurm.conf
cat > "$conf" <<EOF
# A one-node cluster for make cluster-test (scripts/cluster-test.sh); temporary.
ClusterName=surfacesim-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$(( port + 1 ))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool/%n
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
TmpFS=$tmp
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$tmp/log/jobcomp.txt
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MinJobAge=900
SlurmctldTimeout=30
SlurmdTimeout=60
MailProg=/bin/true
NodeName=$node NodeAddr=127.0.0.1 NodeHostname=$node CPUs=$cpus ${topology}RealMemory=$memory State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$conf
say "starting slurmctld and slurmd for node $node on 127.0.0.1:$port-$(( port + 1 )) ($tmp)"

slurmctld -f "$conf" -i < /dev/null > "$tmp/log/slurmctld.out" 2>&1 \
  || { cat "$tmp/log/slurmctld.out"; fail "slurmctld did not start (output above)"; }
up=0
for _ in $(seq 1 60); do
  if scontrol ping 2> /dev/null | grep -q 'is UP'; then up=1; break; fi
  sleep 0.5
done
[ "$up" = 1 ] || fail "slurmctld did not answer scontrol ping within 30 s"

slurmd -f "$conf" -N "$node" < /dev/null > "$tmp/log/slurmd.out" 2>&1 \
  || { cat "$tmp/log/slurmd.out"; fail "slurmd did not start (output above)"; }
state=""
for _ in $(seq 1 120); do
  state=$(sinfo -h -n "$node" -o '%T' 2> /dev/null | head -n1)
  case $state in idle|mixed|allocated) break ;; esac
  sleep 0.5
done
case $state in
  idle|mixed|allocated) ;;
  *) scontrol show node "$node" 2> /dev/null | grep -E 'State=|Reason=' || true
     fail "node $node is '${state:-unknown}', not idle, 60 s after slurmd started" ;;
esac
say "node $node is $state"

# --- 4. the study as a job array ----------------------------------------------------------
say "submitting $scenario (--runs $runs) as $shards shards and a merge job"
ids=$(SURFACESIM=$bin SHARD_CPUS=1 scripts/slurm/submit.sh "$scenario" "$shards" "$tmp/out" --runs "$runs") \
  || fail "submitting with scripts/slurm/submit.sh failed"
read -r array_job merge_job <<< "$ids"
if [ -z "$array_job" ] || [ -z "$merge_job" ]; then fail "submit.sh printed '$ids', not two job ids"; fi
say "array job $array_job, merge job $merge_job"

deadline=$(( $(date +%s) + job_timeout ))
while [ -n "$(squeue -h -j "$array_job,$merge_job" -o '%i' 2> /dev/null)" ]; do
  if [ "$(date +%s)" -ge "$deadline" ]; then
    squeue -j "$array_job,$merge_job" 2> /dev/null || true
    fail "the jobs had not finished after $job_timeout s"
  fi
  sleep 1
done
array_states=$(scontrol show job -o "$array_job" 2> /dev/null | grep -oE 'JobState=[A-Z_]+' | sort | uniq -c | tr -s ' ' | tr '\n' ',' || true)
merge_state=$(scontrol show job -o "$merge_job" 2> /dev/null | grep -oE 'JobState=[A-Z_]+' | head -n1 || true)
say "array:${array_states%,}; merge: ${merge_state:-unknown}"
for f in "$tmp"/out/logs/*.out; do
  [ -f "$f" ] && grep -qiE 'error|usage' "$f" && { echo "--- $f"; cat "$f"; }
done
[ "$merge_state" = "JobState=COMPLETED" ] || fail "the merge job did not complete (${merge_state:-no state})"
for k in $(seq 1 "$shards"); do
  [ -f "$tmp/out/shard-$k/runs.csv" ] || fail "shard $k wrote no runs.csv"
done

# --- 5. the unsplit run and the comparison ----------------------------------------------------
say "running the same study unsplit"
"$bin" run "$scenario" --runs "$runs" --out "$tmp/unsplit" --quiet || fail "the unsplit run failed"
differ=""
for f in runs.csv summary.csv distributions.csv; do
  [ -f "$tmp/out/merged/$f" ] || fail "the merge wrote no $f"
  cmp -s "$tmp/unsplit/$f" "$tmp/out/merged/$f" || differ="$differ $f"
  say "$f: $(wc -l < "$tmp/unsplit/$f") lines, $(cmp -s "$tmp/unsplit/$f" "$tmp/out/merged/$f" && echo identical || echo DIFFERENT)"
done
if [ -n "$differ" ]; then
  verdict="merged result NOT byte-identical to the unsplit run ($shards shards; differ:$differ)"
  exit 1
fi
verdict="merged result byte-identical to the unsplit run (runs.csv, summary.csv, distributions.csv; $shards shards)"
