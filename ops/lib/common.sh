# Shared by the ops scripts: paths, toolchain checks and the local PostgreSQL.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/daftar/target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

log() { printf '\n== %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

need() {
  command -v "$1" >/dev/null 2>&1 || die "$1 is required ($2)"
}

apt_install() {
  # Installs Debian packages once; apt-get update only when a package is missing.
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >/dev/null
  # apt-get can exit non-zero for a post-install step of an unrelated upgraded package (seen
  # once while installing chromium in a container); what matters is that ours are installed.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null ||
    log "apt-get install ${missing[*]} exited with $?; checking what got installed"
  for pkg in "${missing[@]}"; do
    [ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" = "install ok installed" ] ||
      die "could not install the Debian package $pkg"
  done
}

# Makes sure a local PostgreSQL answers on 127.0.0.1:5432, starting the Debian cluster if it is
# installed but stopped, and installing it if it is missing.
ensure_postgres() {
  if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then return 0; fi
  if ! command -v pg_lsclusters >/dev/null 2>&1; then
    apt_install postgresql
  fi
  local version
  version="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$version" ] || die "PostgreSQL is installed but has no cluster"
  log "starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null \
    || pg_ctlcluster "$version" main start
  for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && return 0
    sleep 1
  done
  die "PostgreSQL did not start"
}

# Installs Python's aiosmtpd, the real SMTP server the API and end-to-end tests read mail from
# (ops/lib/smtp_recorder.py).
ensure_aiosmtpd() {
  need python3 "Python 3"
  python3 -c 'import aiosmtpd' 2>/dev/null && return 0
  log "installing aiosmtpd (pip)"
  python3 -m pip install --quiet 'aiosmtpd==1.4.*'
}

# Installs the web client's packages when they are missing or the lock file changed.
ensure_web_packages() {
  need npm "Node.js 20 and npm"
  local stamp="$ROOT/web/node_modules/.daftar-lock"
  if [ ! -f "$stamp" ] || ! cmp -s "$ROOT/web/package-lock.json" "$stamp"; then
    log "installing web packages (npm ci)"
    (cd "$ROOT/web" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$ROOT/web/package-lock.json" "$stamp"
  fi
}
