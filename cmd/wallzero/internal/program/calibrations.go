package program

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"slices"

	"github.com/wallzero/wallzero/inference"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/analysis"
	"github.com/wallzero/wallzero/service/winrate"
)

// CalibrationOf loads the win-rate calibration that ships beside the model
// file path (winrate.PathFor), or returns nil when there is none, when
// the model is not a file, or when -uncalibrated asks for the search's
// own win rates. A calibration fitted for another model than id is an
// error: its maps would describe another network.
func CalibrationOf(mf ModelFlags, id, path string, log *slog.Logger) (*winrate.File, error) {
	if mf.Uncalibrated || path == "" || path == HeuristicModel {
		return nil, nil
	}
	calPath := winrate.PathFor(path)
	f, err := winrate.Load(calPath)
	if errors.Is(err, fs.ErrNotExist) {
		if log != nil {
			log.Info("the model has no win-rate calibration: win rates are the search's own", "model", id, "looked_for", calPath)
		}
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if f.Model != id {
		return nil, fmt.Errorf("%s is the calibration of model %s, not of %s (%s): refit it with `wallzero calibration fit` or pass -uncalibrated", calPath, f.Model, id, path)
	}
	if log != nil {
		log.Info("win rates are calibrated", "model", id, "calibration", f.ID(), "path", calPath, "groups", len(f.Groups))
	}
	return f, nil
}

// ModelCalibrations loads the calibrations of the served network models
// (CalibrationOf each); models without one are left out.
func ModelCalibrations(mf ModelFlags, models []service.Model, log *slog.Logger) ([]*winrate.File, error) {
	var out []*winrate.File
	for _, m := range models {
		if m.Path == "" {
			continue
		}
		f, err := CalibrationOf(mf, m.ID, m.Path, log)
		if err != nil {
			return nil, err
		}
		if f != nil {
			out = append(out, f)
		}
	}
	return out, nil
}

// AnalyzerCalibrations loads the calibrations of a two-player network
// (info) and the multi-player networks multi, as commands that build
// their analyzer from them need (CalibrationOf each).
func AnalyzerCalibrations(mf ModelFlags, info inference.ModelInfo, multi []analysis.CountEvaluator, log *slog.Logger) ([]*winrate.File, error) {
	models := []service.Model{service.ONNXModel(info, []int{2})}
	for _, m := range multi {
		models = append(models, service.ONNXModel(m.Info, m.Players))
	}
	return ModelCalibrations(mf, models, log)
}

// CalibrationForCount returns the calibration file at path, or, when path
// is empty, the one beside the model that analyses games of players
// (info for two players, else the multi-player network serving the
// count), or nil.
func CalibrationForCount(mf ModelFlags, path string, info inference.ModelInfo, multi []analysis.CountEvaluator, players int) (*winrate.File, error) {
	if path != "" {
		return winrate.Load(path)
	}
	if players > 2 {
		for _, m := range multi {
			if slices.Contains(m.Players, players) {
				info = m.Info
			}
		}
	}
	return CalibrationOf(mf, info.ID, info.Path, nil)
}
