package workspace

import (
	"context"
)

// Player is a player with the collection they belong to.
type Player struct {
	PlayerRef
	Collection string
}

// CreatePlayer adds a player to a collection (imports also add the names
// they meet).
func (s *Service) CreatePlayer(ctx context.Context, collection string, name string) (*Player, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	if err := checkName("name", name); err != nil {
		return nil, err
	}
	p, err := s.store.CreatePlayer(ctx, owner(ctx), collection, name)
	if err != nil {
		return nil, storeError(err, "collection "+collection)
	}
	return &Player{PlayerRef: PlayerRef{ID: p.ID, Name: p.Name}, Collection: p.CollectionID}, nil
}

// RenamePlayer renames a player.
func (s *Service) RenamePlayer(ctx context.Context, id string, name string) (*Player, error) {
	if err := s.ready(); err != nil {
		return nil, err
	}
	if err := checkName("name", name); err != nil {
		return nil, err
	}
	p, err := s.store.RenamePlayer(ctx, owner(ctx), id, name)
	if err != nil {
		return nil, storeError(err, "player "+id)
	}
	return &Player{PlayerRef: PlayerRef{ID: p.ID, Name: p.Name}, Collection: p.CollectionID}, nil
}

// DeletePlayer deletes a player with every game they played, those games'
// reviews and the drill cards of those games.
func (s *Service) DeletePlayer(ctx context.Context, id string) error {
	if err := s.ready(); err != nil {
		return err
	}
	return storeError(s.store.DeletePlayer(ctx, owner(ctx), id), "player "+id)
}
