#!/usr/bin/env bash
# pkglines.sh: the lines of each Go package of the module, tests and
# generated code aside (a file whose header says "Code generated ... DO NOT
# EDIT."), largest first. A package is a directory of .go files; testdata,
# vendor and hidden directories are skipped, and so is deploy/ (a module of
# its own).
#
#   scripts/pkglines.sh [-max N] [DIR]
#
# With -max N it prints the packages over N lines to stderr and exits 1
# when there is one (the rule internal/archtest holds: at most 2,000).
set -euo pipefail

max=0
if [[ "${1:-}" == "-max" ]]; then
	max=$2
	shift 2
fi
root=${1:-.}
cd "$root"

find . \( -name testdata -o -name vendor -o -name deploy -o -name 'node_modules' -o -name '.?*' \) -prune -o \
	-type f -name '*.go' ! -name '*_test.go' -print0 |
	xargs -0 awk '
		FNR == 1 { dir = FILENAME; sub(/\/[^\/]*$/, "", dir); sub(/^\.\/?/, "", dir); if (dir == "") dir = "."; gen[FILENAME] = 0 }
		FNR <= 40 && /^\/\/ Code generated .* DO NOT EDIT\.$/ { gen[FILENAME] = 1 }
		{ lines[FILENAME]++; dirOf[FILENAME] = dir }
		END { for (f in lines) if (!gen[f]) total[dirOf[f]] += lines[f]; for (d in total) printf "%6d %s\n", total[d], d }' |
	sort -k1,1nr -k2 |
	if ((max > 0)); then
		awk -v max="$max" '{ print } $1 > max { over = over sprintf("%s: %d lines, more than %d\n", $2, $1, max) }
			END { if (over != "") { printf "%s", over > "/dev/stderr"; exit 1 } }'
	else
		cat
	fi
