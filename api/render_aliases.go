package api

import (
	"errors"
	"net/url"
	"sort"

	"github.com/wallzero/wallzero"
)

// queryAliases maps each deprecated board.svg query parameter to the
// record's (JSON) name that replaced it. The old names keep working for
// one release; giving both with different values is an error.
var queryAliases = map[string]string{
	"mode":     "opening",
	"tiebreak": "tieBreak",
	"reach":    "includeReachability",
	"analyze":  "topK",
	"visits":   "maxVisits",
}

// resolveAliases rewrites q in place so that only the current names
// remain: an old name's value moves to its new name. An old and a new name
// given together must carry the same value (else a CodeInvalid error
// naming the old one). A repeated parameter is left for the caller's
// "at most once" check. It returns the renames made (new name to old), so
// that errors can name the parameter the client sent (aliasError).
func resolveAliases(q url.Values) (map[string]string, error) {
	renamed := map[string]string{}
	olds := make([]string, 0, len(queryAliases))
	for old := range queryAliases {
		olds = append(olds, old)
	}
	sort.Strings(olds) // the same error for the same query
	for _, old := range olds {
		vs, ok := q[old]
		if !ok {
			continue
		}
		name := queryAliases[old]
		if cur, both := q[name]; both {
			if len(cur) != 1 || len(vs) != 1 || cur[0] != vs[0] {
				return nil, invalidParam(old, "deprecated alias of %s, which is also given with a different value; give only %s", name, name)
			}
		} else {
			q[name] = vs
			renamed[name] = old
		}
		delete(q, old)
	}
	return renamed, nil
}

// aliasError makes an error about a renamed parameter name the old name
// the client sent.
func aliasError(err error, renamed map[string]string) error {
	var se *wallzero.Error
	if errors.As(err, &se) && renamed[se.Field] != "" {
		se.Field = renamed[se.Field]
	}
	return err
}
