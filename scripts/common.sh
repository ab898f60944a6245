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
    local generator=()
    if [ ! -f "$JW_BUILD/CMakeCache.txt" ] && command -v ninja >/dev/null 2>&1; then
        generator=(-G Ninja)
    fi
    if [ ! -f "$JW_BUILD/CMakeCache.txt" ]; then
        jw_log "Configuring $JW_BUILD"
        cmake -S "$JW_ROOT" -B "$JW_BUILD" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release
    fi
    jw_log "Building"
    cmake --build "$JW_BUILD" --parallel "$(nproc)"
}
