package access

import (
	"context"

	"github.com/wallzero/wallzero/store"
)

// KeyStore holds the API keys that Auth verifies.
type KeyStore interface {
	// KeyByHash returns the key of a token's hash (store.ErrNotFound if
	// none).
	KeyByHash(ctx context.Context, tokenHash []byte) (*store.APIKey, error)
	// TouchKey records a key's last use.
	TouchKey(ctx context.Context, id int64) error
}

// KeyMaker creates API keys (CreateKey).
type KeyMaker interface {
	CreateKey(ctx context.Context, name string, tokenHash []byte, q store.KeyQuotas) (*store.APIKey, error)
}

var (
	_ KeyStore = (*store.Store)(nil)
	_ KeyMaker = (*store.Store)(nil)
)
