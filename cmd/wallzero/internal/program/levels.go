package program

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/wallzero/wallzero/engine/player"
	"github.com/wallzero/wallzero/service"
	"github.com/wallzero/wallzero/service/jobs/movelevel"
	"github.com/wallzero/wallzero/service/levels"
)

// levelsFile is the levels file next to the shipped models
// (training/ratings.py levels writes it).
const levelsFile = "levels.json"

// LevelsConfig is serve's -levels flag: the named levels POST /v1/play
// plays at.
type LevelsConfig struct {
	path string
	// on is set when the flag is registered (serve); worker and bench api
	// serve no play requests and load no levels.
	on bool
}

// register adds -levels.
func (l *LevelsConfig) register(fs *flag.FlagSet) {
	l.on = true
	fs.StringVar(&l.path, "levels", "", "levels file of POST /v1/play (training/ratings.py levels writes it; default "+levelsFile+
		" in the model's directory, else models/"+levelsFile+"; a missing default file means no levels); model paths in its specs are relative to the directory above the file's")
}

// addLevels loads the levels into d with the player constructor that
// plays them. Every level's player is built once here, so that a bad spec
// is found at start-up and the networks load before the first move. A
// file given with -levels must load whole; from the default file, levels
// whose player cannot be built (no ONNX Runtime, a missing model) are left
// out with a warning, and a missing file leaves none, said by GET
// /v1/levels.
func (a *App) addLevels(d *service.Deps) error {
	wd, _ := os.Getwd()
	return a.addLevelsAt(d, wd)
}

// addLevelsAt is addLevels looking for the default file from wd.
func (a *App) addLevelsAt(d *service.Deps, wd string) error {
	if !a.Cfg.Levels.on {
		return nil
	}
	path, explicit := a.Cfg.Levels.path, a.Cfg.Levels.path != ""
	if !explicit {
		path = a.defaultLevelsPath(wd)
	}
	f, err := levels.Load(path)
	if errors.Is(err, os.ErrNotExist) && !explicit {
		d.LevelsNote = "no levels: " + path + " not found (serve -levels)"
		a.Log.Warn(d.LevelsNote)
		return nil
	}
	if err != nil {
		return fmt.Errorf("-levels: %w", err)
	}
	build := rootedConstructor(PlayerConstructor(a.Ev, nil), filepath.Dir(filepath.Dir(path)))
	kept := *f
	kept.Levels = nil
	for _, l := range f.Levels {
		if _, err := build(l.Spec, 1); err != nil {
			if explicit {
				return fmt.Errorf("-levels %s: level %q: %w", path, l.ID, err)
			}
			a.Log.Warn("level left out", "level", l.ID, "spec", l.Spec, "error", err.Error())
			continue
		}
		kept.Levels = append(kept.Levels, l)
	}
	if len(kept.Levels) == 0 {
		d.LevelsNote = "no levels: none of the levels of " + path + " could be built (see the server log)"
		return nil
	}
	d.Levels, d.NewPlayer = &kept, build
	a.Log.Info("levels", "path", path, "levels", strings.Join(kept.IDs(), ","))
	return nil
}

// addReviewLevels loads the ladder reviews measure moves against into
// d: the file of -levels when given (serve), else the default one. Every
// process that runs review jobs loads it, the worker included, and builds
// no player from it (the review plays the levels itself); a file that
// cannot be read only means that reviews carry no levels.
func (a *App) addReviewLevels(d *service.Deps) {
	wd, _ := os.Getwd()
	path := a.Cfg.Levels.path
	if path == "" {
		path = a.defaultLevelsPath(wd)
	}
	f, err := levels.Load(path)
	if err != nil {
		a.Log.Warn("no levels in reviews", "path", path, "error", err.Error())
		return
	}
	d.ReviewLevels = f
}

// ReviewLadder returns the ladder a command's reviews measure moves
// against (rating review -whole): the levels file at path, or with path
// "" models/levels.json found from the working directory up (none found:
// no ladder, said on stderr); "none" gives no ladder.
func ReviewLadder(path string, stderr io.Writer) ([]movelevel.LadderLevel, error) {
	if path == "none" {
		return nil, nil
	}
	if path == "" {
		wd, _ := os.Getwd()
		var found bool
		if path, found = FindShipped(wd, []string{"models/" + levelsFile}); !found {
			fmt.Fprintln(stderr, "no models/"+levelsFile+" found: the reviews carry no levels")
			return nil, nil
		}
	}
	f, err := levels.Load(path)
	if err != nil {
		return nil, fmt.Errorf("-levels: %w", err)
	}
	return movelevel.Ladder(f), nil
}

// defaultLevelsPath returns the levels file next to the model the service
// analyses with, else models/levels.json in wd or a directory above it,
// else models/levels.json.
func (a *App) defaultLevelsPath(wd string) string { return a.defaultShippedPath(wd, levelsFile) }

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// rootedConstructor returns build with the relative model paths of specs
// read from root instead of the working directory.
func rootedConstructor(build player.Constructor, root string) player.Constructor {
	return func(spec string, seed uint64) (player.Player, error) {
		return build(RootedSpec(spec, root), seed)
	}
}

// RootedSpec rewrites the relative model= path of a player spec to one
// under root ("mcts:visits=64,model=models/wallzero.onnx" with root /app
// gives model=/app/models/wallzero.onnx); other specs are returned as
// they are.
func RootedSpec(spec, root string) string {
	kind, rest, ok := strings.Cut(spec, ":")
	if !ok {
		return spec
	}
	opts := strings.Split(rest, ",")
	for i, kv := range opts {
		if v, ok := strings.CutPrefix(kv, "model="); ok && v != HeuristicModel && v != "" && !filepath.IsAbs(v) {
			opts[i] = "model=" + filepath.Join(root, v)
		}
	}
	return kind + ":" + strings.Join(opts, ",")
}
