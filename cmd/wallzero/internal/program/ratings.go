package program

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/rating"
)

// addRatings loads the rating estimate's calibrations into d: the file
// of -rating-calibration, which must load, else the default file next to
// the model the service analyses with or models/rating-calibration.json,
// whose absence only means that reviews carry no rating estimate.
func (a *App) addRatings(d *service.Deps) error {
	path, explicit := a.Cfg.RatingCalibration, a.Cfg.RatingCalibration != ""
	if !explicit {
		wd, _ := os.Getwd()
		path = a.defaultShippedPath(wd, rating.FileName)
	}
	f, err := rating.Load(path)
	if errors.Is(err, os.ErrNotExist) && !explicit {
		a.Log.Warn("no rating calibration: reviews carry no rating estimate", "path", path)
		return nil
	}
	if err != nil {
		return fmt.Errorf("-rating-calibration: %w", err)
	}
	d.Ratings = f
	models := make([]string, 0, len(f.Calibrations))
	for _, c := range f.Calibrations {
		models = append(models, fmt.Sprintf("%s@%d", c.Model, c.Visits))
	}
	a.Log.Info("rating calibration", "path", path, "calibrations", models)
	return nil
}

// defaultShippedPath returns the file name next to the model the service
// analyses with, else models/NAME in wd or a directory above it, else
// models/NAME.
func (a *App) defaultShippedPath(wd, name string) string {
	if m, err := a.Ev.ResolveModel(""); err == nil && m != HeuristicModel {
		if p := filepath.Join(filepath.Dir(m), name); fileExists(p) {
			return p
		}
	}
	if p, ok := FindShipped(wd, []string{"models/" + name}); ok {
		return p
	}
	return filepath.Join("models", name)
}
