// Package winratecal measures and fits the calibration of the service's
// win rates: self-play games whose every move is the service's analysis
// at its settings (Play), the reliability of their win rates against the
// games' results (PrintTables, Diagram), and the fit of the per-kind maps
// a model ships beside it (Fit; service/winrate applies them).
package winratecal
