package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/wallzero/wallzero/internal/program"
	"github.com/wallzero/wallzero/service"
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

func keysCreate(args []string, stdout, stderr io.Writer) error {
	var name string
	var q store.KeyQuotas
	st, rest, err := openKeysStore("create", args, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&name, "name", "", "the key's name (letters, digits, . _ -), shown in metrics and logs")
		fs.IntVar(&q.VisitsPerSecond, "visits-per-second", 0, "visits x positions per second of synchronous analyses (0: the server's default)")
		fs.IntVar(&q.Burst, "burst", 0, "token bucket size in visits, also the largest single analysis (0: the server's default)")
		fs.IntVar(&q.MaxJobs, "max-jobs", 0, "queued and running jobs at once (0: the server's default)")
		fs.Int64Var(&q.MaxBatch, "max-batch", 0, "largest job, items x visits (0: the server's default)")
	})
	if err != nil {
		return err
	}
	defer st.Close()
	if len(rest) > 0 {
		return fmt.Errorf("unexpected arguments %q (flags go before them)", rest)
	}
	if name == "" {
		return errors.New("-name is required")
	}
	token, k, err := service.CreateKey(context.Background(), st, name, q)
	if errors.Is(err, store.ErrNameTaken) {
		return fmt.Errorf("an active key is already named %q (revoke it first, or choose another name)", name)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created key %d %q (quotas: %s)\n", k.ID, k.Name, quotaText(k.Quotas))
	fmt.Fprintln(stdout, "token (shown only now; send it as `Authorization: Bearer <token>`):")
	fmt.Fprintln(stdout, token)
	return nil
}

func keysList(args []string, stdout, stderr io.Writer) error {
	st, rest, err := openKeysStore("list", args, stderr, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	if len(rest) > 0 {
		return fmt.Errorf("unexpected arguments %q", rest)
	}
	keys, err := st.Keys(context.Background())
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tVISITS/S\tBURST\tMAX-JOBS\tMAX-BATCH\tCREATED\tREVOKED\tLAST-USED")
	for _, k := range keys {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Name,
			quota(int64(k.Quotas.VisitsPerSecond)), quota(int64(k.Quotas.Burst)), quota(int64(k.Quotas.MaxJobs)), quota(k.Quotas.MaxBatch),
			timeCell(&k.CreatedAt), timeCell(k.RevokedAt), timeCell(k.LastUsedAt))
	}
	return tw.Flush()
}

func keysRevoke(args []string, stdout, stderr io.Writer) error {
	st, rest, err := openKeysStore("revoke", args, stderr, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	if len(rest) != 1 {
		return errors.New("give one key: its ID or NAME (`wallzero keys list`)")
	}
	k, err := st.RevokeKey(context.Background(), rest[0])
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no active key %q", rest[0])
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "revoked key %d %q; servers refuse it within their -auth-cache-ttl\n", k.ID, k.Name)
	return nil
}

// quota prints a key's own quota, "default" when it has none.
func quota(v int64) string {
	if v == 0 {
		return "default"
	}
	return strconv.FormatInt(v, 10)
}

func quotaText(q store.KeyQuotas) string {
	return fmt.Sprintf("visits-per-second %s, burst %s, max-jobs %s, max-batch %s",
		quota(int64(q.VisitsPerSecond)), quota(int64(q.Burst)), quota(int64(q.MaxJobs)), quota(q.MaxBatch))
}

func timeCell(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}
