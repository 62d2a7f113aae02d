package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
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
	url, err := healthURL(*addr, *path)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	fmt.Fprintf(stdout, "GET %s: %s\n", url, resp.Status)
	return nil
}

// healthURL turns a listen address into the URL a local check GETs.
func healthURL(addr, path string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("-addr %q: %v", addr, err)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port) + path, nil
}
