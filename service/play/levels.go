package play

import (
	"fmt"
	"strings"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/levels"
)

// LevelsView is the answer of GET /v1/levels: the named levels a person can
// play against, weakest first.
type LevelsView struct {
	// Levels are the levels, weakest first; empty when the service has
	// none (Note says why).
	Levels []LevelInfo `json:"levels"`
	// Anchor is the player rated 0 on the rating list the ratings come
	// from (voronoi-hard).
	Anchor string `json:"anchor,omitempty" example:"voronoi-hard"`
	// Fitted is the date of the newest match the ratings were fitted on.
	Fitted string `json:"fitted,omitempty" example:"2026-12-02"`
	// Note says why there are no levels.
	Note string `json:"note,omitempty" example:"no levels: models/levels.json not found"`
} // @name service.LevelsView

// LevelInfo describes one level.
type LevelInfo struct {
	// ID names the level in POST /v1/play.
	ID string `json:"id" example:"club"`
	// Name is its display name.
	Name string `json:"name" example:"Club"`
	// Elo is its rating (Bradley-Terry, Elo scale, the anchor at 0).
	Elo float64 `json:"elo" example:"0"`
	// CI95 is the rating's 95% bootstrap interval.
	CI95 [2]float64 `json:"ci95"`
	// Games counts the level's rated games, AnchorGames those against the
	// rating list's anchors.
	Games       int `json:"games" example:"6620"`
	AnchorGames int `json:"anchorGames" example:"420"`
	// MaxMoveMs is the longest the level thinks about one move.
	MaxMoveMs int `json:"maxMoveMs" example:"1000"`
	// Players are the player counts the level plays.
	Players []int `json:"players" example:"2,3,4"`
} // @name service.LevelInfo

// Config is what POST /v1/play needs.
type Config struct {
	// Levels are the named levels (nil: none) and NewPlayer builds their
	// players from their specs.
	Levels    *levels.File
	NewPlayer player.Constructor
	// Note says why there are no levels when Levels is nil.
	Note string
	// Limits bound the records played.
	Limits analysis.Limits
	// Admission charges the caller and admits the searching levels.
	Admission analysis.Admission
	// Gate marks a searching level as an interactive analysis.
	Gate *analysis.Gate
}

// Service plays moves at the named levels. Safe for concurrent use.
type Service struct {
	levels    *levels.File
	newPlayer player.Constructor
	note      string
	limits    analysis.Limits
	adm       analysis.Admission
	gate      *analysis.Gate
}

// New returns the levels of cfg ready to play. Levels without a
// constructor cannot be played, so they count as none.
func New(cfg Config) *Service {
	s := &Service{levels: cfg.Levels, newPlayer: cfg.NewPlayer, note: cfg.Note, limits: cfg.Limits, adm: cfg.Admission, gate: cfg.Gate}
	if s.levels != nil && s.newPlayer == nil {
		s.levels, s.note = nil, "no levels: the service was started without a player constructor"
	}
	if s.levels == nil && s.note == "" {
		s.note = "no levels are configured"
	}
	return s
}

// Levels describes the levels the service plays at.
func (s *Service) Levels() LevelsView {
	f := s.levels
	if f == nil {
		return LevelsView{Levels: []LevelInfo{}, Note: s.note}
	}
	v := LevelsView{Levels: make([]LevelInfo, len(f.Levels)), Anchor: f.Anchor, Fitted: f.Fitted}
	for i, l := range f.Levels {
		v.Levels[i] = LevelInfo{ID: l.ID, Name: l.Name, Elo: l.Rating.Elo, CI95: l.Rating.CI95, Games: l.Rating.Games,
			AnchorGames: l.Rating.AnchorGames, MaxMoveMs: l.MaxMoveMs, Players: l.Players}
	}
	return v
}

// level returns the level named id, or an error naming the field "level"
// that lists the valid ids (or says why there are none).
func (s *Service) level(id string) (levels.Level, error) {
	f := s.levels
	if f == nil {
		return levels.Level{}, wallzero.Invalid("level", fmt.Sprintf("unknown level %q: the service has no levels (%s)", wallzero.Clip(id, 40), s.note))
	}
	if l, ok := f.Find(id); ok {
		return l, nil
	}
	valid := strings.Join(f.IDs(), ", ")
	if id == "" {
		return levels.Level{}, wallzero.Invalid("level", "missing: one of "+valid)
	}
	return levels.Level{}, wallzero.Invalid("level", fmt.Sprintf("unknown level %q: one of %s", wallzero.Clip(id, 40), valid))
}
