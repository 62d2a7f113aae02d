package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/store"
)

// runKeys implements `wallzero keys create|list|revoke`: API key
// management in the database (docs/auth.md).
func runKeys(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, keysUsage)
		return errUsage
	}
	switch args[0] {
	case "create":
		return keysCreate(args[1:], stdout, stderr)
	case "list":
		return keysList(args[1:], stdout, stderr)
	case "revoke":
		return keysRevoke(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, keysUsage)
		return nil
	}
	fmt.Fprintf(stderr, "wallzero keys: unknown subcommand %q\n%s\n", args[0], keysUsage)
	return errUsage
}

const keysUsage = `usage:
  wallzero keys create -name NAME [-visits-per-second N] [-burst N] [-max-jobs N] [-max-batch N]
  wallzero keys list
  wallzero keys revoke ID|NAME
each with -database-url URL (or DATABASE_URL); quotas left out take serve's -key-* defaults`

// openKeysStore parses the common flags and opens the database.
func openKeysStore(name string, args []string, stderr io.Writer, extra func(*flag.FlagSet)) (*store.Store, []string, error) {
	fs := newFlagSet("keys "+name, stderr)
	url := fs.String("database-url", "", "PostgreSQL URL (env DATABASE_URL)")
	if extra != nil {
		extra(fs)
	}
	if err := program.ParseWithEnv(fs, args); err != nil {
		return nil, nil, err
	}
	if *url == "" {
		return nil, nil, errors.New("no database: set -database-url or DATABASE_URL")
	}
	st, err := store.Open(context.Background(), *url, store.Options{})
	if err != nil {
		return nil, nil, err
	}
	return st, fs.Args(), nil
}

// quota prints a key's own quota, "default" when it has none.
func quota(v int64) string {
	if v == 0 {
		return "default"
	}
	return strconv.FormatInt(v, 10)
}

// quotaText lists a key's quotas for `keys create`.
func quotaText(q store.KeyQuotas) string {
	return fmt.Sprintf("visits-per-second %s, burst %s, max-jobs %s, max-batch %s",
		quota(int64(q.VisitsPerSecond)), quota(int64(q.Burst)), quota(int64(q.MaxJobs)), quota(q.MaxBatch))
}
