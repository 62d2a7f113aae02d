package grid

// ZobristKeys are the random keys a Zobrist hash of a game on the board is
// made of: engine.Position.Hash is the XOR of the keys of what a position
// holds.
type ZobristKeys struct {
	// Stone keys a stone of each colour on each square.
	Stone [MaxPlayers][NumSquares]uint64
	// WallNorth and WallEast key a wall built by each colour on the north
	// or the east side of each square (the two sets of Walls).
	WallNorth, WallEast [MaxPlayers][NumSquares]uint64
	// ToMove keys the player to move, Broken a player's used wall break.
	ToMove, Broken [MaxPlayers]uint64
	// MidTurn keys a turn between its wall break and its move; Play and
	// Over the phases after the setup.
	MidTurn, Play, Over uint64
	// BrokenBeside keys the squares beside a wall broken in the turn under
	// breakTiming=any-time.
	BrokenBeside [NumSquares]uint64
}

// Zobrist holds the keys, drawn once from a fixed seed so that hashes are
// stable across runs and machines (the service caches analyses by hash).
// BrokenBeside is drawn after the others so that their values, and the
// hashes of games under the default rules, stay as they were. It is read
// only.
var Zobrist = drawZobrist()

// drawZobrist draws the keys with splitmix64.
func drawZobrist() ZobristKeys {
	var z ZobristKeys
	state := uint64(0x57A11_60_2025)
	next := func() uint64 { // splitmix64
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for c := range MaxPlayers {
		for s := range NumSquares {
			z.Stone[c][s] = next()
			z.WallNorth[c][s] = next()
			z.WallEast[c][s] = next()
		}
		z.ToMove[c] = next()
		z.Broken[c] = next()
	}
	z.MidTurn = next()
	z.Play = next()
	z.Over = next()
	for s := range NumSquares {
		z.BrokenBeside[s] = next()
	}
	return z
}
