package rating

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
)

// FileName is the calibration file in the models folder.
const FileName = "rating-calibration.json"

// File is models/rating-calibration.json: the calibrations, one per
// review model, visits and thresholds (Calibration.InaccuracyPoints), that
// `wallzero rating fit` wrote.
type File struct {
	// Scale names the rating scale (the rating list's).
	Scale string `json:"scale"`
	// Calibrations are the fitted mappings.
	Calibrations []Calibration `json:"calibrations"`
}

// Calibration maps the features of a review made with one model at one
// number of visits to a rating with an interval.
type Calibration struct {
	// Model and Visits are the review's: the losses, and so the mapping,
	// depend on both.
	Model  string `json:"model"`
	Visits int    `json:"visits"`
	// InaccuracyPoints is the reviews' points threshold of an inaccuracy
	// (their thresholds' inaccuracyPoints): which moves a review calls
	// missed, and so which get a level, follows it, so a review classified
	// at other thresholds gets no estimate from this mapping.
	InaccuracyPoints float64 `json:"inaccuracyPoints"`
	// Terms name the mapping's terms (featureFuncs) and Coef their
	// coefficients: the rating is the sum of Coef[i] * term i.
	Terms []string  `json:"terms"`
	Coef  []float64 `json:"coef"`
	// MinOpen is the fewest open moves (Features.Open) a side needs for
	// an estimate.
	MinOpen int `json:"minOpen"`
	// Range holds the lowest and highest list ratings of the calibration
	// players: an estimate is clamped to it, since the mapping knows
	// nothing outside.
	Range [2]float64 `json:"range"`
	// Within is the standard deviation of one game's error around its
	// player's mean error, and Between that of the players' mean errors
	// (a player the mapping misjudges in every game), both from
	// leave-one-player-out predictions. Z multiplies the combined
	// deviation into the 95% interval.
	Within  float64 `json:"within"`
	Between float64 `json:"between"`
	Z       float64 `json:"z"`
	// Fit describes the calibration data and the checks of the mapping.
	Fit *FitReport `json:"fit,omitempty"`
}

// Load reads a calibration file and checks every mapping.
func Load(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for i := range f.Calibrations {
		if err := f.Calibrations[i].check(); err != nil {
			return nil, fmt.Errorf("%s: calibrations[%d]: %w", path, i, err)
		}
	}
	return &f, nil
}

// check validates a mapping.
func (c *Calibration) check() error {
	if c.Model == "" || c.Visits <= 0 || c.InaccuracyPoints <= 0 {
		return errors.New("model, visits and inaccuracyPoints are required")
	}
	if len(c.Terms) == 0 || len(c.Terms) != len(c.Coef) {
		return fmt.Errorf("%d terms and %d coefficients", len(c.Terms), len(c.Coef))
	}
	if _, err := terms(c.Terms, Features{}); err != nil {
		return err
	}
	if c.Within <= 0 || c.Between < 0 || c.Z <= 0 || c.Range[0] >= c.Range[1] {
		return errors.New("within, z and the range must be positive, between not negative")
	}
	return nil
}

// For returns the calibration of reviews made with model at visits that
// call a move an inaccuracy from inaccuracyPoints points lost, or nil: a
// review made otherwise gets no estimate, since its losses, or the moves
// it names missed, are on another scale.
func (f *File) For(model string, visits int, inaccuracyPoints float64) *Calibration {
	if f == nil {
		return nil
	}
	for i := range f.Calibrations {
		if c := &f.Calibrations[i]; c.Model == model && c.Visits == visits && c.InaccuracyPoints == inaccuracyPoints {
			return c
		}
	}
	return nil
}
