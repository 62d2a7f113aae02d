package program

import (
	"flag"
	"strings"
)

// registerAdmission adds the flags of the admission controller of
// synchronous analyses (docs/admission.md).
func (c *ServeConfig) registerAdmission(fs *flag.FlagSet) {
	a := &c.Svc.Admission
	fs.IntVar(&a.MaxSearches, "max-searches", a.MaxSearches, "synchronous analyses searching at once (the rest wait in a queue or are refused with 503)")
	fs.IntVar(&a.MaxQueue, "max-queue", a.MaxQueue, "synchronous analyses waiting for a search slot at most (-1: none wait)")
	fs.DurationVar(&a.MaxQueueWait, "max-queue-wait", a.MaxQueueWait, "longest estimated wait for a search slot; a request that would wait longer is refused at once with Retry-After")
	fs.IntVar(&a.MaxRequestVisits, "max-request-visits", a.MaxRequestVisits, "largest maxVisits x positions of one /analyze request (413 beyond)")
	s := &c.Svc.Streams
	fs.IntVar(&s.MaxStreams, "max-streams", s.MaxStreams, "streamed analyses open at once in all (503 beyond; 0: twice -max-searches)")
	fs.IntVar(&s.MaxStreamsPerKey, "max-streams-per-key", s.MaxStreamsPerKey, "streamed analyses one client (API key, or address without one) holds open at once (429 beyond)")
	fs.Float64Var(&a.VisitsPerSecond, "assumed-visits-per-second", a.VisitsPerSecond, "search throughput assumed for wait estimates until one is measured")
}

// registerHTTP adds the flags of the HTTP server's hardening.
func (c *ServeConfig) registerHTTP(fs *flag.FlagSet) {
	fs.StringVar(&c.DebugAddr, "debug-addr", "", "serve Go's profiler (/debug/pprof/) on this separate address, e.g. localhost:6060 (empty: off; never expose it publicly)")
	fs.DurationVar(&c.API.StreamWriteTimeout, "stream-write-timeout", c.API.StreamWriteTimeout, "longest one write of a streamed analysis waits for a client that does not read; past it the stream ends and its search is cancelled")
	c.MaxHeaderBytes = 64 << 10
	fs.IntVar(&c.MaxHeaderBytes, "max-header-bytes", c.MaxHeaderBytes, "largest request header block (431 beyond)")
	fs.Func("cors-origins", "comma-separated origins (https://app.example) whose pages may call the API from a browser, or *; empty: CORS off", func(v string) error {
		c.API.CORSOrigins = nil
		for _, o := range strings.Split(v, ",") {
			if o = strings.TrimSpace(o); o != "" {
				c.API.CORSOrigins = append(c.API.CORSOrigins, o)
			}
		}
		return nil
	})
}
