# Shared by scripts/run and scripts/test: install what is missing, configure, build.
# Sourced, not run. Works as root or through sudo; idempotent and incremental.
set -euo pipefail

JW_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JW_BUILD="${JW_BUILD_DIR:-$JW_ROOT/build}"

# Debian packages the project needs to build, test and run.
JW_PACKAGES=(
    g++ cmake ninja-build ccache pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-qpa-plugins libqt6sql6-sqlite libqt6svg6 libgl-dev
    libyaml-cpp-dev
    fonts-dejavu-core
)

# What building and checking the Debian package needs (scripts/package, the
# packaging test): dpkg-shlibdeps, lintian, the desktop and AppStream checks.
JW_PACKAGING_TOOLS=(dpkg-dev fakeroot file lintian desktop-file-utils appstream shared-mime-info bash-completion man-db)

jw_log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

jw_sudo() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "error: need root (or sudo) to install: $*" >&2
        return 1
    fi
}

jw_install_missing() {
    local missing=()
    local p
    for p in "${JW_PACKAGES[@]}" "$@"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
            missing+=("$p")
        fi
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        return 0
    fi
    jw_log "Installing missing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # Refresh the package lists only when something is missing (and at most once).
    jw_sudo apt-get update -qq
    jw_sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}"
}

jw_configure_and_build() {
    jw_configure_and_build_dir "$JW_BUILD" -DCMAKE_BUILD_TYPE=Release
}

# Configures DIR once with the given CMake arguments (a separate build dir such
# as build-asan or build-fuzz), then builds it; TARGETS (after --) limits the build.
#   jw_configure_and_build_dir DIR [cmake args...] [-- targets...]
jw_configure_and_build_dir() {
    local dir="$1"
    shift
    local args=() targets=()
    while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do
        args+=("$1")
        shift
    done
    if [ "$#" -gt 0 ]; then
        shift
        targets=("$@")
    fi
    local generator=()
    if [ ! -f "$dir/CMakeCache.txt" ] && command -v ninja >/dev/null 2>&1; then
        generator=(-G Ninja)
    fi
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        jw_log "Configuring $dir"
        cmake -S "$JW_ROOT" -B "$dir" "${generator[@]}" "${args[@]}"
    fi
    jw_log "Building $dir"
    local target_args=()
    if [ "${#targets[@]}" -gt 0 ]; then
        target_args=(--target "${targets[@]}")
    fi
    cmake --build "$dir" --parallel "${JW_JOBS:-$(nproc)}" "${target_args[@]}"
}

# A throwaway PostgreSQL cluster for the campaign storage tests: Debian's
# postgresql server, a temporary data directory, loopback only, a free port.
# Exports JW_TEST_PG_URL (a superuser that may create the tests' databases);
# jw_stop_postgres stops the cluster and removes the directory. When
# JW_TEST_PG_URL is already set, that server is used and nothing is started.
JW_PG_DIR=""
JW_PG_RUNAS=()
JW_PG_BIN=""

jw_start_postgres() {
    if [ -n "${JW_TEST_PG_URL:-}" ]; then
        jw_log "Campaign tests use the PostgreSQL server of JW_TEST_PG_URL"
        return 0
    fi
    JW_PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
    if [ -z "$JW_PG_BIN" ] || [ ! -x "$JW_PG_BIN/initdb" ]; then
        echo "error: PostgreSQL's initdb not found (Debian package postgresql)" >&2
        return 1
    fi
    JW_PG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/jwfleet-pg.XXXXXX")"
    # PostgreSQL refuses to run as root: as root, run it as the postgres user
    # (created by the Debian package) in a directory it owns.
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres: "$JW_PG_DIR"
        JW_PG_RUNAS=(runuser -u postgres --)
    fi
    local port="" p
    for p in $(shuf -i 20000-60000 -n 100); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
            port="$p"
            break
        fi
    done
    if [ -z "$port" ]; then
        echo "error: no free port for the test PostgreSQL server" >&2
        return 1
    fi
    jw_log "Starting a throwaway PostgreSQL cluster on 127.0.0.1:$port ($JW_PG_DIR)"
    "${JW_PG_RUNAS[@]}" "$JW_PG_BIN/initdb" -D "$JW_PG_DIR/data" -U jwtest --auth=trust \
        -E UTF8 --no-locale >"$JW_PG_DIR/initdb.log" 2>&1 \
        || { cat "$JW_PG_DIR/initdb.log" >&2; return 1; }
    # Loopback only; no fsync: the data is thrown away.
    "${JW_PG_RUNAS[@]}" "$JW_PG_BIN/pg_ctl" -D "$JW_PG_DIR/data" -l "$JW_PG_DIR/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $JW_PG_DIR -c fsync=off -c max_connections=200" \
        start >/dev/null \
        || { cat "$JW_PG_DIR/server.log" >&2; return 1; }
    "${JW_PG_RUNAS[@]}" "$JW_PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U jwtest jwtest
    export JW_TEST_PG_URL="postgresql://jwtest@127.0.0.1:$port/jwtest"
}

jw_stop_postgres() {
    if [ -n "$JW_PG_DIR" ] && [ -d "$JW_PG_DIR" ]; then
        jw_log "Stopping the test PostgreSQL cluster"
        "${JW_PG_RUNAS[@]}" "$JW_PG_BIN/pg_ctl" -D "$JW_PG_DIR/data" -m immediate -w stop \
            >/dev/null 2>&1 || true
        rm -rf "$JW_PG_DIR"
        JW_PG_DIR=""
    fi
}
