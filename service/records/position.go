package records

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/analysis"
)

// PositionView is the state of a game record's final position with every
// legal move, for a board that keeps no rules of its own (POST
// /v1/position): it offers exactly LegalMoves and draws Board.
type PositionView struct {
	// Rules are the record's rules, normalized (defaults filled in).
	Rules engine.Rules `json:"rules"`
	// Plies is the number of moves replayed.
	Plies int `json:"plies" example:"12"`
	// Board is the final position as an explicit diagram (stones, walls
	// with their builders, player to move, phase, breaks used): sent back
	// as a record's board it gives the same position.
	Board engine.Diagram `json:"board"`
	// Phase is the final position's phase.
	Phase string `json:"phase" enums:"setup,play,over" example:"play"`
	// ToMove is the player to act; empty when the game is over.
	ToMove string `json:"toMove,omitempty" enums:"red,blue,green,yellow" example:"blue"`
	// MidTurn is true right after a wall break (three players): the same
	// player must now make its turn.
	MidTurn bool `json:"midTurn"`
	// Setup counts the placements made and the placements of the whole
	// setup phase (the four-stone opening's preset stones excluded).
	Setup SetupProgress `json:"setup"`
	// LegalMoves lists every legal move of the player to move in the
	// project's notation ("C3", "E5-E4:N", "xD4:E"); empty when the game is
	// over.
	LegalMoves []string `json:"legalMoves" example:"C3,C4,E5"`
	// Movers holds who made each move of the record, in order.
	Movers []string `json:"movers" example:"red,blue"`
	// Skipped lists the turns that were skipped (docs/rules.md, "Skipped
	// turns"), in order; empty when none was.
	Skipped []SkippedTurns `json:"skipped"`
	// Territory is the land each player has closed so far: the size of the
	// regions holding stones of that player only.
	Territory map[string]int `json:"territory"`
	// Result is the outcome; only when the game is over.
	Result *PositionResult `json:"result,omitempty"`
} // @name service.PositionView

// SetupProgress counts the placements of the setup phase.
type SetupProgress struct {
	// Done is the number of placements made.
	Done int `json:"done" example:"6"`
	// Total is the number of placements of the setup phase.
	Total int `json:"total" example:"8"`
} // @name service.SetupProgress

// SkippedTurns names the players whose turns were passed over right after
// one move: they had no legal turn, or (three or four players) all their
// stones sat in land of their own.
type SkippedTurns struct {
	// Ply is the number of moves played when the turns were skipped (1:
	// right after the first move).
	Ply int `json:"ply" example:"9"`
	// Players are the skipped players, in turn order.
	Players []string `json:"players" example:"green"`
} // @name service.SkippedTurns

// PositionResult is the outcome of a finished game.
type PositionResult struct {
	// Scores is each player's total: the size of its land.
	Scores map[string]int `json:"scores"`
	// LargestRegion is the size of each player's largest single region of
	// land, which breaks ties under the largest-region tie break.
	LargestRegion map[string]int `json:"largestRegion"`
	// Winners lists the winning players: one, or several sharing a draw.
	Winners []string `json:"winners" example:"red"`
	// DecidedBy says what decided the game: "score" (one player has the
	// highest total), "largest-region" (equal totals, the larger single
	// region won) or "draw" (the win is shared).
	DecidedBy string `json:"decidedBy" enums:"score,largest-region,draw" example:"score"`
} // @name service.PositionResult

// PositionOf replays rec within limits and describes its final position:
// its state, its legal moves, who made each move, the skipped turns, the
// land closed so far and, at the end, the result. Errors are *wallzero.Error values
// naming the field by its JSON path: "moves" (wallzero.CodeTooLarge past
// limits.MaxMoves), "moves[4]", "rules.players", "board.walls[2]".
func PositionOf(rec engine.Record, limits analysis.Limits) (*PositionView, error) {
	prep, err := analysis.ReplayRecord(rec, limits)
	if err != nil {
		return nil, err
	}
	g := prep.Game
	p := &g.Final
	done, total := p.SetupPlacements()
	v := &PositionView{
		Rules:      g.Rules,
		Plies:      len(g.Moves),
		Board:      engine.DiagramOf(p),
		Phase:      p.Phase().String(),
		MidTurn:    p.MidTurn(),
		Setup:      SetupProgress{Done: done, Total: total},
		LegalMoves: []string{},
		Movers:     make([]string, len(g.Movers)),
		Skipped:    skippedTurns(prep),
		Territory:  territory(p),
	}
	if !p.IsOver() {
		v.ToMove = p.ToMove().String()
	}
	for _, m := range p.LegalMoves(make([]grid.Move, 0, engine.MaxMoves)) {
		v.LegalMoves = append(v.LegalMoves, m.String())
	}
	for i, c := range g.Movers {
		v.Movers[i] = c.String()
	}
	if p.IsOver() {
		v.Result = positionResult(p)
	}
	return v, nil
}

// skippedTurns returns, for each move of the game after which the turn passed over
// players, who they were. The engine hands the turn on in colour order from
// the mover (from the last colour when the setup phase ends, so that Red's
// turn comes first) to the first player who is not skipped: every colour
// passed on the way was skipped. A placement within the setup phase, a
// break that leaves its player mid-turn and the game's last move skip
// nobody.
func skippedTurns(prep *analysis.Prepared) []SkippedTurns {
	out := []SkippedTurns{}
	positions := prep.Positions
	for i, mover := range prep.Game.Movers {
		before, after := &positions[i], &positions[i+1]
		if after.Phase() != engine.Play || after.MidTurn() {
			continue
		}
		from := mover
		if before.Phase() == engine.Setup {
			from = grid.Color(after.Players() - 1)
		}
		var players []string
		for k := 1; k <= after.Players(); k++ {
			c := grid.Color((int(from) + k) % after.Players())
			if c == after.ToMove() {
				break
			}
			players = append(players, c.String())
		}
		if len(players) > 0 {
			out = append(out, SkippedTurns{Ply: i + 1, Players: players})
		}
	}
	return out
}

// positionResult describes the outcome of the finished position p.
func positionResult(p *engine.Position) *PositionResult {
	r := p.Result()
	res := &PositionResult{Scores: map[string]int{}, LargestRegion: map[string]int{}, Winners: []string{}, DecidedBy: "score"}
	for c := grid.Color(0); c < grid.Color(p.Players()); c++ {
		res.Scores[c.String()] = r.Score[c]
		res.LargestRegion[c.String()] = r.Largest[c]
		if r.Winners>>uint(c)&1 != 0 {
			res.Winners = append(res.Winners, c.String())
		}
	}
	w := r.Winner()
	if w == grid.NoColor {
		res.DecidedBy = "draw"
		return res
	}
	for c := grid.Color(0); c < grid.Color(p.Players()); c++ {
		if c != w && r.Score[c] == r.Score[w] {
			res.DecidedBy = "largest-region" // equal totals: the tie break decided
		}
	}
	return res
}

// territory names the land each player holds now by colour.
func territory(p *engine.Position) map[string]int {
	out := map[string]int{}
	for c, v := range analysis.Territory(p) {
		out[grid.Color(c).String()] = v
	}
	return out
}
