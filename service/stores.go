package service

import (
	"context"

	"github.com/wallzero/wallzero/service/explorer"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/store"
)

// Store is everything the service keeps in the database, as the small
// interfaces its packages declare beside their code (jobs.Store with the
// analysis cache, explorer.ExplorerStore) and a readiness ping;
// *store.Store implements it. The service and its packages use store's
// record types but never the concrete store, so they hold no SQL and a
// test may hand them any implementation.
type Store interface {
	jobs.Store
	explorer.ExplorerStore
	// Ping checks the database is reachable (readiness).
	Ping(ctx context.Context) error
}

var _ Store = (*store.Store)(nil)
