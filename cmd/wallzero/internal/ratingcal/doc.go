// Package ratingcal calibrates the rating estimate (package
// service/rating): it reviews the saved games of matches between players
// whose ratings the rating list knows, exactly as the service reviews a
// game, turns each side into a sample, fits the mapping and checks it on
// held-out games. `wallzero rating review` and `wallzero rating fit` are
// its front end; scripts/rating/calibrate.sh plays the games and runs
// the calibration and its check in one resumable command, and
// scripts/rating/table.sh measures the verdicts on fresh games (`wallzero
// rating table`).
package ratingcal
