// Package rating estimates a player's rating on the project's rating list
// (models/ratings.json, Elo, voronoi-hard = 0) from a reviewed game: the
// per-move losses of the review become a few features (features.go), a
// calibrated linear mapping turns them into a rating, and the spread of
// that mapping's errors, measured on games between players whose ratings
// the list knows, gives the interval (estimate.go). Several games of one
// player combine into one estimate with a narrower interval.
//
// The mapping is fitted by `wallzero rating fit` (fit.go) on games played
// and reviewed by scripts/rating/calibrate.sh (`wallzero rating review`);
// the calibrations, one per review model, visits and thresholds, are in
// models/rating-calibration.json (docs/reviews.md, "Rating estimate").
package rating
