package winratecal

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// fileStride separates the game indices of several files read together
// (ReadGames), so that the bootstrap never takes two files' games for one.
const fileStride = 1_000_000

// ReadGames reads the games of calibration files (`calibration play`
// output). Each file's game indices are offset by its place in paths
// times a million, so that games of different runs stay apart. A game
// index seen twice in one file is an error, since it would be counted
// twice; every position must have a result.
func ReadGames(paths []string) ([]*Game, error) {
	var out []*Game
	for f, path := range paths {
		seen := map[int]string{}
		err := scan(path, func(line int, g *Game) error {
			if prev, ok := seen[g.Index]; ok {
				return fmt.Errorf("game %d is also on %s", g.Index, prev)
			}
			if g.Index < 0 || g.Index >= fileStride {
				return fmt.Errorf("game index %d: want 0 to %d", g.Index, fileStride-1)
			}
			for k, p := range g.Positions {
				if len(p.Result) != p.Players || len(p.Search) != p.Players {
					return fmt.Errorf("positions[%d]: %d results and %d win rates for %d players", k, len(p.Result), len(p.Search), p.Players)
				}
			}
			seen[g.Index] = fmt.Sprintf("line %d", line)
			g.Index += f * fileStride
			for k := range g.Positions {
				g.Positions[k].Game = g.Index
			}
			out = append(out, g)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// ReadGameList reads the games of a comma-separated list of calibration
// files (ReadGames).
func ReadGameList(list string) ([]*Game, error) {
	if list == "" {
		return nil, errors.New("no files given")
	}
	return ReadGames(strings.Split(list, ","))
}

// GameIndices returns the indices of the games a calibration file holds
// (none when it does not exist yet).
func GameIndices(path string) (map[int]bool, error) {
	out := map[int]bool{}
	err := scan(path, func(_ int, g *Game) error {
		out[g.Index] = true
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	return out, err
}

// scan calls f with every game of a file; errors name the file and line.
// A last line cut short (a run killed while writing) is ignored.
func scan(path string, f func(line int, g *Game) error) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var pending error
	for line := 1; sc.Scan(); line++ {
		if pending != nil {
			return pending
		}
		var g Game
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			pending = fmt.Errorf("%s:%d: %w", path, line, err)
			continue
		}
		if err := f(line, &g); err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
	}
	return sc.Err()
}

// TrimPartial cuts a calibration file after its last complete line, so
// that games appended by a resumed run do not follow a line a killed run
// left half-written. A missing file is left missing.
func TrimPartial(path string) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	keep := len(b)
	for keep > 0 && b[keep-1] != '\n' {
		keep--
	}
	if keep == len(b) {
		return nil
	}
	return os.Truncate(path, int64(keep))
}

// OpenGames opens a calibration file for appending games, locked so that
// a second run on it fails rather than playing the same games beside the
// first; a line a killed run left half-written is cut first. It returns
// the indices of the games the file already holds.
func OpenGames(path string) (*os.File, map[int]bool, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if err := lockExclusive(f); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := TrimPartial(path); err != nil {
		f.Close()
		return nil, nil, err
	}
	done, err := GameIndices(path)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, done, nil
}
