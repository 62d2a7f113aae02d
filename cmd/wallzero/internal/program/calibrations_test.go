package program

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/service"
)

func TestModelCalibrations(t *testing.T) {
	t.Parallel()
	dir, model := calibratedModel(t)
	models := []service.Model{{ID: "net-1", Path: model}, {ID: "other", Path: filepath.Join(dir, "other.onnx")}, {ID: "heuristic-voronoi-v1"}}
	got, err := ModelCalibrations(ModelFlags{}, models, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Model != "net-1" || !strings.HasPrefix(got[0].ID(), "net-1/") {
		t.Fatalf("calibrations %+v, want the one beside net.onnx", got)
	}
	if none, err := ModelCalibrations(ModelFlags{Uncalibrated: true}, models, nil); err != nil || len(none) != 0 {
		t.Errorf("-uncalibrated: %v, %v, want none", none, err)
	}
	// A calibration fitted for another model is refused, naming both and
	// the way out.
	_, err = ModelCalibrations(ModelFlags{}, []service.Model{{ID: "net-2", Path: model}}, nil)
	if err == nil || !strings.Contains(err.Error(), "model net-1, not of net-2") || !strings.Contains(err.Error(), "-uncalibrated") {
		t.Errorf("a calibration of another model: %v", err)
	}
}

// TestShippedCalibrationsLoad loads the calibration files that ship in
// models/ against the model IDs they must belong to.
func TestShippedCalibrationsLoad(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "..", "..")
	for _, tc := range []struct{ path, id string }{
		{"models/wallzero-int8.onnx", "wz-0027-int8"},
		{"models/wallzero-mp.onnx", "mp-0004-s4"},
		{"models/wallzero-mp4.onnx", "mp-0010-4p-s4"},
		{"models/wallzero-fast.onnx", "wz-0012-d6x64b48"},
	} {
		f, err := CalibrationOf(ModelFlags{}, tc.id, filepath.Join(root, tc.path), nil)
		if err != nil {
			t.Errorf("%s: %v", tc.path, err)
			continue
		}
		if f == nil || len(f.Groups) == 0 {
			t.Errorf("%s: no calibration ships beside it", tc.path)
		}
	}
}

// TestCalibrationVersion: `wallzero version` says which win rates each
// model's answers carry.
func TestCalibrationVersion(t *testing.T) {
	t.Parallel()
	dir, model := calibratedModel(t)
	for _, tc := range []struct {
		name, id, path string
		mf             ModelFlags
		want           string
	}{
		{"calibrated", "net-1", model, ModelFlags{}, "; win rates calibrated by " + filepath.Join(dir, "net.calibration.json") + " (net-1/"},
		{"-uncalibrated", "net-1", model, ModelFlags{Uncalibrated: true}, "; win rates: the search's own"},
		{"none beside the model", "other", filepath.Join(dir, "other.onnx"), ModelFlags{}, "; win rates: the search's own"},
		{"another model's file", "net-2", model, ModelFlags{}, "; win-rate calibration refused: "},
	} {
		if got := CalibrationVersion(tc.mf, tc.id, tc.path); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: %q, want it to begin %q", tc.name, got, tc.want)
		}
	}
}

// calibratedModel writes a calibration of model "net-1" beside a model
// path net.onnx in a fresh directory (the model file itself is not
// needed) and returns the directory and the model's path.
func calibratedModel(t *testing.T) (dir, model string) {
	t.Helper()
	dir = t.TempDir()
	body := `{"model":"net-1","visits":200,"groups":[{"players":2,"opening":"four-stone","phase":"play","seats":[{"a":1.4,"b":0.1}]}]}`
	if err := os.WriteFile(filepath.Join(dir, "net.calibration.json"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, filepath.Join(dir, "net.onnx")
}
