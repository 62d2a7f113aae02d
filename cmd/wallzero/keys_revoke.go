package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/wallzero/wallzero/store"
)

// keysRevoke implements `wallzero keys revoke ID|NAME`.
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
