#!/usr/bin/env bash
# Runs fuzz targets for a number of executions (default 10 million each),
# optimised with debug assertions and overflow checks on. Each run starts
# from the committed seeds (the fixtures, fuzz/seeds/ and fuzz/regressions/)
# and grows its corpus in fuzz/corpus/, which is not committed. libFuzzer's
# closing statistics go to fuzz/logs/. Needs a nightly toolchain and
# cargo-fuzz.
#
#   fuzz/run.sh [RUNS] [TARGET ...]
set -euo pipefail
cd "$(dirname "$0")"
runs="${1:-10000000}"
shift || true
all=(ruleset_toml jcz_json tileset_yaml record_yaml update_yaml render report_text engine_moves)
targets=("${@:-${all[@]}}")
mkdir -p logs

# The seeds of each target: fixture folders, and inputs kept in fuzz/.
seeds() {
  case "$1" in
    tileset_yaml) echo ../fixtures/tilesets ../tilesets ../fixtures/sets ;;
    record_yaml | update_yaml | render | report_text)
      echo ../fixtures/records ../fixtures/illegal ../fixtures/malformed ../fixtures/hostile ;;
    ruleset_toml) echo ../fixtures/rulesets ../rulesets ;;
    jcz_json) echo ../fixtures/jcz ../fixtures/jcz-unsupported ;;
    engine_moves) echo seeds/engine_moves ;;
  esac
  [ -d "regressions/$1" ] && echo "regressions/$1"
  return 0
}

for target in "${targets[@]}"; do
  mkdir -p "corpus/$target"
  # carca forbids unsafe code, so AddressSanitizer would only watch its
  # dependencies; without it (and without comparison tracing) a target runs
  # several times faster. Overflow checks and debug assertions stay on.
  # shellcheck disable=SC2046
  cargo +nightly fuzz run -O --debug-assertions -s none --no-trace-compares \
    "$target" "corpus/$target" $(seeds "$target") -- \
    -runs="$runs" -max_len=8192 -print_final_stats=1 > "logs/$target.log" 2>&1 \
    || echo "$target stopped early: see logs/$target.log"
  grep -E "stat::number_of_executed_units|ERROR|panicked" "logs/$target.log" | sed "s/^/$target: /" || true
done
