package program

import (
	"flag"
	"fmt"
	"log/slog"

	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/store"
)

// AuthConfig is the API key configuration of `serve` (docs/auth.md). Its
// zero value (commands without an HTTP server) is -auth off.
type AuthConfig struct {
	mode string // "required" or "off"
	cfg  access.AuthConfig
}

// register adds the -auth and -key-* flags.
func (a *AuthConfig) register(fs *flag.FlagSet) {
	a.cfg = access.DefaultAuthConfig()
	d := &a.cfg.Defaults
	fs.StringVar(&a.mode, "auth", "required", "required: every /v1 request needs `Authorization: Bearer <key>` (make keys with `wallzero keys create`); off: no keys (localhost only, as `make run`)")
	fs.DurationVar(&a.cfg.CacheTTL, "auth-cache-ttl", a.cfg.CacheTTL, "how long a verified key is trusted without asking the database (a revocation takes effect within it)")
	fs.IntVar(&d.VisitsPerSecond, "key-visits-per-second", d.VisitsPerSecond, "default rate of a key: visits x positions per second of synchronous analyses (0: unlimited)")
	fs.IntVar(&d.Burst, "key-burst", d.Burst, "default token bucket size of a key in visits, also the largest single analysis")
	fs.IntVar(&d.MaxJobs, "key-max-jobs", d.MaxJobs, "default cap on a key's queued and running jobs (0: unlimited)")
	fs.Int64Var(&d.MaxBatch, "key-max-batch", d.MaxBatch, "default cap on one job's work, items x visits (0: unlimited)")
}

// check reports a bad -auth value.
func (a *AuthConfig) check() error {
	if a.mode != "" && a.mode != "off" && a.mode != "required" {
		return fmt.Errorf("-auth %q: required or off", a.mode)
	}
	return nil
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
