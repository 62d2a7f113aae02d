package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/store"
)

// keysCreate implements `wallzero keys create`: a new key with its
// quotas; its token is printed once.
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
	token, k, err := access.CreateKey(context.Background(), st, name, q)
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
