#!/usr/bin/env bash
# Prints the path of a Python that has the MCP client (`mcp` 2.x) installed, creating a virtual
# environment for it the first time: .build/mcp-venv (or $MCP_VENV). The MCP server tests and the
# MCP benchmark run the real client through it; CI keeps .build/mcp-venv between runs so it
# installs once.
#
#   Scripts/mcp-test-env.sh            # → /path/to/.build/mcp-venv/bin/python
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${MCP_VENV:-$root/.build/mcp-venv}"
python="$venv/bin/python"

if ! "$python" -c 'import mcp.client, importlib.metadata as m; assert m.version("mcp").startswith("2.")' 2>/dev/null; then
    mkdir -p "$(dirname "$venv")"
    # A lock so parallel test processes don't install into the same folder at once.
    exec 9>"$venv.lock"
    flock 9
    if ! "$python" -c 'import mcp.client, importlib.metadata as m; assert m.version("mcp").startswith("2.")' 2>/dev/null; then
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check "mcp>=2,<3" >&2
    fi
fi
echo "$python"
