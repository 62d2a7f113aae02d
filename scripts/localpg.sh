#!/usr/bin/env bash
# localpg.sh: a project-local PostgreSQL cluster for `make run`, `make test`
# and `make bench-api`. Prints a DATABASE_URL on stdout; messages go to
# stderr.
#
#   scripts/localpg.sh start DIR PORT [DB] [--throwaway]
#                                            init (once) and start a cluster in DIR,
#                                            create database DB (default wallzero)
#   scripts/localpg.sh stop DIR              stop the cluster in DIR
#   scripts/localpg.sh destroy DIR           stop it and delete DIR
#   scripts/localpg.sh free-port FROM        print the first free TCP port >= FROM
#                                            (keep FROM below the kernel's ephemeral
#                                            range, 32768 and up on Linux: a port
#                                            there can be taken by any outgoing
#                                            connection between the check and the
#                                            server's bind)
#
# The cluster is durable: fsync, synchronous_commit and full_page_writes
# stay on. TCP connections need a password (scram-sha-256): the password
# of the `postgres` user is generated at initdb and kept in DIR/password
# (mode 0600); the printed URL carries it. Local socket connections (the
# admin steps here) use peer/trust. --throwaway (test clusters that are
# destroyed afterwards) turns fsync, synchronous_commit and
# full_page_writes off for speed. A cluster made by an older localpg.sh
# (trust over TCP) gets a password and scram-sha-256 on its next start.
#
# initdb refuses to run as root, so as root the cluster belongs to the
# `postgres` user and every server command runs through `runuser -u
# postgres --`. When the PostgreSQL server binaries are missing and we are
# root on Debian, they are installed with apt-get (with a message).
set -euo pipefail

say() { echo "localpg: $*" >&2; }
die() { say "$*"; exit 1; }

# pg_bindir finds the directory holding initdb and pg_ctl.
pg_bindir() {
  local d
  if [[ -n "${PG_BINDIR:-}" && -x "$PG_BINDIR/initdb" ]]; then echo "$PG_BINDIR"; return 0; fi
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n -r); do
    [[ -x "$d/initdb" && -x "$d/pg_ctl" ]] && { echo "$d"; return 0; }
  done
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return 0; fi
  return 1
}

ensure_postgres() {
  if BINDIR=$(pg_bindir); then return 0; fi
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    say "PostgreSQL server binaries not found: installing the Debian package 'postgresql' (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2 && apt-get install -y -qq postgresql >&2 || die "apt-get install postgresql failed"
    BINDIR=$(pg_bindir) || die "postgresql installed but initdb not found under /usr/lib/postgresql/*/bin"
    return 0
  fi
  die "PostgreSQL server binaries (initdb, pg_ctl) not found: install PostgreSQL 13 or newer (Debian: apt-get install postgresql), set PG_BINDIR, or set DATABASE_URL to an existing server"
}

# as_pg runs a command as the cluster's owner.
as_pg() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# datadir maps DIR to the directory that really holds the cluster: DIR
# itself, or (when root and the postgres user cannot reach DIR, e.g. under
# a private home) a folder under /tmp named after DIR, recorded in DIR/where.
datadir() {
  local dir=$1
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [[ $(id -u) -ne 0 ]]; then echo "$dir/data"; return; fi
  id postgres >/dev/null 2>&1 || die "no 'postgres' user (install the postgresql package)"
  if [[ -f "$dir/where" ]]; then cat "$dir/where"; return; fi
  chown postgres "$dir" 2>/dev/null || true
  if runuser -u postgres -- test -w "$dir"; then
    echo "$dir/data" | tee "$dir/where"
  else
    local alt="/tmp/wallzero-pg-$(echo "$dir" | sha256sum | cut -c1-12)"
    mkdir -p "$alt" && chown postgres "$alt"
    say "the postgres user cannot write $dir; the cluster lives in $alt"
    echo "$alt/data" | tee "$dir/where"
  fi
}

# port_free: nothing listens on 127.0.0.1:$1 and, where ss is installed, no
# connection open or opening has it as its local port (an outgoing one's
# would make the server's bind fail). Sockets a stopped server left closing
# (TIME-WAIT, FIN-WAIT) do not count: PostgreSQL binds over them, which is
# how a test restarts a cluster on its port.
port_free() {
  if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 1; fi
  if command -v ss >/dev/null &&
    [[ -n $(ss -Htan state established state syn-sent "sport = :$1" 2>/dev/null) ]]; then return 1; fi
  return 0
}

cmd=${1:-}
case "$cmd" in
  start)
    usage="usage: localpg.sh start DIR PORT [DB] [--throwaway]"
    throwaway=0
    args=()
    for a in "${@:2}"; do
      if [[ $a == --throwaway ]]; then throwaway=1; else args+=("$a"); fi
    done
    dir=${args[0]:?$usage}
    port=${args[1]:?$usage}
    db=${args[2]:-wallzero}
    ensure_postgres
    data=$(datadir "$dir")
    dir=$(cd "$dir" && pwd)
    pwfile="$dir/password"
    if [[ ! -f "$data/PG_VERSION" ]]; then
      say "initialising a cluster in $data"
      mkdir -p "$data"
      [[ $(id -u) -eq 0 ]] && chown postgres "$data" "$(dirname "$data")"
      as_pg "$BINDIR/initdb" -D "$data" -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --no-locale >/dev/null
      rm -f "$pwfile"
    fi
    sock=$data
    if as_pg "$BINDIR/pg_ctl" -D "$data" status >/dev/null 2>&1; then
      say "already running in $data"
      port=$(sed -n 's/^port *= *\([0-9]*\).*/\1/p' "$data/wallzero.conf" 2>/dev/null || echo "$port")
    else
      port_free "$port" || die "port $port is taken (set another port)"
      echo "port = $port" | as_pg tee "$data/wallzero.conf" >/dev/null
      grep -q "include_if_exists = 'wallzero.conf'" "$data/postgresql.conf" || \
        echo "include_if_exists = 'wallzero.conf'" | as_pg tee -a "$data/postgresql.conf" >/dev/null
      opts="-p $port -k $data -c listen_addresses=127.0.0.1 -c max_connections=300"
      if [[ $throwaway -eq 1 ]]; then
        opts+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        say "starting a throwaway PostgreSQL (durability off) on 127.0.0.1:$port"
      else
        say "starting PostgreSQL on 127.0.0.1:$port"
      fi
      as_pg "$BINDIR/pg_ctl" -D "$data" -l "$data/server.log" -w -t 60 -o "$opts" \
        start >/dev/null || { cat "$data/server.log" >&2; die "pg_ctl start failed"; }
    fi
    psql_admin() { as_pg "$BINDIR/psql" -h "$sock" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -qtAc "$1"; }
    if [[ ! -s "$pwfile" ]]; then
      # A new cluster, or one made when TCP connections were trusted.
      (umask 077; od -An -tx1 -N24 /dev/urandom | tr -d ' \n' >"$pwfile")
      chmod 600 "$pwfile"
      psql_admin "ALTER USER postgres PASSWORD '$(cat "$pwfile")'" >/dev/null
      if as_pg grep -Eq '^host.*trust' "$data/pg_hba.conf"; then
        say "TCP connections were trusted: switching them to scram-sha-256 (password in $pwfile)"
        as_pg sed -i -E 's/^(host.*[[:space:]])trust[[:space:]]*$/\1scram-sha-256/' "$data/pg_hba.conf"
        psql_admin "SELECT pg_reload_conf()" >/dev/null
      fi
    fi
    if [[ $throwaway -eq 0 && $(psql_admin "SHOW fsync") != on ]]; then
      say "warning: this cluster runs with fsync off (started by an older localpg.sh or with --throwaway): restart it for durability: scripts/localpg.sh stop $dir"
    fi
    if ! psql_admin "SELECT 1 FROM pg_database WHERE datname='$db'" | grep -q 1; then
      as_pg "$BINDIR/createdb" -h "$sock" -p "$port" -U postgres "$db"
    fi
    echo "postgres://postgres:$(cat "$pwfile")@127.0.0.1:$port/$db?sslmode=disable"
    ;;
  stop|destroy)
    dir=${2:?usage: localpg.sh $cmd DIR}
    [[ -d "$dir" ]] || exit 0
    BINDIR=$(pg_bindir) || die "pg_ctl not found"
    data=$(datadir "$dir")
    if [[ -f "$data/PG_VERSION" ]] && as_pg "$BINDIR/pg_ctl" -D "$data" status >/dev/null 2>&1; then
      as_pg "$BINDIR/pg_ctl" -D "$data" -m fast -w stop >/dev/null
      say "stopped the cluster in $data"
    fi
    if [[ $cmd == destroy ]]; then rm -rf "$(dirname "$data")" "$dir"; fi
    ;;
  free-port)
    p=${2:-25432}
    while ! port_free "$p"; do p=$((p + 1)); done
    echo "$p"
    ;;
  *)
    sed -n "2,23p" "$0" >&2; exit 2 ;;
esac
