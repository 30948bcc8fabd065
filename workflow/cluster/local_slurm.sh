#!/usr/bin/env bash
# A one-node SLURM on this machine (Debian slurm-wlm + munge), an opener sweep through it with
# the SLURM profile (workflow/profiles/slurm), and results/bench/cluster.json (executor, jobs,
# passed, seconds). Not part of the default build. Run from the repository as root:
#     bash workflow/cluster/local_slurm.sh [PER_FIGURE [BATCHES]]
# PER_FIGURE (default 13: 42 openers) and BATCHES (default 8) set solver.sweep for this run.
# Exit status 0 when the sweep passed (see results/bench/cluster.json), 1 otherwise.
# The sweep runs in a scratch copy ($SLURM_STATE/work) from the built word lists and feedback
# matrix (built here first when missing), so results/solver/ is left alone; its openers.tsv is
# compared with results/solver/openers.tsv when that exists. KEEP_SLURM=1 leaves SLURM running.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
per_figure=${1:-13}
batches=${2:-8}
state=${SLURM_STATE:-/tmp/wordle64-slurm}
python="$repo/.venv/bin/python"
snakemake="$repo/.venv/bin/snakemake"
export PYTHONPATH="$repo${PYTHONPATH:+:$PYTHONPATH}"

say() { echo "local_slurm: $*" >&2; }

# ---- SLURM and munge ---------------------------------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    say "installing slurm-wlm and munge (apt-get)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null
fi
mkdir -p "$state"/{spool/ctld,spool/d,log}
host=$(hostname -s)
cpus=$(nproc)
memory_mb=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 9 / 10))
export SLURM_CONF="$state/slurm.conf"
cat >"$SLURM_CONF" <<EOF
# one-node SLURM for wordle64 (written by workflow/cluster/local_slurm.sh)
ClusterName=wordle64
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$state/spool/ctld
SlurmdSpoolDir=$state/spool/d
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
ReturnToService=2
MpiDefault=none
MinJobAge=3600
NodeName=$host CPUs=$cpus RealMemory=$memory_mb State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    if [ ! -s /etc/munge/munge.key ]; then
        say "creating /etc/munge/munge.key"
        mungekey --create --keyfile=/etc/munge/munge.key 2>/dev/null \
            || dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
        chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
    fi
    mkdir -p /run/munge && chown munge:munge /run/munge
    runuser -u munge -- /usr/sbin/munged
    started_munge=1
    sleep 1
fi
started=()
[ "${started_munge:-0}" = 1 ] && started+=(/run/munge/munged.pid)
if ! scontrol ping 2>/dev/null | grep -q UP; then
    /usr/sbin/slurmctld -f "$SLURM_CONF"
    started+=("$state/slurmctld.pid")
fi
if ! pgrep -F "$state/slurmd.pid" >/dev/null 2>&1; then
    /usr/sbin/slurmd -f "$SLURM_CONF"
    started+=("$state/slurmd.pid")
fi
stop_slurm() {
    if [ "${KEEP_SLURM:-0}" = 1 ]; then return; fi
    for pid_file in "${started[@]}"; do
        [ -s "$pid_file" ] && kill "$(cat "$pid_file")" 2>/dev/null || true
    done
}
trap stop_slurm EXIT
for _ in $(seq 60); do
    if sinfo -h -N -o '%t' 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then break; fi
    sleep 1
done
sinfo -h -N -o '%t' | grep -qE '^(idle|mix|alloc)' || { say "node not up: see $state/log"; exit 1; }
say "SLURM $(sinfo -V | cut -d' ' -f2) up: node $host, $cpus CPUs"

# ---- the sweep in a scratch copy ---------------------------------------------------------------
cd "$repo"
inputs=(results/words/guesses.txt results/words/answers.txt results/solver/feedback.npy)
for path in "${inputs[@]}"; do
    [ -f "$path" ] || { say "building ${inputs[*]}"; "$snakemake" --cores 2 "${inputs[@]}"; break; }
done
work="$state/work"
rm -rf "$work"
mkdir -p "$work/results/words" "$work/results/solver" "$work/logs/slurm"
for link in Snakefile workflow config; do ln -s "$repo/$link" "$work/$link"; done
for path in "${inputs[@]}"; do cp -p "$path" "$work/$path"; done
cd "$work"
start=$(date +%s.%N)
status=0
"$snakemake" results/solver/openers.tsv --profile "$repo/workflow/profiles/slurm" \
    --cluster-generic-status-cmd "$repo/workflow/cluster/slurm_status.sh" \
    --allowed-rules solver_sweep_shortlist solver_sweep_batch solver_sweep \
    --config "solver={sweep: {per_figure: $per_figure, batches: $batches}}" \
    >"$work/snakemake.log" 2>&1 || status=$?
seconds=$(echo "$(date +%s.%N) - $start" | bc)
jobs=$(grep -c 'with external jobid' "$work/snakemake.log" || true)
cd "$repo"
mkdir -p results/bench logs/slurm
cp -p "$work"/logs/slurm/*.out logs/slurm/ 2>/dev/null || true
"$python" -c 'import sys; from wordle64.solver.stage import write_cluster_report as w
w(*sys.argv[1:])' "$work/results/solver/openers.tsv" results/solver/openers.tsv "$jobs" \
    "$seconds" "$status" "$(sinfo -V)" results/bench/cluster.json
cat results/bench/cluster.json
[ "$status" = 0 ] || { say "snakemake failed: $work/snakemake.log"; exit 1; }
grep -q '"passed": true' results/bench/cluster.json || { say "sweep did not pass"; exit 1; }
