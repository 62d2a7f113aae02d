package engine

// A slow reference implementation of the rules (docs/rules.md), written from
// the rule text without bitboards: squares are (column, row) pairs, walls a
// table keyed by the pair of squares they separate, moves found by
// enumerating every path of 0, 1 and 2 steps square by square, regions by a
// breadth-first search. The tests play it in lockstep with the engine.

import (
	"fmt"
	"testing"

	"github.com/wallzero/wallzero/engine/grid"
)

type refPos struct {
	players   int
	stepOut   bool
	tieNone   bool
	stone     [grid.Size][grid.Size]grid.Color // [col][row]; NoColor when empty
	wall      map[[4]int]grid.Color            // {c1, r1, c2, r2} with (c1, r1) < (c2, r2) -> builder
	order     []grid.Color                     // who makes each setup placement
	placed    int
	toMove    grid.Color
	phase     Phase
	broken    [grid.MaxPlayers]bool
	midTurn   bool
	fourStone bool
	// The options breakTiming=any-time, breakWalls=frees-stone,
	// end=frozen-mixed-regions and settled=skip.
	anyTime, frees, frozenEnd, settledSkip bool
	// brk is the wall broken this turn under any-time (mid-turn), nil
	// otherwise.
	brk *[4]int
}

// refDirs are the steps of North, East, South, West, in the engine's side
// order.
var refDirs = [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

func refOnBoard(c, r int) bool { return c >= 0 && c < grid.Size && r >= 0 && r < grid.Size }

func refKey(c1, r1, c2, r2 int) [4]int {
	if c2 < c1 || (c2 == c1 && r2 < r1) {
		c1, r1, c2, r2 = c2, r2, c1, r1
	}
	return [4]int{c1, r1, c2, r2}
}

func newRef(rules Rules) *refPos {
	p := &refPos{
		players:   rules.Players,
		stepOut:   rules.Stay == StayStepOut,
		tieNone:   rules.TieBreak == TieBreakNone,
		fourStone: rules.Opening == OpeningFourStone,
		wall:      map[[4]int]grid.Color{},

		anyTime:     rules.BreakTiming == BreakAnyTime,
		frees:       rules.BreakWalls == BreakFreesStone,
		frozenEnd:   rules.End == EndFrozenMixedRegions,
		settledSkip: rules.Settled == SettledSkip,
	}
	for c := range grid.Size {
		for r := range grid.Size {
			p.stone[c][r] = grid.NoColor
		}
	}
	if p.fourStone {
		// Red on B6 and F2, Blue on B2 and F6; then R, B, B, R place.
		p.stone[1][5], p.stone[5][1] = grid.Red, grid.Red
		p.stone[1][1], p.stone[5][5] = grid.Blue, grid.Blue
		p.order = []grid.Color{grid.Red, grid.Blue, grid.Blue, grid.Red}
	} else {
		per := 4
		if p.players > 2 {
			per = 2
		}
		// Snake: 1..n, n..1, 1..n, ... until every stone is placed.
		for round := 0; len(p.order) < p.players*per; round++ {
			for i := 0; i < p.players; i++ {
				if round%2 == 0 {
					p.order = append(p.order, grid.Color(i))
				} else {
					p.order = append(p.order, grid.Color(p.players-1-i))
				}
			}
		}
	}
	p.toMove = p.order[0]
	p.phase = Setup
	return p
}

func (p *refPos) clone() *refPos {
	q := *p
	q.wall = make(map[[4]int]grid.Color, len(p.wall))
	for k, v := range p.wall {
		q.wall[k] = v
	}
	if p.brk != nil {
		b := *p.brk
		q.brk = &b
	}
	return &q
}

func (p *refPos) hasWall(c1, r1, c2, r2 int) bool {
	_, ok := p.wall[refKey(c1, r1, c2, r2)]
	return ok
}

// sq converts a column and row to the engine's square numbering.
func refSq(c, r int) grid.Square { return grid.Square(r*7 + c) }

func refCR(s grid.Square) (int, int) { return int(s) % 7, int(s) / 7 }

// destinations enumerates the paths of 0, 1 and 2 steps of the stone on
// (c, r), each step to a neighbouring square with no wall between and no
// stone on it (the stone's own square is free once it has left).
func (p *refPos) destinations(c, r int) map[[2]int]bool {
	out := map[[2]int]bool{}
	free := func(c2, r2 int) bool {
		return p.stone[c2][r2] == grid.NoColor || (c2 == c && r2 == r)
	}
	for _, d1 := range refDirs {
		c1, r1 := c+d1[0], r+d1[1]
		if !refOnBoard(c1, r1) || p.hasWall(c, r, c1, r1) || !free(c1, r1) {
			continue
		}
		out[[2]int{c1, r1}] = true
		for _, d2 := range refDirs {
			c2, r2 := c1+d2[0], r1+d2[1]
			if !refOnBoard(c2, r2) || p.hasWall(c1, r1, c2, r2) || !free(c2, r2) {
				continue
			}
			out[[2]int{c2, r2}] = true // includes stepping out and back
		}
	}
	if !p.stepOut && len(p.buildableSides(c, r)) > 0 {
		out[[2]int{c, r}] = true
	}
	return out
}

// buildableSides lists the sides of (c, r) that are interior and unwalled.
func (p *refPos) buildableSides(c, r int) []grid.Side {
	var out []grid.Side
	for d, v := range refDirs {
		c2, r2 := c+v[0], r+v[1]
		if refOnBoard(c2, r2) && !p.hasWall(c, r, c2, r2) {
			out = append(out, grid.Side(d))
		}
	}
	return out
}

// turns lists the turns of player x.
func (p *refPos) turns(x grid.Color) []grid.Move {
	var out []grid.Move
	for c := range grid.Size {
		for r := range grid.Size {
			if p.stone[c][r] != x {
				continue
			}
			for dest := range p.destinations(c, r) {
				// The wall goes on a side of the destination as it is after
				// the move: the mover's old square is then empty, which does
				// not matter for walls.
				if p.brk != nil && !p.breakFitsTurn(x, c, r, dest[0], dest[1]) {
					continue
				}
				for _, d := range p.buildableSides(dest[0], dest[1]) {
					out = append(out, grid.TurnMove(refSq(c, r), refSq(dest[0], dest[1]), d))
				}
			}
		}
	}
	return out
}

func (p *refPos) mayBreak(x grid.Color) bool {
	return p.players == 3 && p.phase == Play && !p.midTurn && !p.broken[x]
}

// wallsBeside lists the walls on the sides of (c, r) with the square
// behind each.
func (p *refPos) wallsBeside(c, r int) (keys [][4]int, behind [][2]int) {
	for _, v := range refDirs {
		c2, r2 := c+v[0], r+v[1]
		if refOnBoard(c2, r2) && p.hasWall(c, r, c2, r2) {
			keys = append(keys, refKey(c, r, c2, r2))
			behind = append(behind, [2]int{c2, r2})
		}
	}
	return keys, behind
}

// mayBreakAt lists the walls a stone on (c, r) may break, with the stone
// of x on empty-square test free: every wall beside it, but under
// frees-stone, when the stone cannot step to an empty neighbour, only a
// wall with an empty square behind it.
func (p *refPos) mayBreakAt(c, r int, free func(c, r int) bool) [][4]int {
	keys, behind := p.wallsBeside(c, r)
	if !p.frees {
		return keys
	}
	for _, v := range refDirs {
		c2, r2 := c+v[0], r+v[1]
		if refOnBoard(c2, r2) && !p.hasWall(c, r, c2, r2) && free(c2, r2) {
			return keys // it can step: not walled in
		}
	}
	var out [][4]int
	for i, k := range keys {
		if free(behind[i][0], behind[i][1]) {
			out = append(out, k)
		}
	}
	return out
}

// breaks lists the breaks of player x, each wall once, named as the north
// or east side of a square: a wall beside one of x's stones (mayBreakAt),
// and under any-time also one beside a square a stone of x reaches in one
// or two steps, where it is then measured.
func (p *refPos) breaks(x grid.Color) []grid.Move {
	if !p.mayBreak(x) {
		return nil
	}
	seen := map[[4]int]bool{}
	var out []grid.Move
	add := func(keys [][4]int) {
		for _, k := range keys {
			if seen[k] {
				continue
			}
			seen[k] = true
			// k's first square is the lower or left one: the wall is
			// its north side when the columns agree, else its east.
			side := grid.East
			if k[0] == k[2] {
				side = grid.North
			}
			out = append(out, grid.Move{Kind: grid.Break, From: grid.NoSquare, To: refSq(k[0], k[1]), Side: side})
		}
	}
	empty := func(c, r int) bool { return p.stone[c][r] == grid.NoColor }
	for c := range grid.Size {
		for r := range grid.Size {
			if p.stone[c][r] != x {
				continue
			}
			add(p.mayBreakAt(c, r, empty))
			if !p.anyTime {
				continue
			}
			for dest := range p.destinations(c, r) {
				if dest == [2]int{c, r} {
					continue
				}
				// Every square of a path is a destination (one step) or
				// the end of two; the stone on it has left (c, r).
				free := func(c2, r2 int) bool {
					return (c2 == c && r2 == r) || (p.stone[c2][r2] == grid.NoColor && (c2 != dest[0] || r2 != dest[1]))
				}
				add(p.mayBreakAt(dest[0], dest[1], free))
			}
		}
	}
	return out
}

// breakFitsTurn reports whether, mid-turn under any-time, the turn of x's
// stone from (fc, fr) to (tc, tr) fits the wall broken this turn: some
// path of the move has a moment, before it, after its first step or after
// it, when the stone (before the move: any of x's stones) stood beside the
// wall and could break it, the steps before that moment not crossing it.
func (p *refPos) breakFitsTurn(x grid.Color, fc, fr, tc, tr int) bool {
	w := *p.brk
	// The walls as they stood before the break.
	pre := p.clone()
	pre.brk = nil
	pre.wall[w] = x
	beside := func(c, r int, free func(c, r int) bool) bool {
		for _, k := range pre.mayBreakAt(c, r, free) {
			if k == w {
				return true
			}
		}
		return false
	}
	empty := func(c, r int) bool { return p.stone[c][r] == grid.NoColor }
	for c := range grid.Size {
		for r := range grid.Size {
			if p.stone[c][r] == x && beside(c, r, empty) {
				return true // before the move
			}
		}
	}
	// The paths from (fc, fr) to (tc, tr), steps in the walls as they are
	// now, squares free but for the moving stone's own.
	free := func(c, r int) bool { return p.stone[c][r] == grid.NoColor || (c == fc && r == fr) }
	at := func(c, r int) func(int, int) bool {
		return func(c2, r2 int) bool { return free(c2, r2) && (c2 != c || r2 != r) }
	}
	for _, d1 := range refDirs {
		c1, r1 := fc+d1[0], fr+d1[1]
		if !refOnBoard(c1, r1) || p.hasWall(fc, fr, c1, r1) || !free(c1, r1) {
			continue
		}
		firstPre := !pre.hasWall(fc, fr, c1, r1)
		if c1 == tc && r1 == tr && firstPre && beside(c1, r1, at(c1, r1)) {
			return true
		}
		for _, d2 := range refDirs {
			c2, r2 := c1+d2[0], r1+d2[1]
			if c2 != tc || r2 != tr || !refOnBoard(c2, r2) || p.hasWall(c1, r1, c2, r2) || !free(c2, r2) {
				continue
			}
			if firstPre && beside(c1, r1, at(c1, r1)) {
				return true // after the first step
			}
			if firstPre && !pre.hasWall(c1, r1, c2, r2) && beside(c2, r2, at(c2, r2)) {
				return true // after the move
			}
		}
	}
	return false
}

func (p *refPos) legal() []grid.Move {
	switch p.phase {
	case Setup:
		var out []grid.Move
		for s := grid.Square(0); s < grid.NumSquares; s++ {
			c, r := refCR(s)
			if p.stone[c][r] == grid.NoColor {
				out = append(out, grid.PlaceAt(s))
			}
		}
		return out
	case Play:
		return append(p.turns(p.toMove), p.breaks(p.toMove)...)
	}
	return nil
}

// canAct reports whether x could make a turn now, possibly after its break.
func (p *refPos) canAct(x grid.Color) bool {
	if len(p.turns(x)) > 0 {
		return true
	}
	for _, b := range p.breaks(x) {
		q := p.clone()
		q.toMove = x
		q.breakWall(b)
		if len(q.turns(x)) > 0 {
			return true
		}
	}
	return false
}

// breakWall removes the wall of break b and starts the rest of the turn.
func (p *refPos) breakWall(b grid.Move) {
	c, r := refCR(b.To)
	v := refDirs[b.Side]
	k := refKey(c, r, c+v[0], r+v[1])
	delete(p.wall, k)
	p.broken[p.toMove] = true
	p.midTurn = true
	if p.anyTime {
		p.brk = &k
	}
}

// frozen reports whether every region holding stones of two players has
// stones that can neither step to an empty neighbour nor, by their
// owner's unused break, break a wall beside them (mayBreakAt).
func (p *refPos) frozen() bool {
	regions, owners := p.regions()
	empty := func(c, r int) bool { return p.stone[c][r] == grid.NoColor }
	for i, own := range owners {
		if len(own) < 2 {
			continue
		}
		for _, q := range regions[i] {
			x := p.stone[q[0]][q[1]]
			if x == grid.NoColor {
				continue
			}
			for _, v := range refDirs {
				c2, r2 := q[0]+v[0], q[1]+v[1]
				if refOnBoard(c2, r2) && !p.hasWall(q[0], q[1], c2, r2) && empty(c2, r2) {
					return false
				}
			}
			if p.players == 3 && !p.broken[x] && len(p.mayBreakAt(q[0], q[1], empty)) > 0 {
				return false
			}
		}
	}
	return true
}

// regions returns the regions as lists of squares and, for each, the set
// of players with stones inside.
func (p *refPos) regions() (regions [][][2]int, owners []map[grid.Color]bool) {
	var seen [grid.Size][grid.Size]bool
	for c := range grid.Size {
		for r := range grid.Size {
			if seen[c][r] {
				continue
			}
			seen[c][r] = true
			queue := [][2]int{{c, r}}
			own := map[grid.Color]bool{}
			for i := 0; i < len(queue); i++ {
				q := queue[i]
				if x := p.stone[q[0]][q[1]]; x != grid.NoColor {
					own[x] = true
				}
				for _, v := range refDirs {
					c2, r2 := q[0]+v[0], q[1]+v[1]
					if refOnBoard(c2, r2) && !seen[c2][r2] && !p.hasWall(q[0], q[1], c2, r2) {
						seen[c2][r2] = true
						queue = append(queue, [2]int{c2, r2})
					}
				}
			}
			regions = append(regions, queue)
			owners = append(owners, own)
		}
	}
	return regions, owners
}

// settled reports whether every region holding a stone of x holds no other
// player's stone.
func (p *refPos) settled(x grid.Color) bool {
	_, owners := p.regions()
	for _, own := range owners {
		if own[x] && len(own) > 1 {
			return false
		}
	}
	return true
}

func (p *refPos) anyMixed() bool {
	_, owners := p.regions()
	for _, own := range owners {
		if len(own) > 1 {
			return true
		}
	}
	return false
}

// passFrom hands the move to the first player after x in turn order who is
// not skipped, x itself last; the game ends if there is none.
func (p *refPos) passFrom(x grid.Color) {
	for k := 1; k <= p.players; k++ {
		y := grid.Color((int(x) + k) % p.players)
		// A settled player is skipped; with three players only once its
		// break is used, unless settled=skip.
		if p.players > 2 && p.settled(y) && (p.players == 4 || p.settledSkip || p.broken[y]) {
			continue
		}
		if p.canAct(y) {
			p.toMove = y
			return
		}
	}
	p.phase = Over
}

func (p *refPos) endTurn() {
	if !p.anyMixed() || p.frozenEnd && p.frozen() {
		p.phase = Over
		return
	}
	p.passFrom(p.toMove)
}

func (p *refPos) apply(m grid.Move) {
	x := p.toMove
	switch m.Kind {
	case grid.Place:
		c, r := refCR(m.To)
		p.stone[c][r] = x
		p.placed++
		if p.placed < len(p.order) {
			p.toMove = p.order[p.placed]
			return
		}
		p.phase = Play
		p.passFrom(grid.Color(p.players - 1)) // Red first, unless skipped
	case grid.Turn:
		fc, fr := refCR(m.From)
		tc, tr := refCR(m.To)
		p.stone[fc][fr] = grid.NoColor
		p.stone[tc][tr] = x
		v := refDirs[m.Side]
		p.wall[refKey(tc, tr, tc+v[0], tr+v[1])] = x
		p.midTurn = false
		p.brk = nil
		p.endTurn()
	case grid.Break:
		p.breakWall(m)
		if len(p.turns(x)) == 0 {
			p.midTurn = false
			p.brk = nil
			p.endTurn()
		}
	}
}

// score returns each player's land, largest region of land, and the
// winners under the tie break.
func (p *refPos) score() (score, largest [grid.MaxPlayers]int, winners uint8) {
	regions, owners := p.regions()
	for i, own := range owners {
		if len(own) != 1 {
			continue
		}
		for x := range own {
			score[x] += len(regions[i])
			largest[x] = max(largest[x], len(regions[i]))
		}
	}
	better := func(a, b int) bool { // a beats b
		if score[a] != score[b] {
			return score[a] > score[b]
		}
		return !p.tieNone && largest[a] > largest[b]
	}
	for a := 0; a < p.players; a++ {
		best := true
		for b := 0; b < p.players; b++ {
			if better(b, a) {
				best = false
			}
		}
		if best {
			winners |= 1 << a
		}
	}
	return score, largest, winners
}

func refPerft(p *refPos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := p.legal()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := p.clone()
		q.apply(m)
		n += refPerft(q, depth-1)
	}
	return n
}

// compareRef checks that the engine position agrees with the reference in
// everything the rules decide.
func compareRef(t *testing.T, p *Position, ref *refPos, where string) {
	t.Helper()
	if p.Phase() != ref.phase {
		t.Fatalf("%s: phase %s, reference %s\n%s", where, p.Phase(), ref.phase, describe(p))
	}
	if ref.phase != Over && p.ToMove() != ref.toMove {
		t.Fatalf("%s: %s to move, reference %s\n%s", where, p.ToMove(), ref.toMove, describe(p))
	}
	if p.MidTurn() != ref.midTurn {
		t.Fatalf("%s: midTurn %v, reference %v", where, p.MidTurn(), ref.midTurn)
	}
	for c := grid.Color(0); c < grid.Color(ref.players); c++ {
		if p.BreakUsed(c) != ref.broken[c] {
			t.Fatalf("%s: %s break used %v, reference %v", where, c, p.BreakUsed(c), ref.broken[c])
		}
		if p.Settled(c) != ref.settled(c) {
			t.Fatalf("%s: %s settled %v, reference %v\n%s", where, c, p.Settled(c), ref.settled(c), describe(p))
		}
	}
	for s := grid.Square(0); s < grid.NumSquares; s++ {
		c, r := refCR(s)
		if p.StoneAt(s) != ref.stone[c][r] {
			t.Fatalf("%s: stone on %s is %s, reference %s", where, s, p.StoneAt(s), ref.stone[c][r])
		}
		for _, d := range []grid.Side{grid.North, grid.East} {
			v := refDirs[d]
			want := grid.NoColor
			if refOnBoard(c+v[0], r+v[1]) {
				if b, ok := ref.wall[refKey(c, r, c+v[0], r+v[1])]; ok {
					want = b
				}
			}
			if got := p.WallBuilder(s, d); got != want {
				t.Fatalf("%s: wall %s:%s built by %s, reference %s", where, s, d, got, want)
			}
		}
	}
	var buf [MaxMoves]grid.Move
	got := moveSet(t, p.LegalMoves(buf[:0]))
	want := moveSet(t, ref.legal())
	if d := diffSets(got, want); d != "" {
		t.Fatalf("%s: legal moves differ from the reference:%s\n%s", where, d, describe(p))
	}
	if n := p.CountLegalMoves(); n != len(want) {
		t.Fatalf("%s: CountLegalMoves %d, reference %d", where, n, len(want))
	}
	score, largest, winners := ref.score()
	res := p.Result()
	for c := 0; c < ref.players; c++ {
		if res.Score[c] != score[c] || res.Largest[c] != largest[c] {
			t.Fatalf("%s: %s score %d largest %d, reference %d %d\n%s", where, grid.Color(c), res.Score[c], res.Largest[c], score[c], largest[c], describe(p))
		}
	}
	if res.Winners != winners {
		t.Fatalf("%s: winners %04b, reference %04b\n%s", where, res.Winners, winners, describe(p))
	}
}

// candidates returns moves to try with CheckMove: near misses of legal moves
// (one field changed) and moves with random fields, some off the board.
func candidates(rng interface{ IntN(int) int }, legal []grid.Move, n int) []grid.Move {
	out := make([]grid.Move, 0, n)
	for len(out) < n {
		var m grid.Move
		if len(legal) > 0 && rng.IntN(2) == 0 {
			m = legal[rng.IntN(len(legal))]
			switch rng.IntN(4) {
			case 0:
				m.From = grid.Square(rng.IntN(grid.NumSquares))
			case 1:
				m.To = grid.Square(rng.IntN(grid.NumSquares))
			case 2:
				m.Side = grid.Side(rng.IntN(4))
			case 3:
				m.Kind = grid.MoveKind(1 + rng.IntN(3))
			}
		} else {
			m = grid.Move{
				Kind: grid.MoveKind(rng.IntN(5)),
				From: grid.Square(rng.IntN(grid.NumSquares+4) - 2),
				To:   grid.Square(rng.IntN(grid.NumSquares+4) - 2),
				Side: grid.Side(rng.IntN(6) - 1),
			}
		}
		out = append(out, m)
	}
	return out
}

// canonicalMove drops the fields CheckMove and Apply ignore: From and Side
// of a placement, From of a break.
func canonicalMove(m grid.Move) grid.Move {
	switch m.Kind {
	case grid.Place:
		return grid.PlaceAt(m.To)
	case grid.Break:
		m.From = grid.NoSquare
	}
	return m
}

// TestReferenceLockstep plays random games under every rule set in the
// engine and in the reference at once, comparing legal move sets, the
// player to move, phases, breaks, land and results at every ply, and
// checks that CheckMove accepts exactly the legal moves.
func TestReferenceLockstep(t *testing.T) {
	t.Parallel()
	games := 25
	if testing.Short() {
		games = 4
	}
	for i, rules := range allRuleSets() {
		t.Run(rules.String(), func(t *testing.T) {
			t.Parallel()
			rng := newRNG(uint64(100 + i))
			for g := 0; g < games; g++ {
				p := NewPosition(rules)
				ref := newRef(rules)
				buf := make([]grid.Move, 0, MaxMoves)
				for ply := 0; ; ply++ {
					where := fmt.Sprintf("game %d ply %d", g, ply)
					compareRef(t, &p, ref, where)
					legal := p.LegalMoves(buf[:0])
					set := moveSet(t, legal)
					for _, m := range legal {
						if err := p.CheckMove(m); err != nil {
							t.Fatalf("%s: CheckMove rejects legal %s: %v", where, m, err)
						}
					}
					for _, m := range candidates(rng, legal, 40) {
						err := p.CheckMove(m)
						if set[canonicalMove(m)] != (err == nil) {
							t.Fatalf("%s: CheckMove(%+v) = %v, legal %v\n%s", where, m, err, set[m], describe(&p))
						}
						if err != nil {
							q := p
							if q.Play(m) == nil || q != p {
								t.Fatalf("%s: Play of illegal %+v changed the position", where, m)
							}
						}
					}
					if p.IsOver() {
						if err := p.CheckMove(grid.PlaceAt(0)); err != ErrGameOver {
							t.Fatalf("%s: CheckMove in a finished game = %v, want ErrGameOver", where, err)
						}
						break
					}
					m := pickMove(rng, &p, legal)
					q := p
					if err := q.Play(m); err != nil {
						t.Fatalf("%s: Play(%s): %v", where, m, err)
					}
					p.Apply(m)
					if p != q {
						t.Fatalf("%s: Play and Apply of %s differ", where, m)
					}
					ref.apply(m)
				}
			}
		})
	}
}
