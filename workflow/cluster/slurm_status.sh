#!/usr/bin/env bash
# Status command of the SLURM profile (workflow/profiles/slurm): in: a SLURM job id;
# out: running, success or failed on stdout, as the cluster-generic executor expects.
# scontrol knows recent jobs; sacct (where accounting is on) knows older ones.
set -u
state=$(scontrol show job "$1" -o 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2)
if [ -z "$state" ]; then
    state=$(sacct -j "$1" -X -n -P -o State 2>/dev/null | head -n 1 | cut -d' ' -f1)
fi
case "$state" in
    COMPLETED) echo success ;;
    PENDING | CONFIGURING | RUNNING | COMPLETING | SUSPENDED | REQUEUED | RESIZING | \
        REQUEUE_HOLD | REQUEUE_FED | SIGNALING | STAGE_OUT | STOPPED) echo running ;;
    *) echo failed ;;
esac
