package explorer

import (
	"context"

	"github.com/wallzero/wallzero/store"
)

// ExplorerStore is the opening explorer's table (docs/openings.md);
// *store.Store implements it. An explorer without one answers with
// wallzero.CodeUnavailable.
type ExplorerStore interface {
	SaveExplorerPositions(ctx context.Context, key store.ExplorerKey, rows ...store.ExplorerPosition) error
	ExplorerPositions(ctx context.Context, key store.ExplorerKey, hashes []uint64) (map[uint64]store.ExplorerPosition, error)
	ExplorerSize(ctx context.Context, key store.ExplorerKey) (store.ExplorerSize, error)
	AddFrequentOpenings(ctx context.Context, key store.ExplorerKey, games, visits int, rows []store.FrequentOpening) error
	FrequentOpenings(ctx context.Context, key store.ExplorerKey, limit int) ([]store.FrequentOpening, store.SelfplayTotals, error)
}

var _ ExplorerStore = (*store.Store)(nil)
