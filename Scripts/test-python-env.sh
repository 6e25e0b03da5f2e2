#!/usr/bin/env bash
# Prints the path of a Python that has the real third-party clients the tests talk to: the MCP
# client (`mcp` 2.x), the LZFSE reference decoder (`pyliblzfse`, which builds Apple's C code) and
# Playwright (which drives Debian's chromium-headless-shell in the app's browser tests),
# creating a virtual environment for them the first time: .build/test-venv (or $TEST_VENV). The
# MCP and LZFSE tests and benchmarks run through it; CI keeps .build/test-venv between runs so
# it installs once.
#
#   Scripts/test-python-env.sh            # → /path/to/.build/test-venv/bin/python
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${TEST_VENV:-$root/.build/test-venv}"
python="$venv/bin/python"
check='import mcp.client, liblzfse, playwright.sync_api, importlib.metadata as m; assert m.version("mcp").startswith("2.")'

if ! "$python" -c "$check" 2>/dev/null; then
    mkdir -p "$(dirname "$venv")"
    # A lock so parallel test processes don't install into the same folder at once.
    exec 9>"$venv.lock"
    flock 9
    if ! "$python" -c "$check" 2>/dev/null; then
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check "mcp>=2,<3" "pyliblzfse==0.4.1" "playwright==1.65.2" >&2
    fi
fi
echo "$python"
