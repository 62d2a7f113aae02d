package access

import (
	"fmt"
	"sync"
	"time"

	"github.com/wallzero/wallzero"
)

// StreamConfig bounds the streamed analyses (POST /v1/analyze with Accept:
// text/event-stream or application/x-ndjson) held open at once. The board
// opens a stream per click and cancels the one before, so a client holds
// one or two; the bounds stop a client (or all of them) from holding
// goroutines, connections and queue places without end.
type StreamConfig struct {
	// MaxStreams caps the streams open in all (503 beyond); zero: twice
	// the search slots, so that streams, which the board opens at every
	// click, never fill the admission queue and the hints of other
	// clients keep their place.
	MaxStreams int
	// MaxStreamsPerKey caps the streams one client holds: its API key, or
	// its address without one (429 beyond).
	MaxStreamsPerKey int
}

// DefaultStreamConfig returns 4 streams per client, and in all twice the
// search slots (MaxStreams zero until WithDefaults).
func DefaultStreamConfig() StreamConfig { return StreamConfig{MaxStreamsPerKey: 4} }

// WithDefaults fills the zero fields of c from the defaults, for a service
// with maxSearches search slots.
func (c StreamConfig) WithDefaults(maxSearches int) StreamConfig {
	d := DefaultStreamConfig()
	c.MaxStreams = orDefault(c.MaxStreams, 2*max(1, maxSearches))
	c.MaxStreamsPerKey = orDefault(c.MaxStreamsPerKey, d.MaxStreamsPerKey)
	return c
}

// StreamStats is a snapshot of the streams for /metrics and tests.
type StreamStats struct {
	// Open counts the streams open now; Clients the clients holding one.
	Open, Clients int
	// MaxStreams and MaxStreamsPerKey are the configured bounds.
	MaxStreams, MaxStreamsPerKey int
	// RefusedGlobal and RefusedKey count the streams refused by each bound
	// since start.
	RefusedGlobal, RefusedKey int64
}

// Streams counts the open streams, in all and per client.
type Streams struct {
	cfg StreamConfig

	mu                        sync.Mutex
	open                      int
	perClient                 map[string]int
	refusedGlobal, refusedKey int64
}

// NewStreams returns the stream bounds (zero fields of cfg: the
// defaults of the default admission; service.New fills them first).
func NewStreams(cfg StreamConfig) *Streams {
	return &Streams{cfg: cfg.WithDefaults(DefaultAdmissionConfig().MaxSearches), perClient: map[string]int{}}
}

// Open counts a new stream of client and returns the function that
// closes it (idempotent); or it refuses the stream: 429
// (wallzero.CodeRateLimited) when the client holds MaxStreamsPerKey
// already, 503 (wallzero.CodeOverloaded) when MaxStreams are open. The
// per-client bound is checked first, so that a client over its own bound
// is told so rather than that the server is full.
func (s *Streams) Open(client string) (closeStream func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if n := s.perClient[client]; n >= s.cfg.MaxStreamsPerKey {
		s.refusedKey++
		return nil, &wallzero.Error{Code: wallzero.CodeRateLimited, RetryAfter: time.Second, Message: fmt.Sprintf(
			"this client (API key, or address without one) has %d streamed analyses open, the most -max-streams-per-key allows; close one first (the board cancels the stream of the last click before opening the next)", n)}
	}
	if s.open >= s.cfg.MaxStreams {
		s.refusedGlobal++
		return nil, &wallzero.Error{Code: wallzero.CodeOverloaded, RetryAfter: time.Second, Message: fmt.Sprintf(
			"the service holds %d streamed analyses, the most -max-streams allows; try again after the Retry-After delay", s.open)}
	}
	s.open++
	s.perClient[client]++
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.open--
			if s.perClient[client]--; s.perClient[client] <= 0 {
				delete(s.perClient, client)
			}
		})
	}, nil
}

// Stats returns a snapshot.
func (s *Streams) Stats() StreamStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return StreamStats{Open: s.open, Clients: len(s.perClient), MaxStreams: s.cfg.MaxStreams, MaxStreamsPerKey: s.cfg.MaxStreamsPerKey,
		RefusedGlobal: s.refusedGlobal, RefusedKey: s.refusedKey}
}
