#!/usr/bin/env bash
# Runs every fuzz target for a number of executions (default 10 million),
# seeded from fuzz/corpus, and keeps libFuzzer's closing statistics in
# fuzz/logs. Needs a nightly toolchain and cargo-fuzz.
set -euo pipefail
cd "$(dirname "$0")"
runs="${1:-10000000}"
mkdir -p logs
for target in ruleset_toml jcz_json tileset_yaml engine_moves record_yaml; do
  mkdir -p "corpus/$target"
  cargo +nightly fuzz run -O "$target" "corpus/$target" -- \
    -runs="$runs" -max_len=8192 -print_final_stats=1 > "logs/$target.log" 2>&1 \
    || echo "$target stopped early: see logs/$target.log"
done
