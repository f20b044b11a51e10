#!/usr/bin/env bash
# Compares SAT back ends on the benchmark programs: median solve-stage time (from --stats) of
# 3 runs each. Needs a binary with the embedded CaDiCaL:
#   cargo build --release --features cadical-embedded && benchmarks/run.sh [SOLVERS...]
# Default solvers: varisat cadical-embedded (add e.g. cadical or minisat for the external ones).
set -euo pipefail
cd "$(dirname "$0")/.."
B=target/release/aspsat
SOLVERS=("${@:-varisat}")
[ $# -eq 0 ] && SOLVERS=(varisat cadical-embedded)
CASES=(
    "pigeonhole 10 in 9|benchmarks/pigeonhole_pairwise.lp -c n=10"
    "pigeonhole 11 in 10|benchmarks/pigeonhole_pairwise.lp -c n=11"
    "pigeonhole 12 in 11|benchmarks/pigeonhole_pairwise.lp -c n=12"
    "pigeonhole #count 10|benchmarks/pigeonhole.lp -c n=10"
    "pigeonhole #count 11|benchmarks/pigeonhole.lp -c n=11"
    "pigeonhole #count 12|benchmarks/pigeonhole.lp -c n=12"
    "queens 8, all 92|benchmarks/queens.lp -c n=8 0"
    "queens 10, all 724|benchmarks/queens.lp -c n=10 0"
    "queens 60, one|benchmarks/queens.lp -c n=60"
    "flowerfinder, all|encodings/flowerfinder.lp 0"
)
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
printf '%-22s' "program"
for s in "${SOLVERS[@]}"; do printf '%18s' "$s"; done
printf '%10s\n' "ratio"
for c in "${CASES[@]}"; do
    name=${c%%|*}
    args=${c#*|}
    printf '%-22s' "$name"
    times=()
    for s in "${SOLVERS[@]}"; do
        t=$(for _ in 1 2 3; do
            # shellcheck disable=SC2086
            $B solve --stats --solver "$s" $args | sed -n 's/.*solve \([0-9.]*\)s.*/\1/p' || true
        done | median)
        times+=("$t")
        printf '%17ss' "$t"
    done
    # ratio: first solver's time over the second's
    if [ "${#times[@]}" -ge 2 ]; then
        awk -v a="${times[0]}" -v b="${times[1]}" 'BEGIN { if (b > 0) printf "%9.1fx\n", a / b; else print "        -" }'
    else
        echo
    fi
done
