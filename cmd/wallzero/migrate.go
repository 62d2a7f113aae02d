package main

import (
	"context"
	"fmt"
	"io"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/store"
)

// runMigrate implements `wallzero migrate`: applies the schema
// (migrations/ and River's) and prints the version.
func runMigrate(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("migrate", stderr)
	url := fs.String("database-url", "", "PostgreSQL URL (env DATABASE_URL)")
	force := fs.Int("force", -1, "mark the schema as being at this version without running anything (recovery from a failed migration)")
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	if *url == "" {
		return fmt.Errorf("no database: set -database-url or DATABASE_URL")
	}
	if *force >= 0 {
		if err := store.ForceVersion(*url, *force); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "schema version forced to %d\n", *force)
		return nil
	}
	res, err := store.Migrate(context.Background(), *url)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "schema version %d (applied: %v), river migrations applied: %v\n", res.Version, res.Applied, res.RiverVersions)
	return nil
}
