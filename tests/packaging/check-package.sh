#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks a jwfleet Debian package (docs/packaging.md): its contents, its
# dependencies, lintian (no errors), the desktop entry, the AppStream metainfo,
# the MIME types, the manual pages and the bash completion, and that the
# programs run from the unpacked package, away from the source tree.
#   check-package.sh jwfleet_VERSION_ARCH.deb
# Needs dpkg-dev, lintian, desktop-file-utils, appstream, shared-mime-info,
# bash-completion and man-db (scripts/test installs them).
set -euo pipefail

deb="$(realpath "$1")"
work="$(mktemp -d "${TMPDIR:-/tmp}/jwfleet-package-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}
ok() { echo "ok: $*"; }

for tool in dpkg-deb lintian desktop-file-validate appstreamcli update-mime-database man; do
    command -v "$tool" >/dev/null || {
        echo "FAIL: $tool is missing (scripts/test installs the packaging tools)" >&2
        exit 1
    }
done

# The contents.
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|' >"$work/contents"
app_id="$(grep -o '/usr/share/applications/[^/]*\.desktop$' "$work/contents" | head -n 1 |
    sed 's|.*/||; s|\.desktop$||')"
[ -n "$app_id" ] || fail "no desktop entry in /usr/share/applications"
expected=(
    /usr/bin/jwfleet
    /usr/bin/jwfleet-cli
    /usr/bin/jwfleet-server
    "/usr/share/applications/$app_id.desktop"
    "/usr/share/metainfo/$app_id.metainfo.xml"
    /usr/share/mime/packages/jwfleet.xml
    /usr/share/icons/hicolor/scalable/apps/jwfleet.svg
    /usr/share/man/man1/jwfleet-cli.1.gz
    /usr/share/man/man1/jwfleet.1.gz
    /usr/share/man/man1/jwfleet-server.1.gz
    /usr/share/bash-completion/completions/jwfleet-cli
    /usr/share/bash-completion/completions/jwfleet
    /usr/share/doc/jwfleet/copyright
    /usr/share/doc/jwfleet/changelog.gz
)
for size in 16 22 24 32 48 64 128 256; do
    expected+=("/usr/share/icons/hicolor/${size}x${size}/apps/jwfleet.png")
done
for f in "${expected[@]}"; do
    grep -qxF "$f" "$work/contents" || fail "the package lacks $f"
done
ok "contents: ${#expected[@]} expected files"

# The dependencies: the Qt libraries the programs link, found by dpkg-shlibdeps,
# and the plugins Qt loads at run time.
depends="$(dpkg-deb -f "$deb" Depends)"
echo "Depends: $depends"
for p in libqt6core6 libqt6gui6 libqt6widgets6 libqt6sql6 libyaml-cpp qt6-qpa-plugins libqt6sql6-sqlite; do
    grep -q "$p" <<<"$depends" || fail "Depends lacks $p"
done
for field in Maintainer Section Description Version Architecture; do
    [ -n "$(dpkg-deb -f "$deb" "$field")" ] || fail "no $field field"
done
ok "dependencies"

# lintian: no errors (warnings and notes are listed).
lintian --tag-display-limit 0 "$deb" >"$work/lintian" 2>&1 || true
grep -v 'running with root privileges' "$work/lintian" || true
if grep -q '^E:' "$work/lintian"; then
    fail "lintian reports errors"
else
    ok "lintian: no errors"
fi

# The unpacked package.
root="$work/root"
dpkg-deb -x "$deb" "$root"
if desktop-file-validate "$root/usr/share/applications/$app_id.desktop"; then
    ok "desktop-file-validate"
else
    fail "desktop-file-validate"
fi
grep -q '^MimeType=.*application/x-jwfleet;.*application/x-jwgame;' \
    "$root/usr/share/applications/$app_id.desktop" || fail "the desktop entry lacks the MIME types"
grep -q '^Exec=jwfleet %f$' "$root/usr/share/applications/$app_id.desktop" ||
    fail "the desktop entry does not pass the file (Exec=jwfleet %f)"
if appstreamcli validate --no-net "$root/usr/share/metainfo/$app_id.metainfo.xml"; then
    ok "appstreamcli validate"
else
    fail "appstreamcli validate"
fi

# The MIME types: the database built from the package's file maps the names.
mkdir -p "$work/mime/packages"
cp "$root/usr/share/mime/packages/jwfleet.xml" "$work/mime/packages/"
if update-mime-database "$work/mime" >"$work/mime.log" 2>&1; then
    for pair in jwfleet:application/x-jwfleet jwgame:application/x-jwgame; do
        grep -q "^50:${pair#*:}:\*\.${pair%%:*}$" "$work/mime/globs2" ||
            fail "the MIME database does not map *.${pair%%:*} to ${pair#*:}"
    done
    ok "MIME types"
else
    cat "$work/mime.log" >&2
    fail "update-mime-database"
fi

# The manual pages: they format without warnings.
for page in jwfleet-cli jwfleet jwfleet-server; do
    if LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$root/usr/share/man/man1/$page.1.gz" \
        >"$work/$page.txt" 2>"$work/$page.err" && ! [ -s "$work/$page.err" ] &&
        grep -q "^NAME" "$work/$page.txt"; then
        ok "man page $page"
    else
        cat "$work/$page.err" >&2
        fail "man page $page"
    fi
done

# The bash completions: commands, options, campaign subcommands, option values.
# complete_words WORD... completes the last word as bash would, with the
# function the package's completion file for the program (WORD 1) registers.
complete_words() {
    bash -c '
        source /usr/share/bash-completion/bash_completion
        source "$1/$2"
        shift
        function="$(complete -p "$1" | sed -n "s/.* -F \([^ ]*\) .*/\1/p")"
        COMP_WORDS=("$@")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        "$function"
        printf "%s\n" "${COMPREPLY[@]}"
    ' _ "$root/usr/share/bash-completion/completions" "$@"
}
if [ -f /usr/share/bash-completion/bash_completion ]; then
    [ "$(complete_words jwfleet-cli vali)" = validate ] || fail "completion: jwfleet-cli vali"
    complete_words jwfleet-cli units --fa | grep -qx -- --faction || fail "completion: units --fa"
    complete_words jwfleet-cli campaign add- | grep -qx add-battle || fail "completion: campaign add-"
    complete_words jwfleet-cli campaign add-battle --ga | grep -qx -- --game ||
        fail "completion: campaign add-battle --ga"
    [ "$(complete_words jwfleet --the)" = --theme ] || fail "completion: jwfleet --the"
    complete_words jwfleet --theme d | grep -qx dark || fail "completion: jwfleet --theme d"
    ok "bash completion"
else
    fail "bash-completion is not installed"
fi

# The programs run from the unpacked package in an empty folder: their data,
# icons and translations are inside them.
export QT_QPA_PLATFORM=offscreen JW_NO_USER_DATA=1 HOME="$work/home" XDG_RUNTIME_DIR="$work"
mkdir -p "$HOME"
cd "$work"
cli="$root/usr/bin/jwfleet-cli"
version="$(dpkg-deb -f "$deb" Version)"
"$cli" --version | grep -q "^jwfleet-cli $version " || fail "jwfleet-cli --version"
"$cli" check-data >"$work/check-data.txt" || fail "jwfleet-cli check-data"
"$cli" units --faction jovian | grep -qi "valiant" || fail "jwfleet-cli units (the shipped data)"
"$root/usr/bin/jwfleet" --version | grep -q "$version" || fail "jwfleet --version"
"$root/usr/bin/jwfleet-server" --version | grep -q "$version" || fail "jwfleet-server --version"
LC_ALL=de_DE.UTF-8 LANG=de_DE.UTF-8 "$root/usr/bin/jwfleet" --screenshot "$work/shot.png" ||
    fail "jwfleet --screenshot"
[ -s "$work/shot.png" ] || fail "jwfleet wrote no screenshot"
ok "the programs run from the package"

if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "The package $deb passes every check."
