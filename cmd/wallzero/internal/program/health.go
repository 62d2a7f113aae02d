package program

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Healthcheck GETs path of the server listening on addr (a listen
// address, as `serve -addr`) on this host, for a container's HEALTHCHECK
// in an image without curl. It returns the line to print ("GET URL:
// STATUS") on a 200 answer, and an error otherwise.
func Healthcheck(ctx context.Context, addr, path string, timeout time.Duration) (string, error) {
	url, err := healthURL(addr, path)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	return fmt.Sprintf("GET %s: %s", url, resp.Status), nil
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
