#!/usr/bin/env bash
# Seed 003's experiment (shared/seeds/003_cf8ecb82d0198e88.txt): solve 100 random 3x3
# edge-matching puzzles, every edge drawn from 1..4 and -1..-4, and count the solutions.
# The seed (Arc backtracking): 196 solutions, 16 % of the puzzles solvable, 146 s.
#
# usage: scripts/random_edge_matching.sh [PUZZLES [FIRST_SEED]] [--clingo]
#   --clingo  also count each puzzle's solutions with clingo (python3 -m clingo) on the facts
#             aspsat prints (`--facts`) and the same encoding, and stop at any difference
# ASPSAT=path overrides the binary (default: target/release/aspsat, built if missing).
set -euo pipefail
cd "$(dirname "$0")/.."

clingo=0
args=()
for a in "$@"; do
  if [ "$a" = --clingo ]; then clingo=1; else args+=("$a"); fi
done
n=${args[0]:-100}
first=${args[1]:-1}
aspsat=${ASPSAT:-target/release/aspsat}
if [ ! -x "$aspsat" ]; then
  cargo build --release --quiet
fi

counts=()
total=0
solvable=0
start=$(date +%s.%N)
for ((s = first; s < first + n; s++)); do
  out=$("$aspsat" puzzle edge-matching --random 3x3 --colors 4 --seed "$s" -n 0 || true)
  c=$(sed -n 's/^Solutions *: \([0-9]*\)$/\1/p' <<<"$out")
  if [ -z "$c" ]; then
    echo "seed $s: no solution count in aspsat's output" >&2
    exit 1
  fi
  counts+=("$c")
  total=$((total + c))
  if [ "$c" -gt 0 ]; then solvable=$((solvable + 1)); fi
done
end=$(date +%s.%N)
elapsed=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')

echo "aspsat $("$aspsat" --version | awk '{print $2}'), $n random 3x3 puzzles (--colors 4, --seed $first..$((first + n - 1)))"
echo "solutions per puzzle: (${counts[*]})"
echo "solutions in total:   $total"
echo "solvable puzzles:     $solvable of $n ($((100 * solvable / n)) %)"
echo "time (aspsat, all $n puzzles, wall clock): ${elapsed} s"
echo "seed 003 (Arc): 196 solutions, 16 % solvable, 146 s"

if [ "$clingo" = 1 ]; then
  for ((i = 0; i < n; i++)); do
    s=$((first + i))
    c=$("$aspsat" puzzle edge-matching --random 3x3 --colors 4 --seed "$s" --facts \
      | python3 -m clingo encodings/edge_matching.lp - 0 --outf=2 \
      | python3 -c 'import json,sys; print(json.load(sys.stdin)["Models"]["Number"])')
    if [ "$c" != "${counts[$i]}" ]; then
      echo "seed $s: aspsat ${counts[$i]} solutions, clingo $c" >&2
      exit 1
    fi
  done
  echo "clingo 5.8.3 counts the same solutions for every puzzle"
fi
