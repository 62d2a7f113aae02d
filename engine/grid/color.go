package grid

import "fmt"

// MaxPlayers is the largest number of players a game can have.
const MaxPlayers = 4

// Color identifies a player. Red moves first, then Blue, Green and Yellow.
type Color int8

// The player colours, in turn order.
const (
	Red Color = iota
	Blue
	Green
	Yellow
)

// NoColor marks the absence of a player (an empty square, a draw).
const NoColor Color = -1

var colorNames = [MaxPlayers]string{"red", "blue", "green", "yellow"}

// String returns the lower-case name of the colour, e.g. "red".
func (c Color) String() string {
	if c < 0 || c >= MaxPlayers {
		return "none"
	}
	return colorNames[c]
}

// Letter returns the one-letter prefix of the colour in move notation: R, B,
// G or Y.
func (c Color) Letter() string {
	if c < 0 || c >= MaxPlayers {
		return "?"
	}
	return string("RBGY"[c])
}

// ParseColor accepts a colour's name or letter in either case.
func ParseColor(text string) (Color, error) {
	switch text {
	case "R", "r", "red", "Red", "RED":
		return Red, nil
	case "B", "b", "blue", "Blue", "BLUE":
		return Blue, nil
	case "G", "g", "green", "Green", "GREEN":
		return Green, nil
	case "Y", "y", "yellow", "Yellow", "YELLOW":
		return Yellow, nil
	}
	return NoColor, fmt.Errorf("colour %q: must be red, blue, green or yellow (or R, B, G, Y)", text)
}
