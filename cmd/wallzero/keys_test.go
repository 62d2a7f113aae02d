package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/internal/testkit/storetest"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/store"
)

var (
	tokenRE = regexp.MustCompile(`wz_[A-Za-z0-9_-]{43}`)
	timeRE  = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ`)
)

// TestKeysCommand runs a `wallzero keys` session against a fresh
// database and compares its output (tokens and times masked) with
// testdata/golden/keys.golden; the token it printed works until revoked.
func TestKeysCommand(t *testing.T) {
	t.Parallel()
	url := storetest.URL(t)
	var out bytes.Buffer
	var token string
	for _, step := range []struct {
		args []string
		exit int
	}{
		{[]string{"create", "-name", "app", "-visits-per-second", "500", "-burst", "4000", "-max-jobs", "2", "-max-batch", "100000"}, 0},
		{[]string{"create", "-name", "coach"}, 0},
		{[]string{"create", "-name", "app"}, 1},
		{[]string{"create", "-name", "42"}, 1},
		{[]string{"create"}, 1},
		{[]string{"list"}, 0},
		{[]string{"revoke", "app"}, 0},
		{[]string{"revoke", "999"}, 1},
		{[]string{"revoke"}, 1},
		{[]string{"list"}, 0},
		{[]string{"frobnicate"}, 1},
	} {
		var stdout, stderr bytes.Buffer
		args := append([]string{"keys"}, step.args...)
		if sub := step.args[0]; sub == "create" || sub == "list" || sub == "revoke" {
			args = append([]string{"keys", step.args[0], "-database-url", url}, step.args[1:]...)
		}
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		if code != step.exit {
			t.Errorf("keys %v: exit %d, want %d (stderr %s)", step.args, code, step.exit, stderr.String())
		}
		if token == "" {
			token = tokenRE.FindString(stdout.String())
		}
		text := stdout.String() + stderr.String()
		text = strings.ReplaceAll(text, url, "URL")
		text = timeRE.ReplaceAllString(tokenRE.ReplaceAllString(text, "wz_<token>"), "<time>")
		fmt.Fprintf(&out, "$ wallzero keys %s\n%s", strings.Join(step.args, " "), text)
	}
	path := filepath.Join("testdata", "golden", "keys.golden")
	if *update {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/wallzero/ -run TestKeysCommand -update to create it)", err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("output differs from %s (rerun with -update after checking):\n--- got\n%s--- want\n%s", path, got, want)
	}
	if token == "" {
		t.Fatal("keys create printed no token")
	}
	// The first key's token was revoked by the session: refused.
	ctx := context.Background()
	st, err := store.Open(ctx, url, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a := access.NewAuth(st, access.AuthConfig{CacheTTL: time.Millisecond})
	if _, err := a.Authenticate(ctx, token); wallzero.ErrorCode(err) != wallzero.CodeUnauthorized {
		t.Errorf("revoked token: %v, want unauthorized", err)
	}
	// A new key works until `keys revoke` by id.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"keys", "create", "-database-url", url, "-name", "fresh"}, nil, &stdout, &stderr); code != 0 {
		t.Fatal(stderr.String())
	}
	fresh := tokenRE.FindString(stdout.String())
	c, err := a.Authenticate(ctx, fresh)
	if err != nil || c.Name != "fresh" {
		t.Fatalf("fresh key: %+v %v", c, err)
	}
	if code := run([]string{"keys", "revoke", "-database-url", url, fmt.Sprint(c.KeyID)}, nil, &stdout, &stderr); code != 0 {
		t.Fatal(stderr.String())
	}
	time.Sleep(5 * time.Millisecond)
	if _, err := a.Authenticate(ctx, fresh); wallzero.ErrorCode(err) != wallzero.CodeUnauthorized {
		t.Errorf("revoked by id: %v, want unauthorized", err)
	}
}
