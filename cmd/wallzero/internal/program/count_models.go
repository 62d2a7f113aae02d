package program

import (
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/wallzero/wallzero/inference/format"
	"github.com/wallzero/wallzero/service/analysis"
)

// MultiPlayerCounts are the player counts the multi-player networks play:
// those the multi-player format encodes.
var MultiPlayerCounts = format.MultiPlayer.Players()

// CountModel is the shipped network of n-player games alone
// (models/wallzero-mp3.onnx, models/wallzero-mp4.onnx), relative to the
// repository root: where it exists it plays that count in place of
// MultiPlayerModel.
func CountModel(n int) string { return "models/wallzero-mp" + strconv.Itoa(n) + ".onnx" }

// countChoice is where the model of one player count comes from.
type countChoice struct {
	players int
	// path is the model file, or "" for the heuristic.
	path string
	// flag names the flag that chose it ("" for a shipped file), why says
	// why the heuristic plays the count when path is "".
	flag, why string
}

// chooseMultiPaths picks the model file of each multi-player count: the
// count's own flag (-mp3-model, -mp4-model), else -mp-model, else the
// shipped CountModel, else the shipped MultiPlayerModel, else none (the
// heuristic). "heuristic" in a flag picks the heuristic.
func chooseMultiPaths(mf ModelFlags, wd string) []countChoice {
	out := make([]countChoice, 0, len(MultiPlayerCounts))
	for _, n := range MultiPlayerCounts {
		c := countChoice{players: n}
		switch {
		case mf.CountModels[n] != "":
			c.path, c.flag = mf.CountModels[n], countFlag(n)
		case mf.MultiModel != "":
			c.path, c.flag = mf.MultiModel, "-mp-model"
		default:
			if p, ok := FindShipped(wd, []string{CountModel(n), MultiPlayerModel}); ok {
				c.path = p
			} else {
				c.why = CountModel(n) + " and " + MultiPlayerModel + " not found"
			}
		}
		if c.path == HeuristicModel {
			c.path, c.why = "", "chosen with "+c.flag+" heuristic"
		}
		out = append(out, c)
	}
	return out
}

// countFlag is the flag of the model of n-player games alone.
func countFlag(n int) string { return "-mp" + strconv.Itoa(n) + "-model" }

// ChooseMultiModels loads the networks of three- and four-player games,
// one per file: a file that plays both counts comes back once with
// Players [3 4], and a count with a network of its own gets that one.
// Counts left out are played by the heuristic. A model must be of the
// format of the count's games (format.For: a model's metadata names its
// format) and play the count.
func ChooseMultiModels(ev *Evaluators, mf ModelFlags, log *slog.Logger) ([]analysis.CountEvaluator, error) {
	wd, _ := os.Getwd()
	var out []analysis.CountEvaluator
	for _, c := range chooseMultiPaths(mf, wd) {
		if c.path == "" {
			log.Info("multi-player games use the heuristic evaluator", "players", c.players, "why", c.why)
			continue
		}
		net, info, err := ev.Get(c.path)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", flagOrShipped(c), err)
		}
		if f, _ := format.For(c.players); info.Format() != f {
			return nil, fmt.Errorf("%s %s: model %s is of the format %s, %d-player games are of %s", flagOrShipped(c), c.path, info.ID, info.Features, c.players, f.FeatureSet())
		}
		if !slices.Contains(info.Players, c.players) {
			return nil, fmt.Errorf("%s %s: model %s plays %v-player games, not %d", flagOrShipped(c), c.path, info.ID, info.Players, c.players)
		}
		if i := slices.IndexFunc(out, func(m analysis.CountEvaluator) bool { return m.Info.Path == info.Path }); i >= 0 {
			out[i].Players = append(out[i].Players, c.players)
		} else {
			out = append(out, analysis.CountEvaluator{Players: []int{c.players}, Eval: Served(net, info), Info: info})
		}
		log.Info("multi-player games use the ONNX model", "players", c.players, "model", info.ID, "path", info.Path, "blocks", info.Blocks, "channels", info.Channels,
			"symmetries", info.Symmetries)
	}
	return out, nil
}

// flagOrShipped names where a choice came from in errors.
func flagOrShipped(c countChoice) string {
	if c.flag != "" {
		return c.flag
	}
	return "shipped model"
}

// MultiModelVersions describes the model of each multi-player count that
// `serve` would load, like ModelVersion: one line per count.
func MultiModelVersions(mf ModelFlags) []string {
	wd, _ := os.Getwd()
	ev := NewServiceEvaluators(mf)
	defer ev.Close()
	var out []string
	for _, c := range chooseMultiPaths(mf, wd) {
		desc := "heuristic (" + c.why + ")"
		if c.path != "" {
			if net, err := ev.OpenNetwork(c.path); err != nil {
				desc = "unreadable: " + err.Error()
			} else {
				desc = fmt.Sprintf("%s (%s, %d blocks x %d channels, players %v)", net.Info.ID, c.path, net.Info.Blocks, net.Info.Channels, net.Info.Players)
				if net.Info.Symmetries > 1 {
					desc = strings.TrimSuffix(desc, ")") + fmt.Sprintf(", averaged over %d symmetries)", net.Info.Symmetries)
				}
				desc += CalibrationVersion(mf, net.Info.ID, c.path)
			}
		}
		out = append(out, fmt.Sprintf("%d-player model %s", c.players, desc))
	}
	return out
}
