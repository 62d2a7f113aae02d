package program

import (
	"flag"
	"fmt"
	"log/slog"
	"net"

	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/store"
)

// AuthConfig is the API key configuration of `serve` (docs/auth.md). Its
// zero value (commands without an HTTP server) is -auth off.
type AuthConfig struct {
	mode string // "required" or "off"
	// offAnywhere allows -auth off on an address other than loopback.
	offAnywhere bool
	cfg         access.AuthConfig
}

// register adds the -auth and -key-* flags.
func (a *AuthConfig) register(fs *flag.FlagSet) {
	a.cfg = access.DefaultAuthConfig()
	d := &a.cfg.Defaults
	fs.StringVar(&a.mode, "auth", "required", "required: every /v1 request needs `Authorization: Bearer <key>` (make keys with `wallzero keys create`); off: no keys (on a loopback -addr only, as `make run`, unless -auth-off-anywhere)")
	fs.BoolVar(&a.offAnywhere, "auth-off-anywhere", false, "allow -auth off on an -addr that is not loopback (every interface, or a named host): anyone who reaches the port can read and delete every job")
	fs.DurationVar(&a.cfg.CacheTTL, "auth-cache-ttl", a.cfg.CacheTTL, "how long a verified key is trusted without asking the database (a revocation takes effect within it)")
	fs.IntVar(&d.VisitsPerSecond, "key-visits-per-second", d.VisitsPerSecond, "default rate of a key: visits x positions per second of synchronous analyses (0: unlimited)")
	fs.IntVar(&d.Burst, "key-burst", d.Burst, "default token bucket size of a key in visits, also the largest single analysis")
	fs.IntVar(&d.MaxJobs, "key-max-jobs", d.MaxJobs, "default cap on a key's queued and running jobs (0: unlimited)")
	fs.Int64Var(&d.MaxBatch, "key-max-batch", d.MaxBatch, "default cap on one job's work, items x visits (0: unlimited)")
}

// check reports a bad -auth value, and -auth off on an HTTP listen
// address (addr; empty: no HTTP server) that other machines may reach,
// unless -auth-off-anywhere says so on purpose.
func (a *AuthConfig) check(addr string) error {
	if a.mode != "" && a.mode != "off" && a.mode != "required" {
		return fmt.Errorf("-auth %q: required or off", a.mode)
	}
	if a.mode == "off" && addr != "" && !a.offAnywhere && !loopback(addr) {
		return fmt.Errorf("-auth off on -addr %q, which is not a loopback address: anyone who reaches it could use the service without a key; "+
			"listen on 127.0.0.1 (-addr 127.0.0.1:8080), use -auth required, or pass -auth-off-anywhere to serve without keys on purpose", addr)
	}
	return nil
}

// loopback reports whether a listen address (host:port) takes connections
// from this machine only: localhost or a loopback IP. An empty host
// listens on every interface.
func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// newAuth returns the key verifier the flags ask for: nil for off.
func (a *AuthConfig) newAuth(st *store.Store, log *slog.Logger) *access.Auth {
	if a.mode != "required" {
		return nil
	}
	cfg := a.cfg
	cfg.Logger = log
	return access.NewAuth(st, cfg)
}
