package main

import (
	"context"
	"fmt"
	"io"

	"github.com/wallzero/wallzero/cmd/wallzero/internal/program"
	"github.com/wallzero/wallzero/cmd/wallzero/internal/winratecal"
)

// calibrationMirror implements `wallzero calibration mirror`: the colour
// test of a model's value (winratecal.Mirror) on saved calibration games,
// and its raw value's reliability on their positions.
func calibrationMirror(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("calibration mirror", stderr)
	in := fs.String("in", "", "two-player calibration games (calibration play -out), comma-separated")
	var mf program.ModelFlags
	mf.RegisterService(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	games, err := winratecal.ReadGameList(*in)
	if err != nil {
		return fmt.Errorf("-in: %w", err)
	}
	ev := program.NewServiceEvaluators(mf)
	defer ev.Close()
	net, info, err := ev.Get("")
	if err != nil {
		return err
	}
	r, err := winratecal.Mirror(context.Background(), program.Served(net, info), games)
	if err != nil {
		return err
	}
	r.Print(stdout, info.ID)
	return nil
}
