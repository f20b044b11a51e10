#!/bin/sh
# Fake SAT solver: fails with a non-zero exit status and no answer.
echo "c fake solver starting"
echo "fake solver: internal error: out of cheese" >&2
exit 3
