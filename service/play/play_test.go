package play

import (
	"context"
	"errors"
	"testing"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/service/levels"
)

func TestOrList(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		ns   []int
		want string
	}{{[]int{2}, "2"}, {[]int{2, 3}, "2 or 3"}, {[]int{2, 3, 4}, "2, 3 or 4"}} {
		if got := orList(tc.ns); got != tc.want {
			t.Errorf("orList(%v) = %q, want %q", tc.ns, got, tc.want)
		}
	}
}

func TestPlayErrors(t *testing.T) {
	t.Parallel()
	lv := levels.Level{ID: "club", MaxMoveMs: 1000}
	for _, tc := range []struct {
		name string
		err  error
		code wallzero.Code
	}{
		{"budget", context.DeadlineExceeded, wallzero.CodeTimeout},
		{"client gone", context.Canceled, wallzero.CodeTimeout},
		{"player failed", errors.New("boom"), wallzero.CodeInternal},
	} {
		if got := wallzero.ErrorCode(playError(lv, tc.err)); got != tc.code {
			t.Errorf("%s: code %s, want %s", tc.name, got, tc.code)
		}
	}
	quota := &wallzero.Error{Code: wallzero.CodeRateLimited, Field: "maxVisits", Message: "over"}
	var e *wallzero.Error
	if !errors.As(levelField(quota), &e) || e.Field != "level" || quota.Field != "maxVisits" {
		t.Errorf("levelField: %+v (original %+v), want field level and the original unchanged", e, quota)
	}
	other := &wallzero.Error{Code: wallzero.CodeInvalid, Field: "moves[2]"}
	if levelField(other) != other {
		t.Error("levelField changed an error about another field")
	}
}
