#!/usr/bin/env bash
# Installs what the package needs from the system, once: libxxhash (through pkg-config) for ConsentCache.
# Debian/Ubuntu: apt-get (as root, or with sudo). macOS: Homebrew. Safe to run again: it checks first.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    echo "bootstrap: the Swift toolchain (6.2 or newer) is not on PATH; install it first: https://swift.org/install" >&2
    exit 1
fi

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists libxxhash 2>/dev/null || missing+=(libxxhash-dev)
[ ${#missing[@]} -eq 0 ] && exit 0

if command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "bootstrap: installing ${missing[*]} with apt-get" >&2
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
elif command -v brew >/dev/null 2>&1; then
    echo "bootstrap: installing xxhash pkg-config with Homebrew" >&2
    brew install xxhash pkg-config >&2
else
    echo "bootstrap: please install ${missing[*]} (libxxhash with its pkg-config file)" >&2
    exit 1
fi
