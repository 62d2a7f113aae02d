package gameinput

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/recordtext"
)

// RulesFlags registers the rule flags shared by the game subcommands,
// named as in the record's rules (-opening, -players, -stay, -tieBreak,
// -breakTiming, -breakWalls, -end, -settled).
// -mode and -tiebreak are deprecated aliases kept for one release.
type RulesFlags struct {
	opening, mode    setString
	players          int
	stay             string
	tieBreak, tiebrk setString
	breakTiming      string
	breakWalls       string
	end              string
	settled          string
}

// setString is a string flag that remembers whether it was given.
type setString struct {
	v   string
	set bool
}

// String returns the value.
func (s *setString) String() string { return s.v }

// Set records the value given on the command line.
func (s *setString) Set(v string) error { s.v, s.set = v, true; return nil }

// Register adds the rule flags to fs.
func (r *RulesFlags) Register(fs interface {
	Var(flag.Value, string, string)
	StringVar(*string, string, string, string)
	IntVar(*int, string, int, string)
}) {
	r.tieBreak.v = string(engine.TieBreakLargestRegion)
	fs.Var(&r.opening, "opening", "rules.opening: empty or four-stone (default four-stone with 2 players, empty with 3 or 4)")
	fs.IntVar(&r.players, "players", 2, "rules.players: 2, 3 or 4")
	fs.StringVar(&r.stay, "stay", "always", "rules.stay: always or step-out")
	fs.Var(&r.tieBreak, "tieBreak", "rules.tieBreak: largest-region or none (default largest-region)")
	fs.StringVar(&r.breakTiming, "breakTiming", "", "rules.breakTiming (three players): before-move or any-time (default before-move)")
	fs.StringVar(&r.breakWalls, "breakWalls", "", "rules.breakWalls (three players): beside-stone or frees-stone (default beside-stone)")
	fs.StringVar(&r.end, "end", "", "rules.end: no-mixed-region or frozen-mixed-regions (default no-mixed-region)")
	fs.StringVar(&r.settled, "settled", "", "rules.settled (three players): skip-without-break or skip (default skip-without-break)")
	fs.Var(&r.mode, "mode", "deprecated alias of -opening")
	fs.Var(&r.tiebrk, "tiebreak", "deprecated alias of -tieBreak")
}

// Rules returns the normalized rules the flags describe.
func (r *RulesFlags) Rules() (engine.Rules, error) {
	opening, err := aliasFlag(r.opening, r.mode, "opening", "mode")
	if err != nil {
		return engine.Rules{}, err
	}
	tieBreak, err := aliasFlag(r.tieBreak, r.tiebrk, "tieBreak", "tiebreak")
	if err != nil {
		return engine.Rules{}, err
	}
	return engine.Rules{
		Players:     r.players,
		Opening:     engine.Opening(opening),
		Stay:        engine.StayRule(r.stay),
		TieBreak:    engine.TieBreak(tieBreak),
		BreakTiming: engine.BreakTiming(r.breakTiming),
		BreakWalls:  engine.BreakWalls(r.breakWalls),
		End:         engine.EndRule(r.end),
		Settled:     engine.SettledRule(r.settled),
	}.Normalize()
}

// aliasFlag returns the value of a flag given by its name or by its
// deprecated alias; both given with different values is an error.
func aliasFlag(cur, old setString, name, oldName string) (string, error) {
	switch {
	case cur.set && old.set && cur.v != old.v:
		return "", fmt.Errorf("-%s is a deprecated alias of -%s, and the two differ (%q, %q); give only -%s", oldName, name, old.v, cur.v, name)
	case old.set && !cur.set:
		return old.v, nil
	}
	return cur.v, nil
}

// ReadMoves reads moves from path ("-" or "" for stdin): one per line or
// comma-separated; blank lines and text after '#' are ignored
// (recordtext.SplitMoveList, which also reads the move lists of
// POST /v1/records/import).
func ReadMoves(path string, stdin io.Reader) ([]string, error) {
	data, err := ReadInput(path, stdin)
	if err != nil {
		return nil, fmt.Errorf("reading moves: %w", err)
	}
	var moves []string
	for _, m := range recordtext.SplitMoveList(string(data)) {
		moves = append(moves, m.Text)
	}
	return moves, nil
}

// ReplayMoves plays moves from the start position of rules.
func ReplayMoves(rules engine.Rules, moves []string) (*engine.Game, error) {
	return engine.Record{Rules: rules, Moves: moves}.Game()
}

// ReadInput returns the contents of path, or of stdin when path is "" or
// "-".
func ReadInput(path string, stdin io.Reader) ([]byte, error) {
	if path == "" || path == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(path)
}

// ReadGame reads a JSON record (with its own rules) or a move list (with
// the flags' rules) from path (- or "": stdin) and replays it.
func (rf *RulesFlags) ReadGame(path string, stdin io.Reader) (*engine.Game, error) {
	data, err := ReadInput(path, stdin)
	if err != nil {
		return nil, fmt.Errorf("reading the record: %w", err)
	}
	if t := strings.TrimSpace(string(data)); strings.HasPrefix(t, "{") {
		var rec engine.Record
		if err := json.Unmarshal([]byte(t), &rec); err != nil {
			return nil, fmt.Errorf("record: %w", err)
		}
		rules, err := rec.Rules.Normalize()
		if err != nil {
			return nil, err
		}
		rec.Rules = rules
		return rec.Game()
	}
	rules, err := rf.Rules()
	if err != nil {
		return nil, err
	}
	moves, err := ReadMoves("-", strings.NewReader(string(data)))
	if err != nil {
		return nil, err
	}
	return ReplayMoves(rules, moves)
}
