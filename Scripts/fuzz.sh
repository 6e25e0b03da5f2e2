#!/usr/bin/env bash
# Fuzzes the file readers with libFuzzer.
#
#   Scripts/fuzz.sh [seconds] [target] [extra libFuzzer flags…]
#
# Targets: FuzzShortcutReader (ShortcutFile.read and the property-list codec under it, and
# Automator documents, the default), FuzzArchiveReader (LZFSE, Apple Encrypted Archives, Apple
# Archives and signed shortcuts), FuzzShortcutPipeline (past reading: the engine's compiler,
# `view`'s renderer, decompiling to text and compiling that back), FuzzTextCompiler (shortcut
# text: parse, check, compile, decompile) and FuzzIntentDefinition (intentgen's parser,
# translator and renderer) and FuzzMessages (the service's and `shortcuts mcp`'s JSON-RPC
# messages, MCP calls of a few side-effect-free actions) and FuzzContentGraph (the content graph's
# conversions, the actions that find contacts, addresses, phones, emails, dates in text, the
# feed reader, mail, and rich text: HTML pages, Markdown both ways, articles) and FuzzAppDocument (the app's editor documents: a shortcut through the page's JSON
# and back, and whatever JSON a page may send to save). Seeds are the corpus files in ../shared/corpus (shortcuts, signed
# ones with their LZFSE segments, intent definitions) and the examples' .sct files, copied into
# a temporary directory at run time (they are never committed here). Crashing inputs are written
# to .build-fuzz/artifacts/; turn each into a regression test in the tests of the module it crashed in.
set -euo pipefail

seconds="${1:-60}"
target="${2:-FuzzShortcutReader}"
shift 2 || shift $# || true
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

swift build --sanitize=fuzzer --product "$target" --build-path .build-fuzz
binary="$(swift build --sanitize=fuzzer --product "$target" --build-path .build-fuzz --show-bin-path)/$target"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# New inputs libFuzzer finds go to the first directory, kept (git-ignored) across runs.
mkdir -p "$work/corpus" ".build-fuzz/artifacts" ".build-fuzz/corpus-$target"
if [ "$target" = FuzzArchiveReader ]; then
    if [ -d ../shared/corpus/signed ]; then
        cp ../shared/corpus/signed/*.shortcut "$work/corpus/"
        # Each file's LZFSE segment alone (one cluster of 256 segments with SHA-256 checksums).
        for file in ../shared/corpus/signed/*.shortcut; do
            python3 - "$file" "$work/corpus/$(basename "$file").lzfse" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
auth = struct.unpack_from("<I", data, 8)[0]
compressed = struct.unpack_from("<I", data, 0x13C + auth + 4)[0]
start = 0x495C + auth
open(sys.argv[2], "wb").write(data[start:start + compressed])
PY
        done
    fi
elif [ "$target" = FuzzTextCompiler ]; then
    cp Examples/*.sct "$work/corpus/"
    # The corpus shortcuts as text, decompiled by the built command when it is there.
    if [ -x .build/debug/shortcuts ] && [ -d ../shared/corpus/shortcuts ]; then
        for file in ../shared/corpus/shortcuts/*.shortcut; do
            .build/debug/shortcuts decompile "$file" -o "$work/corpus/$(basename "$file").sct" 2>/dev/null || true
        done
    fi
elif [ "$target" = FuzzMessages ]; then
    printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}' \
        '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' >"$work/corpus/seed-initialize"
    printf '%s\n' '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"is.workflow.actions.text.changecase","arguments":{"text":["hi"],"WFCaseType":"UPPERCASE"}}}' >"$work/corpus/seed-call"
    printf '%s\n' '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"is.workflow.actions.math","arguments":{"WFInput":3,"WFMathOperation":"+","WFMathOperand":4}}}' >"$work/corpus/seed-math"
    printf '%s\n' '{"jsonrpc":"2.0","id":5,"method":"shortcuts.run","params":{"shortcut":"Greet","input":"x","inputPaths":["a"],"runID":"r"}}' \
        '{"jsonrpc":"2.0","id":6,"method":"runs.cancel","params":{"runID":"r"}}' >"$work/corpus/seed-service"
elif [ "$target" = FuzzContentGraph ]; then
    printf 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\nTEL:+44 20 7946 0000\r\nEMAIL:ada@example.org\r\nBDAY:18151210\r\nEND:VCARD\r\n' >"$work/corpus/seed-vcard"
    printf 'Visit 1 Infinite Loop\nCupertino, CA 95014\nor Unter den Linden 77, 10117 Berlin; call +1 (555) 123-4567, mail me@example.org, see www.example.com on 2026-12-01 at 9:30am 😀🇫🇷 5 km\n' >"$work/corpus/seed-text"
    printf '{"a": [1, 2.5, {"b": null}], "c": "d"}' >"$work/corpus/seed-json"
    printf '<rss><channel><title>T &amp; U</title><item><title><![CDATA[A]]></title><link>/1</link><pubDate>Tue, 01 Dec 2026 10:00:00 +0000</pubDate><enclosure url="x.mp3"/></item></channel></rss><link rel="alternate" type="application/atom+xml" href="f">' >"$work/corpus/seed-feed"
    printf 'a=1&b=two%%20words&c' >"$work/corpus/seed-query"
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>k</key><string>v</string></dict></plist>\n' >"$work/corpus/seed-plist"
elif [ "$target" = FuzzAppDocument ]; then
    if [ -d ../shared/corpus/shortcuts ]; then
        cp ../shared/corpus/shortcuts/*.shortcut "$work/corpus/"
    fi
    printf '[{"identifier":"is.workflow.actions.gettext","parameters":[{"key":"WFTextActionText","value":{"t":"text","parts":["Hi ",{"var":{"kind":"input"}}]}},{"key":"UUID","value":{"t":"string","value":"A"}}]},{"identifier":"is.workflow.actions.choosefrommenu","parameters":[{"key":"WFMenuItems","value":{"t":"strings","items":["One"]}},{"key":"WFNumber","value":{"t":"number","value":2.5,"real":true}}]}]' >"$work/corpus/seed-page"
elif [ "$target" = FuzzIntentDefinition ]; then
    if [ -d ../shared/corpus/intentdefinitions ]; then
        find ../shared/corpus/intentdefinitions -name '*.intentdefinition' -type f -exec cp {} "$work/corpus/" \;
    fi
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>INIntents</key><array/></dict></plist>\n' >"$work/corpus/seed-xml"
else
    if [ -d ../shared/corpus/shortcuts ]; then
        cp ../shared/corpus/shortcuts/*.shortcut "$work/corpus/"
    fi
    if [ -d ../shared/corpus/automator ]; then
        cp ../shared/corpus/automator/*.wflow "$work/corpus/"
    fi
    # A tiny seed so the fuzzer has something to start from even without the corpus.
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>WFWorkflowActions</key><array><dict><key>WFWorkflowActionIdentifier</key><string>is.workflow.actions.gettext</string></dict></array></dict></plist>\n' >"$work/corpus/seed-xml"
fi

echo "fuzzing $target for ${seconds}s with $(ls "$work/corpus" | wc -l) seeds; artifacts go to .build-fuzz/artifacts/"
SWIFT_BACKTRACE=enable=no "$binary" ".build-fuzz/corpus-$target" "$work/corpus" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=400000 \
    -artifact_prefix=.build-fuzz/artifacts/ -print_final_stats=1 "$@"
