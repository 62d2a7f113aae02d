package main

import (
	"fmt"
	"io"
)

// runCalibration implements `wallzero calibration play|table|fit|mirror`: the
// calibration of the service's win rates against self-play at its own
// settings (cmd/wallzero/internal/winratecal, docs/calibration.md).
func runCalibration(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, calibrationUsage)
		return errUsage
	}
	switch args[0] {
	case "play":
		return calibrationPlay(args[1:], stdout, stderr)
	case "table":
		return calibrationTable(args[1:], stdout, stderr)
	case "fit":
		return calibrationFit(args[1:], stdout, stderr)
	case "mirror":
		return calibrationMirror(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, calibrationUsage)
		return nil
	}
	fmt.Fprintf(stderr, "wallzero calibration: unknown subcommand %q\n%s\n", args[0], calibrationUsage)
	return errUsage
}

const calibrationUsage = `usage:
  wallzero calibration play -out GAMES.jsonl [-games 200] [-players 2] [-opening four-stone] [-seed 1] [-visits 200] [-workers 16] [model flags]
      self-play in which every move is the service's analysis; prints the reliability table at the end
  wallzero calibration table -in GAMES.jsonl[,MORE.jsonl] [-calibration FILE|none] [-svg DIAGRAM.svg] [-by phase,opening,seat]
      the reliability table of saved games, before and after a calibration
  wallzero calibration fit -in GAMES.jsonl[,MORE.jsonl] -out models/wallzero-int8.calibration.json [-model-id ID]
      fit the per-kind maps (players, opening, phase) on saved games
  wallzero calibration mirror -in GAMES.jsonl [model flags]
      the colour test of a model's value: Red's value against the same player's once the colours are exchanged`
