package player

// mixSeed derives an independent seed from seed and a stream number with
// the splitmix64 finalizer, so that nearby inputs give unrelated outputs.
func mixSeed(seed, stream uint64) uint64 {
	z := seed + (stream+1)*0x9E3779B97F4A7C15
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// GameSeeds returns the seed of game i of a match seeded with seed, and the
// seeds its two players (A and B) are built with.
func GameSeeds(seed uint64, i int) (game, a, b uint64) {
	game = mixSeed(seed, uint64(i))
	return game, mixSeed(game, 1), mixSeed(game, 2)
}
