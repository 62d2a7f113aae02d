package recordtext

import (
	"fmt"
	"strings"
)

// Format names a text form of a game record (docs/records.md).
type Format string

// The record formats.
const (
	// Auto asks Parse to detect the format.
	Auto Format = "auto"
	// JSON is the project's JSON record (engine.Record).
	JSON Format = "json"
	// Moves is a plain move list in the project's notation, one move
	// per line or comma-separated, with blank lines and '#' comments.
	Moves Format = "moves"
	// WGF is the WGF record of the WallGo site ZachChiu/quoridor
	// (see ParseWGF).
	WGF Format = "wgf"
)

// ParseFormat accepts auto, json, moves or wgf; "" is auto.
func ParseFormat(text string) (Format, error) {
	switch f := Format(text); f {
	case "":
		return Auto, nil
	case Auto, JSON, Moves, WGF:
		return f, nil
	}
	return "", fmt.Errorf("format %q: want auto, json, moves or wgf", text)
}

// Detect tells the format of a record's text from its first
// non-blank line: JSON when it starts with '{', WGF when it starts with a
// number and '|' (the players block, "2|..."), a move list otherwise (no
// move in notation starts with a digit).
func Detect(text string) Format {
	line, _ := firstTextLine(text)
	switch {
	case strings.HasPrefix(line, "{"):
		return JSON
	case startsWithPlayersBlock(line):
		return WGF
	}
	return Moves
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
