// Package ratingcal calibrates the rating estimate (package
// service/rating): it reviews the saved games of matches between players
// whose ratings the rating list knows, exactly as the service reviews a
// game, turns each side into a sample, fits the mapping and checks it on
// held-out games. `wallzero rating review` and `wallzero rating fit` are
// its front end; scripts/rating/games.sh plays the games.
package ratingcal
