#!/usr/bin/env bash
# Measures how long `shortcuts run` of Examples/Hello.shortcut takes to start and finish, next
# to a hello-world Swift program linked with Foundation (the budget is twice that).
#
#   Scripts/startup-time.sh            (release build; uses hyperfine when installed)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

swift build -c release --product shortcuts >/dev/null
shortcuts="$(swift build -c release --show-bin-path)/shortcuts"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf 'import Foundation\nprint("Hello, World!")\n' >"$work/hello.swift"
swiftc -O "$work/hello.swift" -o "$work/hello"
export SHORTCUTS_HOME="$work/home"

if command -v hyperfine >/dev/null; then
    hyperfine -N --warmup 5 --runs 50 "$work/hello" "$shortcuts run $root/Examples/Hello.shortcut"
else
    for program in "$work/hello" "$shortcuts run $root/Examples/Hello.shortcut"; do
        start=$(date +%s%N)
        for _ in $(seq 50); do $program >/dev/null; done
        echo "$program: $(( ($(date +%s%N) - start) / 50000 )) µs per run"
    done
fi
