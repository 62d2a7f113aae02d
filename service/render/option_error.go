package render

import "fmt"

// OptionError is a picture option that does not fit the position: Param
// names the board.svg query parameter it came from (ownership,
// distances, candidates, reachDiff or last), Label the option as the
// message names it ("candidates[2]", "last move"), Reason what is wrong.
type OptionError struct {
	Param, Label, Reason string
}

// Error reads "label: reason".
func (e *OptionError) Error() string { return e.Label + ": " + e.Reason }

// optionErr returns an OptionError with a formatted reason.
func optionErr(param, label, format string, args ...any) error {
	return &OptionError{Param: param, Label: label, Reason: fmt.Sprintf(format, args...)}
}
