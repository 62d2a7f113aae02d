package store_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/store"
)

// TestMigrateOneShape: 0006_one_shape brings the rows of earlier builds
// to the one shape the readers know. Job results lose their
// {"schema": 1, "result": R} envelope; a review without the per-player
// curve or the points thresholds fails with the reason; cache rows become
// {"schema": 3, "analysis": A}, except three- and four-player rows
// without every player's win rates and raw values, which are deleted.
func TestMigrateOneShape(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.URL(t)
	// The database is at the latest version; mark it as before 0006 (whose
	// down migration undoes nothing) and store rows of the old shapes.
	if err := store.ForceVersion(url, 5); err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)

	const current = `{"players":["red","blue"],"thresholds":{"inaccuracy":0.05,"inaccuracyPoints":1.5},"visits":8}`
	jobs := []struct {
		name, kind, result string
		// want is the result after (empty: none), status the status.
		want, status string
	}{
		{"an enveloped review", "review", `{"schema":1,"result":` + current + `}`, current, "succeeded"},
		{"a bare review", "review", current, current, "succeeded"},
		{"a review without players", "review", `{"schema":1,"result":{"thresholds":{"inaccuracyPoints":1.5}}}`, "", "failed"},
		{"a review without points", "review", `{"players":["red","blue"],"thresholds":{"inaccuracy":0.05}}`, "", "failed"},
		{"an enveloped opening batch", "openings", `{"schema":1,"result":{"openings":[]}}`, `{"openings":[]}`, "succeeded"},
		{"a bare opening batch", "openings", `{"openings":[],"schema":1}`, `{"openings":[],"schema":1}`, "succeeded"},
	}
	ids := make([]string, len(jobs))
	for i, j := range jobs {
		if err := conn.QueryRow(ctx, `INSERT INTO jobs (kind, status, request, progress_total, result) VALUES ($1, 'succeeded', '{}', 1, $2) RETURNING id`,
			j.kind, j.result).Scan(&ids[i]); err != nil {
			t.Fatal(err)
		}
	}

	two := `{"territory":{"red":1,"blue":2},"rootInfo":{"winrate":0.5}}`
	three := `{"territory":{"red":1,"blue":2,"green":0},"rootInfo":{"winrate":0.4,"winrates":{"red":0.4},"rawWinrates":{"red":0.3}}}`
	threeOld := `{"territory":{"red":1,"blue":2,"green":0},"rootInfo":{"winrate":0.4,"winrates":{"red":0.4}}}`
	rows := []struct {
		name, row string
		want      string // empty: deleted
	}{
		{"a bare two-player analysis", two, `{"schema":3,"analysis":` + two + `}`},
		{"schema 1, two players", `{"schema":1,"analysis":` + two + `}`, `{"schema":3,"analysis":` + two + `}`},
		{"schema 2, three players with every value", `{"schema":2,"analysis":` + three + `}`, `{"schema":3,"analysis":` + three + `}`},
		{"schema 2, three players without raw values", `{"schema":2,"analysis":` + threeOld + `}`, ""},
		{"a bare three-player analysis without win rates", `{"territory":{"red":1,"blue":2,"green":0},"rootInfo":{}}`, ""},
		{"schema 3", `{"schema":3,"analysis":` + three + `}`, `{"schema":3,"analysis":` + three + `}`},
	}
	for i, r := range rows {
		if _, err := conn.Exec(ctx, `INSERT INTO analyses (canonical_hash, rules, model, visits, analysis) VALUES ($1, 'r', 'm', 8, $2)`, i, r.row); err != nil {
			t.Fatal(err)
		}
	}

	if res, err := store.Migrate(ctx, url); err != nil || !res.Applied {
		t.Fatalf("migrate: %+v, %v", res, err)
	}

	for i, j := range jobs {
		var status string
		var result []byte
		var reason *string
		if err := conn.QueryRow(ctx, `SELECT status, result, error FROM jobs WHERE id = $1`, ids[i]).Scan(&status, &result, &reason); err != nil {
			t.Fatal(err)
		}
		if status != j.status || !sameJSON(t, result, j.want) {
			t.Errorf("%s: %s %s, want %s %s", j.name, status, result, j.status, j.want)
		}
		if status == "failed" && (reason == nil || *reason == "") {
			t.Errorf("%s: failed without a reason", j.name)
		}
	}
	for i, r := range rows {
		var got []byte
		err := conn.QueryRow(ctx, `SELECT analysis FROM analyses WHERE canonical_hash = $1`, i).Scan(&got)
		if err == pgx.ErrNoRows {
			got = nil
		} else if err != nil {
			t.Fatal(err)
		}
		if !sameJSON(t, got, r.want) {
			t.Errorf("%s: %s, want %s", r.name, got, r.want)
		}
	}
}

// sameJSON reports whether got holds the JSON value of want (both empty:
// no value).
func sameJSON(t *testing.T, got []byte, want string) bool {
	t.Helper()
	if len(got) == 0 || want == "" {
		return len(got) == 0 && want == ""
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: %v", got, err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("%s: %v", want, err)
	}
	return reflect.DeepEqual(g, w)
}

// TestMigrateSettledRule: 0007_settled_rule names settled=skip in the rules
// of three-player job requests stored before it (the rule they were played
// under), leaves other requests alone, and drops three-player cache rows
// keyed without the settled rule.
func TestMigrateSettledRule(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.URL(t)
	if err := store.ForceVersion(url, 6); err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)

	jobs := []struct {
		name, request, want string
	}{
		{"three players", `{"rules":{"players":3,"opening":"empty"},"moves":["A1"]}`,
			`{"rules":{"players":3,"opening":"empty","settled":"skip"},"moves":["A1"]}`},
		{"three players, the rule named", `{"rules":{"players":3,"settled":"skip-without-break"}}`, `{"rules":{"players":3,"settled":"skip-without-break"}}`},
		{"two players", `{"rules":{"players":2}}`, `{"rules":{"players":2}}`},
		{"no rules", `{}`, `{}`},
	}
	ids := make([]string, len(jobs))
	for i, j := range jobs {
		if err := conn.QueryRow(ctx, `INSERT INTO jobs (kind, status, request, progress_total) VALUES ('review', 'queued', $1, 1) RETURNING id`,
			j.request).Scan(&ids[i]); err != nil {
			t.Fatal(err)
		}
	}
	rows := []struct {
		rules string
		kept  bool
	}{
		{"3p empty stay=always tie=largest-region", false},
		{"3p empty stay=always tie=largest-region settled=skip-without-break", true},
		{"2p four-stone stay=always tie=largest-region", true},
	}
	for i, r := range rows {
		if _, err := conn.Exec(ctx, `INSERT INTO analyses (canonical_hash, rules, model, visits, analysis) VALUES ($1, $2, 'm', 8, '{"schema":3,"analysis":{}}')`, 1000+i, r.rules); err != nil {
			t.Fatal(err)
		}
	}

	if res, err := store.Migrate(ctx, url); err != nil || !res.Applied {
		t.Fatalf("migrate: %+v, %v", res, err)
	}
	for i, j := range jobs {
		var got []byte
		if err := conn.QueryRow(ctx, `SELECT request FROM jobs WHERE id = $1`, ids[i]).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if !sameJSON(t, got, j.want) {
			t.Errorf("%s: %s, want %s", j.name, got, j.want)
		}
	}
	for i, r := range rows {
		var n int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM analyses WHERE canonical_hash = $1`, 1000+i).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if (n == 1) != r.kept {
			t.Errorf("cache row %q: %d rows, kept %v", r.rules, n, r.kept)
		}
	}
}
