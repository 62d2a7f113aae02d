package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestLocalPGIsDurable: the cluster `make run` starts (scripts/localpg.sh
// without --throwaway) keeps fsync, synchronous_commit and
// full_page_writes on, refuses TCP connections without the password, and
// keeps the password in a 0600 file; a --throwaway one turns durability
// off. Skipped without the PostgreSQL server binaries.
func TestLocalPGIsDurable(t *testing.T) {
	t.Parallel()
	script, err := filepath.Abs("../../scripts/localpg.sh")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("initdb"); err != nil {
		if m, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb"); len(m) == 0 {
			t.Skip("skipped: no PostgreSQL server binaries (initdb)")
		}
	}
	run := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(script, args...).Output()
		if err != nil {
			var stderr []byte
			if ee, ok := err.(*exec.ExitError); ok {
				stderr = ee.Stderr
			}
			t.Fatalf("localpg.sh %s: %v\n%s", strings.Join(args, " "), err, stderr)
		}
		return strings.TrimSpace(string(out))
	}
	for _, tc := range []struct {
		name      string
		throwaway bool
		want      string
	}{
		{"make run", false, "on"},
		{"throwaway", true, "off"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			port := run("free-port", map[bool]string{false: "26280", true: "26290"}[tc.throwaway])
			args := []string{"start", dir, port, "wallzero"}
			if tc.throwaway {
				args = append(args, "--throwaway")
			}
			url := run(args...)
			t.Cleanup(func() { exec.Command(script, "destroy", dir).Run() })
			ctx := context.Background()
			conn, err := pgx.Connect(ctx, url)
			if err != nil {
				t.Fatalf("connecting with the printed URL: %v", err)
			}
			defer conn.Close(ctx)
			for _, setting := range []string{"fsync", "synchronous_commit", "full_page_writes"} {
				var v string
				if err := conn.QueryRow(ctx, "SHOW "+setting).Scan(&v); err != nil {
					t.Fatal(err)
				}
				t.Logf("SHOW %s: %s", setting, v)
				if v != tc.want {
					t.Errorf("%s = %s, want %s", setting, v, tc.want)
				}
			}
			if st, err := os.Stat(filepath.Join(dir, "password")); err != nil || st.Mode().Perm() != 0o600 {
				t.Errorf("password file: %v %v, want mode 0600", st, err)
			}
			if !strings.Contains(url, "postgres:") || !strings.Contains(url, "@127.0.0.1:"+port+"/") {
				t.Errorf("URL %s carries no password", url)
			}
			noPassword := "postgres://postgres@127.0.0.1:" + port + "/wallzero?sslmode=disable"
			if c, err := pgx.Connect(ctx, noPassword); err == nil {
				c.Close(ctx)
				t.Error("a TCP connection without the password was accepted")
			}
		})
	}
}
