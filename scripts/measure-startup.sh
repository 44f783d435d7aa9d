#!/usr/bin/env bash
# Time to first window and idle memory of the release build under Xvfb.
# Needs: xvfb, xdotool (Debian packages). Usage: scripts/measure-startup.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release --quiet
bin=target/release/tablemate
home=$(mktemp -d)
if [ -z "${DISPLAY:-}" ]; then
  Xvfb :97 -screen 0 1400x900x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb' EXIT
  export DISPLAY=:97
  sleep 1
fi
for i in $(seq "$runs"); do
  start=$(date +%s%N)
  TABLEMATE_HOME=$home "$bin" >/dev/null 2>&1 &
  pid=$!
  until xdotool search --onlyvisible --name "Tablemate" >/dev/null 2>&1; do sleep 0.005; done
  end=$(date +%s%N)
  sleep 5
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  echo "run $i: window after $(( (end - start) / 1000000 )) ms, idle RSS $(( rss / 1024 )) MB"
  kill "$pid"; wait "$pid" 2>/dev/null || true
done
rm -rf "$home"
