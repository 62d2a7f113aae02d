#!/usr/bin/env bash
# chromium.sh: print the path of the Chromium the browser tests drive
# (`make browser-test`). Uses $WALLZERO_CHROMIUM, else chromium,
# chromium-browser or google-chrome on PATH; when none is found and we
# are root on Debian, installs Debian's `chromium` package with apt-get
# (messages on stderr). Browser builds are never downloaded otherwise.
set -euo pipefail

say() { echo "chromium.sh: $*" >&2; }

find_chromium() {
  local n
  for n in "${WALLZERO_CHROMIUM:-}" chromium chromium-browser google-chrome; do
    [[ -n "$n" ]] && command -v "$n" 2>/dev/null && return 0
  done
  return 1
}

if find_chromium; then exit 0; fi
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  say "Chromium not found: installing the Debian package 'chromium' (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 && apt-get install -y -qq chromium fonts-dejavu-core >&2 || { say "apt-get install chromium failed"; exit 1; }
  find_chromium && exit 0
fi
say "no Chromium: install Debian's chromium package (apt-get install chromium) or set WALLZERO_CHROMIUM to a Chromium binary"
exit 1
