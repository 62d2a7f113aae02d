package workspace

import (
	"encoding/json"
	"fmt"

	"github.com/wallzero/wallzero"
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
	"github.com/wallzero/wallzero/service/explain"
	"github.com/wallzero/wallzero/service/jobs"
)

// cardRow is a drill card's puzzle as a card row stores it
// (ws_cards.puzzle, JSON): the review's puzzle with moves in notation and
// colours by name. The stored keys are fixed by the cards already stored,
// so this encoding is the service's own, apart from the API's
// (api/wire's Puzzle), which may change without touching stored cards.
// The service works on the typed jobs.Puzzle; encodeCard and decodeCard
// are the one place a card's text is written and parsed back.
type cardRow struct {
	Ply         int                  `json:"ply"`
	Record      engine.Record        `json:"record"`
	Player      string               `json:"player"`
	Played      string               `json:"played"`
	Loss        float32              `json:"loss"`
	Solution    string               `json:"solution"`
	Line        []string             `json:"line"`
	Margin      float32              `json:"margin"`
	Proven      bool                 `json:"proven"`
	Explanation *explain.Explanation `json:"explanation,omitempty"`
}

// encodeCard writes a review's puzzle as a card row stores it.
func encodeCard(p *jobs.Puzzle) ([]byte, error) {
	return json.Marshal(cardRow{Ply: p.Ply, Record: p.Record, Player: p.Player.String(), Played: p.Played.String(), Loss: p.Loss,
		Solution: p.Solution.String(), Line: wallzero.NotNil(wallzero.MoveNames(p.Line)), Margin: p.Margin, Proven: p.Proven,
		Explanation: p.Explanation})
}

// decodeCard reads a stored card row back into the typed puzzle; an
// error names the field that does not parse.
func decodeCard(data []byte) (jobs.Puzzle, error) {
	var row cardRow
	if err := json.Unmarshal(data, &row); err != nil {
		return jobs.Puzzle{}, err
	}
	p := jobs.Puzzle{Ply: row.Ply, Record: row.Record, Loss: row.Loss, Margin: row.Margin, Proven: row.Proven,
		Explanation: row.Explanation, Line: make([]grid.Move, len(row.Line))}
	var err error
	if p.Player, err = grid.ParseColor(row.Player); err != nil {
		return p, fmt.Errorf("player: %w", err)
	}
	if p.Played, _, err = grid.ParseMove(row.Played); err != nil {
		return p, fmt.Errorf("played: %w", err)
	}
	if p.Solution, _, err = grid.ParseMove(row.Solution); err != nil {
		return p, fmt.Errorf("solution: %w", err)
	}
	for i, text := range row.Line {
		if p.Line[i], _, err = grid.ParseMove(text); err != nil {
			return p, fmt.Errorf("line[%d]: %w", i, err)
		}
	}
	return p, nil
}
