#!/usr/bin/env bash
# Startup cost: `shortcuts run` on a one-action shortcut against a Swift hello world that imports
# Foundation. Target: shortcuts ≤ 2× the hello world (median).
#
#   Benchmarks/startup.sh              (SCRATCH=<dir> builds with --scratch-path <dir>;
#                                       SHORTCUTS_BIN=<path> times that binary, skipping the build)
#
# Uses hyperfine when installed (apt-get install hyperfine), else a loop timed with date +%s%N.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs=50

if [ -n "${SHORTCUTS_BIN:-}" ]; then
    shortcuts="$SHORTCUTS_BIN"
else
    scratch=(${SCRATCH:+--scratch-path "$SCRATCH"})
    swift build -c release --product shortcuts "${scratch[@]}"
    shortcuts="$(swift build -c release --product shortcuts "${scratch[@]}" --show-bin-path)/shortcuts"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cat >"$work/hello.swift" <<'SWIFT'
import Foundation
print("Hello, World!")
SWIFT
swiftc -O "$work/hello.swift" -o "$work/hello"

python3 - "$work/hello.shortcut" <<'PYTHON'
import plistlib, sys
text = {"WFSerializationType": "WFTextTokenString", "Value": {"string": "Hello, World!"}}
shortcut = {
    "WFWorkflowActions": [{
        "WFWorkflowActionIdentifier": "is.workflow.actions.gettext",
        "WFWorkflowActionParameters": {"WFTextActionText": text},
    }],
    "WFWorkflowClientVersion": "2106.0.3",
    "WFWorkflowMinimumClientVersion": 900,
    "WFWorkflowIcon": {"WFWorkflowIconStartColor": 463140863, "WFWorkflowIconGlyphNumber": 61440},
    "WFWorkflowImportQuestions": [], "WFWorkflowTypes": [], "WFWorkflowInputContentItemClasses": [],
}
with open(sys.argv[1], "wb") as file:
    plistlib.dump(shortcut, file, fmt=plistlib.FMT_BINARY)
PYTHON

# Both must work before they are timed.
"$work/hello" >/dev/null
output="$("$shortcuts" run "$work/hello.shortcut")"
if [ "$output" != "Hello, World!" ]; then
    echo "shortcuts run printed '$output', expected 'Hello, World!'" >&2
    exit 1
fi

if command -v hyperfine >/dev/null; then
    hyperfine -N --warmup 5 --runs "$runs" --export-json "$work/times.json" \
        "$work/hello" "$shortcuts run $work/hello.shortcut" >&2
    read -r hello_ms shortcuts_ms < <(python3 - "$work/times.json" <<'PYTHON'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
print(" ".join(f"{r['median'] * 1000:.3f}" for r in results))
PYTHON
)
else
    echo "hyperfine not installed; timing $runs runs with date +%s%N" >&2
    median_ms() {
        local times=()
        for _ in 1 2 3 4 5; do "$@" >/dev/null; done
        for _ in $(seq "$runs"); do
            local start end
            start=$(date +%s%N)
            "$@" >/dev/null
            end=$(date +%s%N)
            times+=($(( end - start )))
        done
        printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.3f", m / 1e6 }'
    }
    hello_ms="$(median_ms "$work/hello")"
    shortcuts_ms="$(median_ms "$shortcuts" run "$work/hello.shortcut")"
fi

ratio="$(awk -v s="$shortcuts_ms" -v h="$hello_ms" 'BEGIN { printf "%.2f", s / h }')"
verdict="$(awk -v r="$ratio" 'BEGIN { print (r <= 2 ? "meets" : "ABOVE") }')"
echo
echo "startup (median of $runs runs)"
echo "  hello world (swiftc -O, Foundation):  ${hello_ms} ms"
echo "  shortcuts run (one gettext action):   ${shortcuts_ms} ms"
echo "  ratio: ${ratio}×  (target ≤ 2×: ${verdict})"
