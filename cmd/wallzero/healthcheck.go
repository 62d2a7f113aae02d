package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
)

// The subcommand registers itself here rather than in main.go's table.
func init() {
	commands["healthcheck"] = command{"GET /healthz of the local server, exit 0 on 200 (container HEALTHCHECK)", runHealthcheck}
}

// runHealthcheck implements `wallzero healthcheck`: GET /healthz (or
// -path) of the server listening on -addr (env WALLZERO_ADDR, as `serve`)
// on this host, for a container's HEALTHCHECK in an image without curl.
// It exits 0 on a 200 answer and 1 otherwise.
func runHealthcheck(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("healthcheck", stderr)
	addr := fs.String("addr", ":8080", "the server's listen address, as `serve -addr` (env WALLZERO_ADDR); an empty host means 127.0.0.1")
	path := fs.String("path", "/healthz", "the path to GET")
	timeout := fs.Duration("timeout", 3*time.Second, "how long to wait for the answer")
	if err := program.ParseWithEnv(fs, args); err != nil {
		return err
	}
	status, err := program.Healthcheck(context.Background(), *addr, *path, *timeout)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, status)
	return nil
}
