#!/usr/bin/env bash
# Random edge-matching puzzles (seed 003's randtiles, `aspsat puzzle edge-matching --random`),
# three per size from 3x3 to 6x6, each at its size's hardest colour count C: the one whose
# expected number of solutions, (n²)! · 4^(n²) · (1/2C)^(2n(n-1)), is closest to 1 (on a log
# scale) — 3x3: 4 (1.4), 4x4: 5 (0.09), 5x5: 5 (1.8), 6x6: 6 (0.03).
# usage: experiments/edge_matching/make_instances.sh   (ASPSAT=path overrides the binary)
set -euo pipefail
cd "$(dirname "$0")"
aspsat=${ASPSAT:-../../target/release/aspsat}
mkdir -p instances
for size_colors in 3:4 4:5 5:5 6:6; do
  n=${size_colors%:*}
  c=${size_colors#*:}
  for seed in 1 2 3; do
    out=instances/em${n}x${n}_c${c}_s${seed}.lp
    {
      echo "% aspsat puzzle edge-matching --random ${n}x${n} --colors $c --seed $seed --facts"
      echo "grid($n,$n)."
      "$aspsat" puzzle edge-matching --random "${n}x${n}" --colors "$c" --seed "$seed" --facts
    } > "$out"
  done
done
