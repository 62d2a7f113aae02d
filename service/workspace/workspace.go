package workspace

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/service/access"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/drills"
	"github.com/wallzero/wallzero/service/jobs"
	"github.com/wallzero/wallzero/store"
)

// Store keeps the workspace's rows; every method matches the owner
// exactly, so another key's rows are store.ErrNotFound.
type Store interface {
	CreateCollection(ctx context.Context, owner int64, name string) (*store.Collection, error)
	Collections(ctx context.Context, owner int64) ([]store.Collection, error)
	Collection(ctx context.Context, owner int64, id string) (*store.Collection, error)
	RenameCollection(ctx context.Context, owner int64, id, name string) (*store.Collection, error)
	DeleteCollection(ctx context.Context, owner int64, id string) error
	Players(ctx context.Context, owner int64, collection string) ([]store.Player, error)
	CreatePlayer(ctx context.Context, owner int64, collection, name string) (*store.Player, error)
	Player(ctx context.Context, owner int64, id string) (*store.Player, error)
	RenamePlayer(ctx context.Context, owner int64, id, name string) (*store.Player, error)
	DeletePlayer(ctx context.Context, owner int64, id string) error
	ImportGames(ctx context.Context, owner int64, collection string, games []store.NewGame) ([]store.ImportedGame, error)
	Games(ctx context.Context, owner int64, f store.GameFilter) ([]store.Game, error)
	CollectionProgress(ctx context.Context, owner int64, id string) (*store.WorkspaceProgress, error)
	CancelCollection(ctx context.Context, owner int64, id string) (int, error)
	AddCards(ctx context.Context, owner int64, game string, cards []store.NewCard) error
	Cards(ctx context.Context, owner int64, player string) ([]store.Card, error)
	AnswerCard(ctx context.Context, owner int64, player, card string, prev, state []byte, due time.Time) (*store.Card, error)
}

var _ Store = (*store.Store)(nil)

// Config holds the workspace's limits and the review defaults it imports at.
type Config struct {
	// Limits bound each imported record.
	Limits analysis.Limits
	// ReviewVisits is the service's review default (the work an import
	// is charged); MaxAttempts caps each review's attempts.
	ReviewVisits int
	MaxAttempts  int
	// MaxImportGames caps the games of one import (0: DefaultMaxImportGames).
	MaxImportGames int
}

// DefaultMaxImportGames is the default Config.MaxImportGames.
const DefaultMaxImportGames = 1000

// Service is the workspace. Safe for concurrent use.
type Service struct {
	cfg   Config
	store Store
	jobs  *jobs.Runner
	sched *drills.Scheduler
	log   *slog.Logger
	now   func() time.Time
}

// New returns the workspace over st (nil: every call answers
// wallzero.CodeUnavailable), reviewing through runner.
func New(cfg Config, st Store, runner *jobs.Runner, log *slog.Logger) *Service {
	cfg.MaxImportGames = cmp.Or(cfg.MaxImportGames, DefaultMaxImportGames)
	return &Service{cfg: cfg, store: st, jobs: runner, sched: drills.NewScheduler(), log: cmp.Or(log, slog.Default()), now: time.Now}
}

// owner is the caller's owner id: its key's, or 0 under -auth off (one
// owner for the whole local run).
func owner(ctx context.Context) int64 { return access.CallerFrom(ctx).Owner() }

var errNoDatabase = &wallzero.Error{Code: wallzero.CodeUnavailable, Message: "the workspace needs the database, and the service runs without one"}

// ready refuses every call without a database.
func (s *Service) ready() error {
	if s == nil || s.store == nil {
		return errNoDatabase
	}
	return nil
}

// storeError maps a store error to a service error naming what (e.g.
// `collection "..."`).
func storeError(err error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrNotFound):
		return &wallzero.Error{Code: wallzero.CodeNotFound, Field: "id", Message: "no " + wallzero.Clip(what, 100), Err: err}
	case errors.Is(err, store.ErrExists):
		return &wallzero.Error{Code: wallzero.CodeConflict, Field: "name", Message: wallzero.Clip(what, 100) + ": the collection already has a player of that name", Err: err}
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		return wallzero.TimeoutOr(err)
	}
	var se *wallzero.Error
	if errors.As(err, &se) {
		return err
	}
	return &wallzero.Error{Code: wallzero.CodeUnavailable, Message: "database: " + err.Error(), Err: err}
}

// checkName validates a collection's or player's name.
func checkName(field, name string) error {
	switch {
	case name == "":
		return wallzero.Invalid(field, "a name is required")
	case len([]rune(name)) > 200:
		return wallzero.Invalid(field, fmt.Sprintf("%d characters, at most 200", len([]rune(name))))
	}
	for _, r := range name {
		if r < ' ' || r == 0x7f {
			return wallzero.Invalid(field, "control characters are not allowed in a name")
		}
	}
	return nil
}
