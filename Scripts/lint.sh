#!/usr/bin/env bash
# Checks formatting with the toolchain's swift-format and the committed .swift-format; run from
# anywhere. `Scripts/lint.sh --fix` rewrites the files instead. Generated golden files are left
# as the generator writes them.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Sources Tests Benchmarks Examples Plugins)
files=$(find "${paths[@]}" -name '*.swift' -not -path '*/Golden/*' | sort)
if [ "${1:-}" = "--fix" ]; then
    swift format format -i $files
else
    swift format lint --strict $files
fi
