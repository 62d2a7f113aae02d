package winrate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

// Suffix names a model's calibration file: the model's path with
// Suffix in place of ".onnx" (models/wallzero-int8.onnx has
// models/wallzero-int8.calibration.json).
const Suffix = ".calibration.json"

// PathFor returns the calibration file that belongs beside a model file.
func PathFor(model string) string {
	return strings.TrimSuffix(model, ".onnx") + Suffix
}

// File is a model's win-rate calibration: for each kind of position
// (player count, opening, phase), a map from the search's win rate to the
// chance that the engine, playing on at the service's settings, wins.
// `wallzero calibration fit` writes it from self-play games.
type File struct {
	// Model is the model ID the calibration was fitted for; a file whose
	// model is not the loaded one is refused.
	Model string `json:"model"`
	// Visits is the search budget of the fit games' analyses (the
	// service's default).
	Visits int `json:"visits"`
	// Groups are the fitted maps, one per kind of position.
	Groups []Group `json:"groups"`

	// id names the file's content (Check sets it; ID).
	id string
}

// ID names the calibration: the model and a digest of the file's
// content, so that answers and cached analyses say which maps made their
// win rates. It is set by Check (Load calls it).
func (f *File) ID() string {
	if f.id == "" {
		return f.Model
	}
	return f.id
}

// Group is the calibration of one kind of position.
type Group struct {
	// Players, Opening and Phase select the positions: the player count,
	// the opening of the rules (empty or four-stone) and the phase (setup
	// or play).
	Players int            `json:"players"`
	Opening engine.Opening `json:"opening"`
	Phase   string         `json:"phase"`
	// FromRound and ToRound, when ToRound is above zero, narrow the group
	// to the play phase's rounds FromRound to ToRound-1, a round being
	// one move of each player (Kind.Round): the values' error changes as
	// a game goes on. ToRound 0 leaves the rounds open from FromRound.
	FromRound int `json:"fromRound,omitempty"`
	ToRound   int `json:"toRound,omitempty"`
	// Mover, when set, narrows the group to positions with that colour to
	// move: the search's mean over its visits counts the moves it tried
	// and rejected, which pulls the mover's estimate down, so that the
	// error of a win rate depends on who is to move.
	Mover string `json:"mover,omitempty"`
	// Seats holds the maps: with two players one, on Red's win rate (Blue's
	// is its complement); with three or four players one per seat, whose
	// results are then scaled to sum to one.
	Seats []Platt `json:"seats"`
	// Games and Positions count the fit's data.
	Games     int `json:"games"`
	Positions int `json:"positions"`
}

// Platt maps a predicted probability p to sigmoid(A*logit(p) + B): A above
// one spreads win rates away from one half, B shifts them towards a seat.
type Platt struct {
	A float64 `json:"a"`
	B float64 `json:"b"`
}

// edge bounds the probabilities the map takes a logit of; values at or
// beyond it (proven and finished positions) pass through unchanged.
const edge = 1e-6

// Apply maps p by the Platt map.
func (m Platt) Apply(p float64) float64 {
	if p <= edge || p >= 1-edge || math.IsNaN(p) {
		return p
	}
	return sigmoid(m.A*logit(p) + m.B)
}

func logit(p float64) float64   { return math.Log(p / (1 - p)) }
func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Load reads and checks a calibration file.
func Load(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := f.Check(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &f, nil
}

// Check validates every group: a known player count and phase, one map
// (two players) or one per seat, and maps that keep the order of win
// rates (A > 0).
func (f *File) Check() error {
	if f.Model == "" {
		return errors.New("model is required")
	}
	for i, g := range f.Groups {
		want := g.Players
		if g.Players == 2 {
			want = 1
		}
		switch {
		case g.Players < 2 || g.Players > grid.MaxPlayers:
			return fmt.Errorf("groups[%d]: players %d: want 2 to %d", i, g.Players, grid.MaxPlayers)
		case g.Phase != engine.Setup.String() && g.Phase != engine.Play.String():
			return fmt.Errorf("groups[%d]: phase %q: want setup or play", i, g.Phase)
		case len(g.Seats) != want:
			return fmt.Errorf("groups[%d]: %d maps for %d players, want %d", i, len(g.Seats), g.Players, want)
		case g.Mover != "" && !validMover(g.Mover, g.Players):
			return fmt.Errorf("groups[%d]: mover %q: want a colour of the %d players", i, g.Mover, g.Players)
		case g.FromRound < 0 || g.ToRound < 0 || g.ToRound > 0 && g.ToRound <= g.FromRound:
			return fmt.Errorf("groups[%d]: rounds %d to %d: want 0 <= fromRound < toRound, or toRound 0 for no end", i, g.FromRound, g.ToRound)
		}
		for j, s := range g.Seats {
			if !(s.A > 0) || math.IsInf(s.A, 0) || math.IsNaN(s.B) || math.IsInf(s.B, 0) {
				return fmt.Errorf("groups[%d].seats[%d]: a must be positive and finite, b finite", i, j)
			}
		}
	}
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(b)
	f.id = f.Model + "/" + hex.EncodeToString(sum[:4])
	return nil
}

// Kind is what selects a position's calibration: its player count,
// opening, phase and round.
type Kind struct {
	Players int
	Opening engine.Opening
	Phase   engine.Phase
	// Round is the number of whole rounds played: the ply divided by the
	// player count.
	Round int
	// Mover is the colour to move.
	Mover grid.Color
}

// KindOf returns the kind of pos.
func KindOf(pos *engine.Position) Kind {
	r := pos.Rules()
	return Kind{Players: r.Players, Opening: r.Opening, Phase: pos.Phase(), Round: pos.Ply() / r.Players, Mover: pos.ToMove()}
}

// Holds reports whether the group calibrates positions of kind k.
func (g *Group) Holds(k Kind) bool {
	return g.Players == k.Players && g.Phase == k.Phase.String() && (g.Opening == "" || g.Opening == k.Opening) &&
		k.Round >= g.FromRound && (g.ToRound == 0 || k.Round < g.ToRound) && (g.Mover == "" || g.Mover == k.Mover.String())
}

// group returns the calibration of positions of kind k, or nil.
func (f *File) group(k Kind) *Group {
	if f == nil {
		return nil
	}
	for i := range f.Groups {
		if g := &f.Groups[i]; g.Holds(k) {
			return g
		}
	}
	return nil
}

// Covers reports whether the file calibrates positions of kind k.
func (f *File) Covers(k Kind) bool { return f.group(k) != nil }

// Seats maps every seat's expected result in a position of kind k
// (indexed by colour) to its calibrated value, in place. A position the
// file does not cover, and a proven or finished one (a value at 0 or 1),
// keeps its values.
func (f *File) Seats(k Kind, v []float32) { f.group(k).seats(k.Players, v) }

// seats is Seats with the group found (nil: none).
func (g *Group) seats(n int, v []float32) {
	if g == nil || len(v) < n {
		return
	}
	for _, x := range v[:n] {
		if x <= edge || x >= 1-edge {
			return
		}
	}
	if n == 2 {
		red := g.Seats[0].Apply(float64(v[grid.Red]))
		v[grid.Red], v[grid.Blue] = float32(red), float32(1-red)
		return
	}
	var out [grid.MaxPlayers]float64
	var sum float64
	for c := range n {
		out[c] = g.Seats[c].Apply(float64(v[c]))
		sum += out[c]
	}
	for c := range n {
		v[c] = float32(out[c] / sum)
	}
}

// Seat maps one seat's expected result in a position of kind k (a move's
// win rate, or its confidence bound) to its calibrated value. With two
// players it is exact (Red's map, or its mirror for Blue); with three or
// four it is that seat's map alone, without the scaling Seats applies
// across seats.
func (f *File) Seat(k Kind, c grid.Color, p float32) float32 {
	return f.group(k).seat(k.Players, c, p)
}

// seat is Seat with the group found (nil: none).
func (g *Group) seat(players int, c grid.Color, p float32) float32 {
	if g == nil || p <= edge || p >= 1-edge {
		return p
	}
	if players == 2 {
		red := float64(p)
		if c != grid.Red {
			red = 1 - red
		}
		red = g.Seats[0].Apply(red)
		if c != grid.Red {
			red = 1 - red
		}
		return float32(red)
	}
	if int(c) >= len(g.Seats) {
		return p
	}
	return float32(g.Seats[c].Apply(float64(p)))
}

// validMover reports whether name is the colour of one of players.
func validMover(name string, players int) bool {
	c, err := grid.ParseColor(name)
	return err == nil && c != grid.NoColor && int(c) < players
}

// Map calibrates what a search says of the mover's result in a position
// of kind k: own, the mover's win rate, and all, every seat's (nil with
// two players). With three or four players the mover's calibrated win
// rate is its entry of the calibrated seats, so that the two agree. A
// nil file, or a kind it does not cover, returns them unchanged (all is
// never modified in place).
func (f *File) Map(k Kind, own float32, all []float32) (float32, []float32) {
	g := f.group(k)
	if g == nil {
		return own, all
	}
	if all == nil {
		return g.seat(k.Players, k.Mover, own), nil
	}
	out := append([]float32(nil), all...)
	g.seats(k.Players, out)
	if int(k.Mover) < len(out) {
		return out[k.Mover], out
	}
	return g.seat(k.Players, k.Mover, own), out
}
