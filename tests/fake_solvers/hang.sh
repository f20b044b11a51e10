#!/bin/sh
# Fake SAT solver: never answers. It writes its own pid and that of a child process to
# $ASPSAT_FAKE_PIDFILE (when set) so that tests can check that both were killed.
sleep 60 &
if [ -n "$ASPSAT_FAKE_PIDFILE" ]; then
    echo "$$ $!" > "$ASPSAT_FAKE_PIDFILE"
fi
wait
