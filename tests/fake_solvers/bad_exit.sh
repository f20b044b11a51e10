#!/bin/sh
# Fake SAT solver: says UNSATISFIABLE but exits with the SAT exit code 10.
echo "s UNSATISFIABLE"
exit 10
