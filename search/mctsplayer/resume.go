package mctsplayer

import (
	"time"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/search"
)

// SetHistory starts a new player in the middle of a game: its next
// ChooseMove at pos searches with history (the positions before pos, most
// recent first; only the first HistoryLen are used), as a player that had
// played the game so far would, so that the network sees the game's real
// history. The service builds a fresh player for each move it is asked
// for and gives it the record's positions this way.
func (p *Player) SetHistory(pos engine.Position, history []engine.Position) {
	p.history = append([]engine.Position(nil), history[:min(len(history), search.HistoryLen)]...)
	p.last, p.s = pos, nil
}

// LimitTime caps each move's search at d of wall-clock time: the search
// ends at its visits or at d, whichever comes first (a player with a
// shorter MaxTime keeps it). A raw-policy player, which makes one network
// call per move, is unaffected.
func (p *Player) LimitTime(d time.Duration) {
	if d > 0 && (p.cfg.MaxTime <= 0 || d < p.cfg.MaxTime) {
		p.cfg.MaxTime = d
		p.s = nil // the next move starts a search with the new limit
	}
}
