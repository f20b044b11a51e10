#!/usr/bin/env bash
# Runs the example experiments of experiments/README.md and records their outputs:
# experiments/NAME/table.md (aspsat compare's Markdown table), NAME/plot.svg (its --svg), and
# NAME/stderr.txt (disagreements, if any). Exit code 40 from a comparison means its encodings
# disagree (recorded, the script goes on).
# usage: experiments/run.sh [edge_matching equation queens pigeonhole knapsack hamiltonian]
#   ASPSAT=path overrides the binary (default target/release/aspsat); JOBS=J runs J at a time.
set -uo pipefail
cd "$(dirname "$0")/.."
aspsat=${ASPSAT:-target/release/aspsat}
jobs=${JOBS:-2}
x=experiments

record() { # NAME ARGS...: one comparison into experiments/NAME/
  local name=$1
  shift
  mkdir -p "$x/$name"
  echo "== $name: aspsat compare $*" >&2
  "$aspsat" compare "$@" --jobs "$jobs" --svg "$x/$name/plot.svg" \
    >"$x/$name/table.md" 2>"$x/$name/stderr.txt"
  echo "   exit $?" >&2
}

card_sets=(--option-set "totalizer=--card-encoding totalizer"
  --option-set "seqcounter=--card-encoding seqcounter"
  --option-set "sortnet=--card-encoding sortnet")

run() {
  case $1 in
  edge_matching)
    record edge_matching --encoding $x/edge_matching/edge_place.lp \
      --encoding $x/edge_matching/edge_sides.lp --instance $x/edge_matching/instances \
      -n 0 --timeout 60 ;;
  equation)
    record equation --encoding $x/equation/equation_naive.lp --encoding encodings/equation.lp \
      --instance $x/equation/instances --option-set "upto40=-c hi=40" -n 0 --timeout 120 ;;
  queens)
    record cardinality/queens --encoding $x/cardinality/queens/queens.lp \
      --instance $x/cardinality/queens/instances "${card_sets[@]}" -n 0 --timeout 60 ;;
  pigeonhole)
    record cardinality/pigeonhole --encoding $x/cardinality/pigeonhole/pigeonhole.lp \
      --instance $x/cardinality/pigeonhole/instances "${card_sets[@]}" --timeout 30 ;;
  knapsack)
    record cardinality/knapsack --encoding $x/cardinality/knapsack/knapsack.lp \
      --instance $x/cardinality/knapsack/instances --option-set "bdd=--pb-encoding bdd" \
      --option-set "adder=--pb-encoding adder" -n 0 --timeout 60 ;;
  hamiltonian)
    record hamiltonian --encoding tests/hamiltonian/encoding.lp \
      $(for f in tests/hamiltonian/ham*.lp; do echo --instance "$f"; done) \
      --option-set "completion=--translation completion" \
      --option-set "ranking=--translation ranking" -n 0 --timeout 60 ;;
  *) echo "unknown experiment '$1'" >&2; return 2 ;;
  esac
}

if [ $# -eq 0 ]; then
  set -- edge_matching equation queens pigeonhole knapsack hamiltonian
fi
for e in "$@"; do run "$e"; done
