package memstore

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strconv"

	"github.com/wallzero/wallzero/store"
)

// keyRow is a row of api_keys.
type keyRow struct {
	key       store.APIKey
	tokenHash []byte
}

// keyName is the api_keys name constraint: 1 to 64 of [A-Za-z0-9._-],
// not all digits.
var (
	keyName   = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)
	allDigits = regexp.MustCompile(`^[0-9]+$`)
)

// copyKey returns a copy of k that shares nothing with it.
func copyKey(k *store.APIKey) *store.APIKey {
	c := *k
	c.RevokedAt, c.LastUsedAt = copyTime(k.RevokedAt), copyTime(k.LastUsedAt)
	return &c
}

// key returns the key with the given id, or nil; the caller holds s.mu.
func (s *Store) key(id int64) *keyRow {
	if id < 1 || id > int64(len(s.keys)) {
		return nil
	}
	return s.keys[id-1]
}

// CreateKey stores a new key under name with the SHA-256 of its token.
// Like store.Store it returns store.ErrNameTaken when an active key has
// the name, and also when a key has the same token hash (PostgreSQL
// reports both as the same unique violation).
func (s *Store) CreateKey(ctx context.Context, name string, tokenHash []byte, q store.KeyQuotas) (*store.APIKey, error) {
	if err := s.usable(ctx); err != nil {
		return nil, fmt.Errorf("memstore: create key: %w", err)
	}
	switch {
	case !keyName.MatchString(name) || allDigits.MatchString(name):
		return nil, fmt.Errorf("memstore: create key: name %q must be 1 to 64 letters, digits, '.', '_' or '-', not all digits", name)
	case len(tokenHash) != 32:
		return nil, fmt.Errorf("memstore: create key: token hash of %d bytes, want 32", len(tokenHash))
	case q.VisitsPerSecond < 0 || q.Burst < 0 || q.MaxJobs < 0 || q.MaxBatch < 0:
		return nil, fmt.Errorf("memstore: create key: quotas %+v must not be negative", q)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.keys {
		if bytes.Equal(r.tokenHash, tokenHash) || r.key.Name == name && r.key.RevokedAt == nil {
			return nil, store.ErrNameTaken
		}
	}
	r := &keyRow{key: store.APIKey{ID: int64(len(s.keys)) + 1, Name: name, Quotas: q, CreatedAt: now()}, tokenHash: clone(tokenHash)}
	s.keys = append(s.keys, r)
	return copyKey(&r.key), nil
}

// KeyByHash returns the key whose token has the given SHA-256, revoked or
// not (store.ErrNotFound if none).
func (s *Store) KeyByHash(ctx context.Context, tokenHash []byte) (*store.APIKey, error) {
	if err := s.usable(ctx); err != nil {
		return nil, fmt.Errorf("memstore: key: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.keys {
		if bytes.Equal(r.tokenHash, tokenHash) {
			return copyKey(&r.key), nil
		}
	}
	return nil, store.ErrNotFound
}

// Keys lists every key, revoked ones included, oldest first.
func (s *Store) Keys(ctx context.Context) ([]store.APIKey, error) {
	if err := s.usable(ctx); err != nil {
		return nil, fmt.Errorf("memstore: keys: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []store.APIKey
	for _, r := range s.keys {
		out = append(out, *copyKey(&r.key))
	}
	return out, nil
}

// RevokeKey revokes the active key with the given id (all digits) or
// name and returns it; store.ErrNotFound when no active key matches.
func (s *Store) RevokeKey(ctx context.Context, idOrName string) (*store.APIKey, error) {
	if err := s.usable(ctx); err != nil {
		return nil, fmt.Errorf("memstore: revoke key: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id, err := strconv.ParseInt(idOrName, 10, 64)
	byID := err == nil
	for _, r := range s.keys {
		if r.key.RevokedAt == nil && (byID && r.key.ID == id || !byID && r.key.Name == idOrName) {
			t := now()
			r.key.RevokedAt = &t
			return copyKey(&r.key), nil
		}
	}
	return nil, store.ErrNotFound
}

// TouchKey records that the key was just used (nothing if there is no
// such key).
func (s *Store) TouchKey(ctx context.Context, id int64) error {
	if err := s.usable(ctx); err != nil {
		return fmt.Errorf("memstore: touch key: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.key(id); r != nil {
		t := now()
		r.key.LastUsedAt = &t
	}
	return nil
}
