package engine

// Fuzz targets. Seed corpora live in testdata/fuzz/<FuzzName>/; run one
// with e.g. go test -run='^$' -fuzz='^FuzzParseMove$' -fuzztime=30s ./engine/

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

// FuzzParseMove: ParseMove never panics, and whatever it accepts is a
// well-formed move that survives String and ParseMove unchanged, with its
// colour prefix.
func FuzzParseMove(f *testing.F) {
	f.Fuzz(func(t *testing.T, text string) {
		m, colour, err := grid.ParseMove(text)
		if err != nil {
			if m != (grid.Move{}) || colour != grid.NoColor {
				t.Fatalf("ParseMove(%q) returned %+v, %v with error %v", text, m, colour, err)
			}
			return
		}
		switch m.Kind {
		case grid.Place:
			if !m.To.Valid() || m.From != grid.NoSquare || m.Side != grid.NoSide {
				t.Fatalf("ParseMove(%q) = %+v: malformed placement", text, m)
			}
		case grid.Turn:
			if !m.From.Valid() || !m.To.Valid() || m.Side < grid.North || m.Side > grid.West {
				t.Fatalf("ParseMove(%q) = %+v: malformed turn", text, m)
			}
		case grid.Break:
			if !m.To.Valid() || m.From != grid.NoSquare || (m.Side != grid.North && m.Side != grid.East) || m.To.Neighbor(m.Side) == grid.NoSquare {
				t.Fatalf("ParseMove(%q) = %+v: malformed break", text, m)
			}
		default:
			t.Fatalf("ParseMove(%q) = %+v: unknown kind", text, m)
		}
		s := m.String()
		back, c2, err := grid.ParseMove(s)
		if err != nil || back != m || c2 != grid.NoColor {
			t.Fatalf("ParseMove(%q) = %+v; its String %q parses to %+v, %v, %v", text, m, s, back, c2, err)
		}
		if colour != grid.NoColor {
			back, c2, err = grid.ParseMove(colour.Letter() + " " + s)
			if err != nil || back != m || c2 != colour {
				t.Fatalf("with prefix: %+v, %v, %v", back, c2, err)
			}
		}
	})
}

// FuzzParseRecord: parseRecord and Game never panic; a record that replays
// comes back from Game.Record, through JSON, to the same game.
func FuzzParseRecord(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := parseRecord(data)
		if err != nil {
			return
		}
		g, err := rec.Game()
		if err != nil {
			var me *MoveError
			if errors.As(err, &me) {
				// The move as given, or an over-long one's start and "...".
				named := me.Index >= 0 && me.Index < len(rec.Moves) && (me.Move == rec.Moves[me.Index] ||
					len(rec.Moves[me.Index]) > MaxMoveText && strings.HasSuffix(me.Move, "...") && len(me.Move) <= MaxMoveText+3 &&
						strings.HasPrefix(rec.Moves[me.Index], strings.TrimSuffix(me.Move, "...")))
				if !named || me.Err == nil {
					t.Fatalf("MoveError %+v does not name a move of the record", me)
				}
			}
			return
		}
		if len(g.Moves) != len(rec.Moves) || g.Final.Hash() != g.Final.computeHash() {
			t.Fatalf("replayed %d of %d moves; hash ok %v", len(g.Moves), len(rec.Moves), g.Final.Hash() == g.Final.computeHash())
		}
		out, err := json.Marshal(g.Record())
		if err != nil {
			t.Fatal(err)
		}
		rec2, err := parseRecord(out)
		if err != nil {
			t.Fatalf("re-serialised record %s does not parse: %v", out, err)
		}
		g2, err := rec2.Game()
		if err != nil {
			t.Fatalf("re-serialised record %s does not replay: %v", out, err)
		}
		if g2.Final != g.Final || g2.Start != g.Start || g2.Rules != g.Rules || len(g2.Moves) != len(g.Moves) {
			t.Fatalf("re-serialised record %s replays to a different game", out)
		}
	})
}

// FuzzBoard: Board.Position never panics on any JSON and any rules; a board
// it accepts round-trips through DiagramOf, and the position it gives is
// consistent: hash, legal moves, CheckMove, one move played.
func FuzzBoard(f *testing.F) {
	ruleSets := allRuleSets()
	f.Fuzz(func(t *testing.T, data []byte, rulesIndex uint8) {
		var b Diagram
		if err := json.Unmarshal(data, &b); err != nil {
			return
		}
		rules := ruleSets[int(rulesIndex)%len(ruleSets)]
		p, err := b.Position(rules)
		if err != nil {
			return
		}
		if p.Hash() != p.computeHash() {
			t.Fatalf("hash not computed")
		}
		b2 := DiagramOf(&p)
		q, err := b2.Position(rules)
		if err != nil {
			t.Fatalf("DiagramOf of an accepted board is refused: %v\n%s", err, describe(&p))
		}
		if q != p {
			t.Fatalf("round trip differs:\n%s\n%s", describe(&p), describe(&q))
		}
		moves := p.LegalMoves(nil)
		if len(moves) != p.CountLegalMoves() {
			t.Fatalf("CountLegalMoves %d, LegalMoves %d", p.CountLegalMoves(), len(moves))
		}
		if p.IsOver() != (len(moves) == 0) {
			t.Fatalf("over %v with %d legal moves\n%s", p.IsOver(), len(moves), describe(&p))
		}
		for _, m := range moves {
			if err := p.CheckMove(m); err != nil {
				t.Fatalf("legal %s refused: %v", m, err)
			}
		}
		if len(moves) > 0 {
			m := moves[int(rulesIndex)%len(moves)]
			p.Apply(m)
			if p.Hash() != p.computeHash() {
				t.Fatalf("hash after %s", m)
			}
			if !p.IsOver() && p.CountLegalMoves() == 0 {
				t.Fatalf("no legal move after %s in an unfinished game\n%s", m, describe(&p))
			}
		}
	})
}

// FuzzRuleInvariants plays a game under rules chosen by the first byte
// (every combination of the rule options, allRuleSets),
// each further byte choosing a legal move, and checks after every move:
// land, neutral and open squares cover the board once (so scores never
// exceed 49), the wall count grows by one per turn and falls by one per
// break, the stone counts are right, every symmetry commutes with the move,
// the incremental hash equals a fresh one, what each rule option promises
// holds (checkVariantInvariants), and the reference rules agree.
func FuzzRuleInvariants(f *testing.F) {
	ruleSets := allRuleSets()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		rules := ruleSets[int(data[0])%len(ruleSets)]
		p := NewPosition(rules)
		ref := newRef(rules)
		preset := p.Occupied().Count()
		var buf [MaxMoves]grid.Move
		for i, choice := range data[1:] {
			if p.IsOver() {
				break
			}
			moves := p.LegalMoves(buf[:0])
			if len(moves) == 0 {
				t.Fatalf("move %d: no legal move in an unfinished game\n%s", i, describe(&p))
			}
			m := moves[int(choice)%len(moves)]
			// Bytes >= 0xF0 pick a break when there is one.
			if choice >= 0xF0 {
				for _, mm := range moves {
					if mm.Kind == grid.Break {
						m = mm
						break
					}
				}
			}
			before := p
			p.Apply(m)
			ref.apply(m)

			walls := p.WallCount() - before.WallCount()
			switch {
			case m.Kind == grid.Turn && walls != 1, m.Kind == grid.Break && walls != -1, m.Kind == grid.Place && walls != 0:
				t.Fatalf("move %d %s changed the wall count by %d", i, m, walls)
			}
			if p.Ply() != before.Ply()+1 {
				t.Fatalf("ply %d after %d", p.Ply(), before.Ply())
			}
			done, _ := p.SetupPlacements()
			stones := p.Occupied().Count()
			if stones != preset+done {
				t.Fatalf("%d stones after %d placements (%d preset)", stones, done, preset)
			}
			for c := grid.Color(0); c < grid.MaxPlayers; c++ {
				n := p.Stones(c).Count()
				if c >= grid.Color(rules.Players) && n != 0 || p.Phase() != Setup && c < grid.Color(rules.Players) && n != rules.StonesPerPlayer() {
					t.Fatalf("%s has %d stones in the %s phase", c, n, p.Phase())
				}
			}
			res := p.Result()
			total := res.Neutral.Count() + res.Open.Count()
			for c := range grid.MaxPlayers {
				total += res.Score[c]
			}
			if total != grid.NumSquares {
				t.Fatalf("land, neutral and open add up to %d squares", total)
			}
			if p.Hash() != p.computeHash() {
				t.Fatalf("move %d %s: stale hash", i, m)
			}
			for _, sym := range grid.AllSymmetries {
				q := before.Transformed(sym)
				q.Apply(sym.Move(m))
				if want := p.Transformed(sym); q != want {
					t.Fatalf("move %d %s: %s does not commute", i, m, sym)
				}
			}
			// Exchanging the colours commutes with a play-phase move too.
			if q, ok := before.ColoursSwapped(); ok {
				q.Apply(m)
				if want, ok := p.ColoursSwapped(); ok && q != want || !ok && q.IsOver() != p.IsOver() {
					t.Fatalf("move %d %s: the colour swap does not commute", i, m)
				}
			}
			checkVariantInvariants(t, &p, rules, i, m)
			compareRef(t, &p, ref, "fuzz")
		}
	})
}

// checkVariantInvariants checks what the rule options promise after move
// i (m): mid-turn under breakTiming=any-time the broken wall is known and
// every legal turn has a point where the break fits, and no wall stands
// there; a settled player to move has its break (three players, settled
// skip-without-break) or is finishing its turn; a finished game has no
// mixed region, or under end=frozen-mixed-regions only frozen ones, or
// nobody who can act.
func checkVariantInvariants(t *testing.T, p *Position, rules Rules, i int, m grid.Move) {
	t.Helper()
	b, ok := p.BrokenThisTurn()
	if want := p.MidTurn() && rules.BreakTiming == BreakAnyTime; ok != want {
		t.Fatalf("move %d %s: broken wall known %v, mid-turn under any-time %v", i, m, ok, want)
	}
	if ok {
		if p.HasWall(b.To, b.Side) {
			t.Fatalf("move %d %s: the wall broken this turn, %s, stands", i, m, b)
		}
		for _, mm := range p.LegalMoves(nil) {
			if _, _, fits := p.BreakPoint(mm); !fits {
				t.Fatalf("move %d %s: legal %s has no point for the break %s\n%s", i, m, mm, b, describe(p))
			}
		}
	}
	if p.Phase() == Play && !p.MidTurn() && p.Players() > 2 && p.Settled(p.ToMove()) &&
		(p.Players() == 4 || rules.Settled == SettledSkip || p.BreakUsed(p.ToMove())) {
		t.Fatalf("move %d %s: %s is settled and should be skipped\n%s", i, m, p.ToMove(), describe(p))
	}
	if p.IsOver() {
		res := p.Result()
		for _, s := range res.Open.Squares() {
			if c := p.StoneAt(s); c != grid.NoColor && rules.End == EndFrozenMixedRegions && !p.Frozen(s) {
				// Only possible when nobody can act: then the stone cannot
				// step either.
				if p.Step(grid.Bit(s))&^p.Occupied() != 0 {
					t.Fatalf("move %d %s: over with %s's stone on %s free to step in a mixed region\n%s", i, m, c, s, describe(p))
				}
			}
		}
	}
}
