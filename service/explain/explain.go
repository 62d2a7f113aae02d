package explain

import (
	"context"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	facts "github.com/wallzero/wallzero/engine/explain"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/engine/player"
)

// Explanation says why a move was good or bad: the facts of the move
// played and of the engine's best move (engine/explain), the win rate the
// difference costs, both lines played out to the end (the paper's Figure
// 6) and one or two plain-English sentences.
type Explanation struct {
	// Text is the explanation in one or two sentences.
	Text string `json:"text" example:"E5-E3 with the wall to the left gives D3 to Blue. E5-E3 with the wall above would not give D3 to Blue; the move played costs 3% of the win rate."`
	// Played explains the move played (at the end of a game: the best
	// move); Best the engine's best move when it differs.
	Played MoveExplanation  `json:"played"`
	Best   *MoveExplanation `json:"best,omitempty"`
	// Loss is the win rate the move played costs against the best move
	// (0..1), from the search; absent when unknown.
	Loss *float32 `json:"loss,omitempty" example:"0.03"`
	// Trade is set when the move with the lower standing keeps the mover
	// nearer to more contested squares (the paper's Case III).
	Trade bool `json:"trade,omitempty"`
} // @name service.Explanation

// MoveExplanation holds the facts of one move and its line played out.
type MoveExplanation struct {
	Move string `json:"move" example:"E5-E3:W"`
	// Sentence says what the move does.
	Sentence string `json:"sentence"`
	Facts    Facts  `json:"facts"`
	// Playout is the move's principal variation played out to the end.
	Playout *Playout `json:"playout,omitempty"`
} // @name service.MoveExplanation

// Facts are what a move changes (see engine/facts.Facts), with squares
// by name and players by colour name.
type Facts struct {
	// Gained and Lost list, per player, the squares that became (stopped
	// being) reachable by that player alone in one turn.
	Gained map[string][]string `json:"gained"`
	Lost   map[string][]string `json:"lost"`
	// SharedGained and SharedLost list the squares that became (stopped
	// being) reachable by both; Unreached those nobody reaches any more.
	SharedGained []string `json:"sharedGained"`
	SharedLost   []string `json:"sharedLost"`
	Unreached    []string `json:"unreached"`
	// Contested lists the squares of contested regions before the move.
	Contested []string `json:"contested"`
	// Sealed lists the regions the move closed, Opened those it reopened.
	Sealed []RegionFact `json:"sealed"`
	Opened []RegionFact `json:"opened"`
	// TerritoryBefore and TerritoryAfter are each player's land.
	TerritoryBefore map[string]int `json:"territoryBefore"`
	TerritoryAfter  map[string]int `json:"territoryAfter"`
	// Nearer gives, per player, the contested squares it reaches in fewer
	// steps than the opponent after the move; Closer and Farther the
	// contested squares the mover now reaches in fewer (more) steps.
	Nearer  map[string][]string `json:"nearer"`
	Closer  []string            `json:"closer"`
	Farther []string            `json:"farther"`
	// StoneWalls lists the mover's stones that block the opponent.
	StoneWalls []StoneWallFact `json:"stoneWalls"`
	// Tempo marks a move that changes nothing of value; TempoCost is the
	// land it gave up (0 or 1).
	Tempo     bool `json:"tempo"`
	TempoCost int  `json:"tempoCost"`
	// Standing is the mover's static standing after the move: land plus
	// contested squares only it reaches, minus the opponent's.
	Standing int `json:"standing"`
	// Zugzwang is set when every reply of the opponent worsens its standing.
	Zugzwang *ZugzwangFact `json:"zugzwang,omitempty"`
} // @name service.Facts

// RegionFact is a sealed or opened region.
type RegionFact struct {
	// Owner is the colour whose land it is, or "none".
	Owner   string   `json:"owner" example:"red"`
	Size    int      `json:"size" example:"4"`
	Squares []string `json:"squares"`
} // @name service.RegionFact

// StoneWallFact is a stone acting as a wall.
type StoneWallFact struct {
	Stone  string   `json:"stone" example:"D1"`
	Blocks []string `json:"blocks"`
} // @name service.StoneWallFact

// ZugzwangFact describes a zugzwang-like position for the opponent.
type ZugzwangFact struct {
	Player  string `json:"player" example:"blue"`
	Replies int    `json:"replies" example:"3"`
} // @name service.ZugzwangFact

// Playout is a line played out to the end of the game: the principal
// variation, then the built-in voronoi-medium player for both sides.
type Playout struct {
	// Moves is the whole line; PVLength of them came from the search.
	Moves    []string `json:"moves"`
	PVLength int      `json:"pvLength"`
	// Territory is the final land of each player; Winner the winner's
	// colour, or "draw".
	Territory map[string]int `json:"territory"`
	Winner    string         `json:"winner" example:"red"`
} // @name service.Playout

// Moves explains played against best in pos, with their
// principal variations (each starting with its move) and the loss of the
// move played in win rate and in points (each negative: unknown). nil
// when a move is not legal. With three or four players the best move is
// named with what the move played cost (facts.Better), without the
// two-player comparison of squares.
func Moves(pos *engine.Position, played, best grid.Move, playedPV, bestPV []grid.Move, loss, points float64) *Explanation {
	a, err := facts.Extract(pos, played)
	if err != nil {
		return nil
	}
	e := &Explanation{Played: moveExplanation(a, pos, playedPV)}
	e.Text = e.Played.Sentence
	if best == played || best.Kind == 0 {
		return e
	}
	b, err := facts.Extract(pos, best)
	if err != nil {
		return e
	}
	be := moveExplanation(b, pos, bestPV)
	e.Best = &be
	if loss >= 0 {
		l := wallzero.Round(float32(loss))
		e.Loss = &l
	}
	if pos.Players() != 2 {
		e.Text += " " + facts.Better(b, loss, points)
		return e
	}
	e.Trade = facts.Compare(a, b).TradeB
	e.Text += " " + facts.Contrast(a, b, loss, points)
	return e
}

// moveExplanation converts the facts of a move and plays its line out.
func moveExplanation(f *facts.Facts, pos *engine.Position, pv []grid.Move) MoveExplanation {
	out := MoveExplanation{Move: f.Move.String(), Sentence: facts.Sentence(f), Facts: factsView(f)}
	if len(pv) == 0 || pv[0] != f.Move {
		pv = append([]grid.Move{f.Move}, pv...)
	}
	out.Playout = playOut(pos, pv)
	return out
}

// factsView names the squares and players of f.
func factsView(f *facts.Facts) Facts {
	v := Facts{Gained: map[string][]string{}, Lost: map[string][]string{}, Nearer: map[string][]string{},
		TerritoryBefore: map[string]int{}, TerritoryAfter: map[string]int{},
		SharedGained: wallzero.SquareNames(f.SharedGained), SharedLost: wallzero.SquareNames(f.SharedLost), Unreached: wallzero.SquareNames(f.Unreached),
		Contested: wallzero.SquareNames(f.Contested), Sealed: []RegionFact{}, Opened: []RegionFact{}, StoneWalls: []StoneWallFact{},
		Closer: wallzero.SquareNames(f.Distance.Closer), Farther: wallzero.SquareNames(f.Distance.Farther),
		Tempo: f.Tempo, TempoCost: f.TempoCost, Standing: f.StandingAfter}
	for c := 0; c < f.Players; c++ {
		name := grid.Color(c).String()
		v.Gained[name], v.Lost[name] = wallzero.SquareNames(f.Gained[c]), wallzero.SquareNames(f.Lost[c])
		v.Nearer[name] = wallzero.SquareNames(f.Distance.NearerAfter[c])
		v.TerritoryBefore[name], v.TerritoryAfter[name] = f.ScoreBefore[c], f.ScoreAfter[c]
	}
	region := func(r facts.Region) RegionFact {
		owner := "none"
		if r.Owner != grid.NoColor {
			owner = r.Owner.String()
		}
		return RegionFact{Owner: owner, Size: r.Size(), Squares: wallzero.SquareNames(r.Squares)}
	}
	for _, r := range f.Sealed {
		v.Sealed = append(v.Sealed, region(r))
	}
	for _, r := range f.Opened {
		v.Opened = append(v.Opened, region(r))
	}
	for _, w := range f.StoneWalls {
		v.StoneWalls = append(v.StoneWalls, StoneWallFact{Stone: w.Stone.String(), Blocks: wallzero.SquareNames(w.Blocks)})
	}
	if z := f.Zugzwang; z != nil {
		v.Zugzwang = &ZugzwangFact{Player: z.Player.String(), Replies: z.Replies}
	}
	return v
}

// playoutSeed fixes the continuation player's randomness, so the same
// line always plays out the same way.
const playoutSeed = 13

// playOut plays line from pos (stopping at the first illegal move), then
// lets voronoi-medium play both sides to the end.
func playOut(pos *engine.Position, line []grid.Move) *Playout {
	p := *pos
	out := &Playout{Moves: []string{}, Territory: map[string]int{}}
	for _, m := range line {
		if p.IsOver() || p.Play(m) != nil {
			break
		}
		out.Moves = append(out.Moves, m.String())
	}
	out.PVLength = len(out.Moves)
	players := make([]player.Player, p.Players())
	for c := range players {
		pl, err := player.New("voronoi-medium", playoutSeed+uint64(c))
		if err != nil {
			return nil
		}
		players[c] = pl
	}
	ctx := context.Background()
	for ply := 0; !p.IsOver() && ply < 1000; ply++ {
		m, err := players[p.ToMove()].ChooseMove(ctx, &p)
		if err != nil || p.Play(m) != nil {
			return nil
		}
		out.Moves = append(out.Moves, m.String())
	}
	res := p.Result()
	for c := 0; c < p.Players(); c++ {
		out.Territory[grid.Color(c).String()] = res.Score[c]
	}
	out.Winner = "draw"
	if w := res.Winner(); w != grid.NoColor {
		out.Winner = w.String()
	}
	return out
}
