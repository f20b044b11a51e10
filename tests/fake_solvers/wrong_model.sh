#!/bin/sh
# Fake SAT solver: claims SATISFIABLE with the all-false assignment, which is not a model of
# the CNFs it is tested on. aspsat must detect this and report an error, never an answer set.
n=$(awk '/^p cnf/ { print $3; exit }' "$1")
echo "s SATISFIABLE"
i=1
line="v"
while [ "$i" -le "$n" ]; do
    line="$line -$i"
    i=$((i + 1))
done
echo "$line 0"
exit 10
