#!/bin/sh
# Compile and decompile speed of shortcut text on the largest corpus file
# (../shared/corpus/shortcuts/15-launchcuts-helper.shortcut), in release; target < 20 ms each.
#
#   Benchmarks/language-benchmark.sh [scratch-path] [runs]
#
# Times `shortcuts decompile` and `shortcuts check` (a full compile) on the file, and the same
# commands on a one-action shortcut; the difference of the medians is the work on the file,
# without process start-up and catalog loading. For the in-process figure, run
#   SHORTCUTS_LANGUAGE_BENCHMARK=1 swift test -c release --filter LanguageBenchmark
set -eu
cd "$(dirname "$0")/.."
scratch="${1:-.build-release}"
runs="${2:-21}"
big=../shared/corpus/shortcuts/15-launchcuts-helper.shortcut
[ -f "$big" ] || { echo "no corpus file $big; skipped"; exit 0; }
swift build -c release --scratch-path "$scratch" --product shortcuts >/dev/null
bin="$scratch/release/shortcuts"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" decompile "$big" -o "$work/big.sct"
"$bin" decompile Examples/Hello.shortcut -o "$work/small.sct"

# median_ms <command…>: the median wall time of $runs runs, in milliseconds.
median_ms() {
    i=0
    while [ $i -lt "$runs" ]; do
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1 || true
        end=$(date +%s%N)
        echo $(( (end - start) / 1000 ))
        i=$((i + 1))
    done | sort -n | awk -v n="$runs" 'NR == int(n / 2) + 1 { printf "%.2f", $1 / 1000 }'
}

decompile_big=$(median_ms "$bin" decompile "$big")
decompile_small=$(median_ms "$bin" decompile Examples/Hello.shortcut)
compile_big=$(median_ms "$bin" check "$work/big.sct")
compile_small=$(median_ms "$bin" check "$work/small.sct")
lines=$(wc -l < "$work/big.sct")
echo "language benchmark: $(basename "$big") ($lines lines of text), release, median of $runs runs"
awk -v b="$decompile_big" -v s="$decompile_small" 'BEGIN { printf "  decompile: %.2f ms (%.2f ms with start-up; target < 20 ms)\n", b - s, b }'
awk -v b="$compile_big" -v s="$compile_small" 'BEGIN { printf "  compile:   %.2f ms (%.2f ms with start-up; target < 20 ms)\n", b - s, b }'
