package engine

import (
	"fmt"
	"strings"
)

// RecordFormat names a text form of a game record (docs/records.md).
type RecordFormat string

// The record formats.
const (
	// RecordAuto asks ParseRecordText to detect the format.
	RecordAuto RecordFormat = "auto"
	// RecordJSON is the project's JSON record (Record).
	RecordJSON RecordFormat = "json"
	// RecordMoves is a plain move list in the project's notation, one move
	// per line or comma-separated, with blank lines and '#' comments.
	RecordMoves RecordFormat = "moves"
	// RecordWGF is the WGF record of the WallGo site ZachChiu/quoridor
	// (see ParseWGF).
	RecordWGF RecordFormat = "wgf"
)

// ParseRecordFormat accepts auto, json, moves or wgf; "" is auto.
func ParseRecordFormat(text string) (RecordFormat, error) {
	switch f := RecordFormat(text); f {
	case "":
		return RecordAuto, nil
	case RecordAuto, RecordJSON, RecordMoves, RecordWGF:
		return f, nil
	}
	return "", fmt.Errorf("format %q: want auto, json, moves or wgf", text)
}

// DetectRecordFormat tells the format of a record's text from its first
// non-blank line: JSON when it starts with '{', WGF when it starts with a
// number and '|' (the players block, "2|..."), a move list otherwise (no
// move in notation starts with a digit).
func DetectRecordFormat(text string) RecordFormat {
	line, _ := firstTextLine(text)
	switch {
	case strings.HasPrefix(line, "{"):
		return RecordJSON
	case startsWithPlayersBlock(line):
		return RecordWGF
	}
	return RecordMoves
}

// firstTextLine returns the first line of text holding anything but
// spaces, trimmed, and its 1-based number; "" and 0 when there is none.
func firstTextLine(text string) (string, int) {
	for i, line := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(line); t != "" {
			return t, i + 1
		}
	}
	return "", 0
}

// startsWithPlayersBlock reports whether line starts with digits and '|'.
func startsWithPlayersBlock(line string) bool {
	i := 0
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	return i > 0 && i < len(line) && line[i] == '|'
}
