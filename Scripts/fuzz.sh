#!/usr/bin/env bash
# Fuzzes ShortcutFile.read (and the property-list codec under it) with libFuzzer.
#
#   Scripts/fuzz.sh [seconds] [extra libFuzzer flags…]
#
# Seeds are the corpus shortcuts in ../shared/corpus/shortcuts, copied into a temporary
# directory at run time (they are never committed here). Crashing inputs are written to
# .build-fuzz/artifacts/; turn each into a test in Tests/ShortcutFormatTests/FuzzRegressionTests.swift.
set -euo pipefail

seconds="${1:-60}"
shift || true
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

swift build --sanitize=fuzzer --product FuzzShortcutReader --build-path .build-fuzz
binary="$(swift build --sanitize=fuzzer --product FuzzShortcutReader --build-path .build-fuzz --show-bin-path)/FuzzShortcutReader"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# New inputs libFuzzer finds go to the first directory, kept (git-ignored) across runs.
mkdir -p "$work/corpus" .build-fuzz/artifacts .build-fuzz/corpus
if [ -d ../shared/corpus/shortcuts ]; then
    cp ../shared/corpus/shortcuts/*.shortcut "$work/corpus/"
fi
# A tiny seed so the fuzzer has something to start from even without the corpus.
printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>WFWorkflowActions</key><array><dict><key>WFWorkflowActionIdentifier</key><string>is.workflow.actions.gettext</string></dict></array></dict></plist>\n' >"$work/corpus/seed-xml"

echo "fuzzing for ${seconds}s with $(ls "$work/corpus" | wc -l) seeds; artifacts go to .build-fuzz/artifacts/"
SWIFT_BACKTRACE=enable=no "$binary" .build-fuzz/corpus "$work/corpus" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=262144 \
    -artifact_prefix=.build-fuzz/artifacts/ -print_final_stats=1 "$@"
