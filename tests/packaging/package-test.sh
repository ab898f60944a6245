#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The packaging test (ctest -L packaging): builds the Debian package of the
# build dir BUILD with CPack into BUILD/package-test/ and checks it with
# check-package.sh. scripts/package builds the release package itself.
#   package-test.sh BUILD
set -euo pipefail
build="$(realpath "$1")"
out="$build/package-test"
rm -rf "$out"
mkdir -p "$out"
if ! cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out" >"$out/cpack.log" 2>&1; then
    cat "$out/cpack.log" >&2
    exit 1
fi
deb="$(ls "$out"/jwfleet_*.deb)"
exec "$(dirname "${BASH_SOURCE[0]}")/check-package.sh" "$deb"
