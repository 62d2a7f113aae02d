// Package winrate makes the service's win rates calibrated
// probabilities: a model's calibration file maps the search's win rate,
// per kind of position (player count, opening, phase), to the chance that
// the engine at the service's settings, playing on, wins
// (docs/calibration.md). It also holds the reliability table with its
// bootstrap interval and the fit of the maps.
package winrate
