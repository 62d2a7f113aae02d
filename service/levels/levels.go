// Package levels reads the named engine levels a person plays against:
// models/levels.json, which `training/ratings.py levels` writes from the
// rating list (models/ratings.json). Each level is a player spec (as
// `wallzero match` takes it) with its measured rating, the longest a move
// may take and the player counts it plays. The package holds data only:
// the service plays a level through the player constructor cmd gives it.
package levels

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// File is models/levels.json.
type File struct {
	// Levels are the levels, weakest first.
	Levels []Level `json:"levels"`
	// Anchor is the rating list's zero (voronoi-hard).
	Anchor string `json:"anchor"`
	// Anchors are the players whose games count as a level's anchor games.
	Anchors []string `json:"anchors"`
	// Fitted is the date (YYYY-MM-DD) of the newest match the rating list
	// was fitted on.
	Fitted string `json:"fitted"`
	// Command is what wrote the file.
	Command string `json:"command"`
}

// Level is one named level.
type Level struct {
	// ID names the level in requests ("club").
	ID string `json:"id"`
	// Name is the level's display name ("Club").
	Name string `json:"name"`
	// Spec is the player spec, e.g. "mcts:visits=64,model=models/wallzero.onnx"
	// (model paths relative to the repository root).
	Spec string `json:"spec"`
	// Player is the spec's name on the rating list ("wz-0027 mcts:visits=64,score=1").
	Player string `json:"player"`
	// Rating is the player's rating on the list.
	Rating Rating `json:"rating"`
	// MaxMoveMs is the longest one move may take, in milliseconds.
	MaxMoveMs int `json:"maxMoveMs"`
	// Players are the player counts (2, 3, 4) the level plays.
	Players []int `json:"players"`
}

// Rating is a level's place on the rating list.
type Rating struct {
	// Elo is the Bradley-Terry rating on the Elo scale (anchor 0).
	Elo float64 `json:"elo"`
	// CI95 is its 95% bootstrap interval.
	CI95 [2]float64 `json:"ci95"`
	// Games counts all the player's rated games, AnchorGames those against
	// the anchors.
	Games       int `json:"games"`
	AnchorGames int `json:"anchorGames"`
}

// validID is what a level id may look like: lower case, digits and
// hyphens, as it appears in URLs and requests.
var validID = regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`)

// Parse decodes and checks a levels file: known fields only, at least one
// level, unique well-formed ids, a name and spec each, a positive time
// budget, player counts among 2, 3 and 4.
func Parse(data []byte) (*File, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("levels: %w", err)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	return &f, nil
}

// Load reads and parses the levels file at path. A missing file is an
// error satisfying errors.Is(err, os.ErrNotExist).
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// check validates a decoded file (see Parse).
func (f *File) check() error {
	if len(f.Levels) == 0 {
		return errors.New("levels: no levels")
	}
	seen := map[string]bool{}
	for i, l := range f.Levels {
		at := fmt.Sprintf("levels[%d]", i)
		switch {
		case !validID.MatchString(l.ID):
			return fmt.Errorf("levels: %s.id %q: lower-case letters, digits and hyphens, starting with a letter, at most 32", at, l.ID)
		case seen[l.ID]:
			return fmt.Errorf("levels: %s.id %q: given twice", at, l.ID)
		case strings.TrimSpace(l.Name) == "":
			return fmt.Errorf("levels: %s.name: missing", at)
		case strings.TrimSpace(l.Spec) == "":
			return fmt.Errorf("levels: %s.spec: missing", at)
		case l.MaxMoveMs <= 0:
			return fmt.Errorf("levels: %s.maxMoveMs: %d is not positive", at, l.MaxMoveMs)
		case len(l.Players) == 0:
			return fmt.Errorf("levels: %s.players: empty", at)
		}
		for k, n := range l.Players {
			if n < 2 || n > 4 || k > 0 && n <= l.Players[k-1] {
				return fmt.Errorf("levels: %s.players: %v is not an increasing list of 2, 3 and 4", at, l.Players)
			}
		}
		seen[l.ID] = true
	}
	return nil
}

// Find returns the level with id, or false.
func (f *File) Find(id string) (Level, bool) {
	for _, l := range f.Levels {
		if l.ID == id {
			return l, true
		}
	}
	return Level{}, false
}

// IDs returns the levels' ids, weakest first.
func (f *File) IDs() []string {
	out := make([]string, len(f.Levels))
	for i, l := range f.Levels {
		out[i] = l.ID
	}
	return out
}

// MaxMove returns the level's time budget per move.
func (l Level) MaxMove() time.Duration { return time.Duration(l.MaxMoveMs) * time.Millisecond }

// Plays reports whether the level plays games of n players.
func (l Level) Plays(n int) bool {
	for _, p := range l.Players {
		if p == n {
			return true
		}
	}
	return false
}

// Searches reports whether the level's player searches (an mcts spec),
// so that its moves go through admission control.
func (l Level) Searches() bool {
	kind, _, _ := strings.Cut(l.Spec, ":")
	return kind == "mcts"
}

// Visits returns the search visits one move of the level costs, what
// admission control and the API key's quota count: the visits= of a
// search spec ("mcts:visits=64,..."), 1 for a player that does not search
// (a Voronoi player, the raw policy) or searches by time alone.
func (l Level) Visits() int {
	kind, opts, _ := strings.Cut(l.Spec, ":")
	if kind != "mcts" {
		return 1
	}
	for _, kv := range strings.Split(opts, ",") {
		if v, ok := strings.CutPrefix(kv, "visits="); ok {
			if n, err := strconv.Atoi(v); err == nil && n > 0 {
				return n
			}
		}
	}
	return 1
}
