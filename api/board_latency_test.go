package api

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/wallzero/wallzero/internal/testkit/browser"
)

// TestBoardLatency measures, on a running server, how long the board takes
// from a click that makes a move to the first streamed candidate moves and
// to the final 400-visit analysis: it enters the first 24 moves of an
// agent game by clicks, waiting for each position's final analysis, and
// logs the medians and quartiles. It runs only when $WALLZERO_BOARD_URL
// names the server (e.g. http://localhost:8080 from `make run`), so the
// figures are of that server's model and machine:
//
//	WALLZERO_BOARD_URL=http://localhost:8080 go test -run TestBoardLatency -v ./api
func TestBoardLatency(t *testing.T) {
	base := os.Getenv("WALLZERO_BOARD_URL")
	if base == "" {
		t.Skip("skipped: set WALLZERO_BOARD_URL to a running server to measure the board's analysis latency")
	}
	exe, err := browser.FindChromium()
	if err != nil {
		t.Fatal(err)
	}
	br, err := browser.Start(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer br.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	b := newBoardPage(t, ctx, br, base+"/analysis", 1280, 1000)
	b.waitAnalysis(0)
	game := agentGame(t, 1)
	// The engine panel names the latency of the analysis it shows: ms
	// from the click that made the position to the first candidates and
	// to the final analysis.
	var first, final []float64
	for i, m := range game[:24] {
		b.play(m)
		b.waitAnalysis(i + 1)
		var lat struct{ First, Final string }
		b.eval(`(({firstMs, finalMs}) => ({First: firstMs, Final: finalMs}))(document.getElementById("engine-state").dataset)`, &lat)
		f, err1 := strconv.ParseFloat(lat.First, 64)
		g, err2 := strconv.ParseFloat(lat.Final, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("position %d: the engine panel's latency is %+v", i+1, lat)
		}
		first = append(first, f)
		final = append(final, g)
	}
	q := func(v []float64) string {
		s := slices.Clone(v)
		slices.Sort(s)
		at := func(p float64) float64 { return s[int(p*float64(len(s)-1)+0.5)] }
		return fmt.Sprintf("median %.0f ms (quartiles %.0f-%.0f)", at(0.5), at(0.25), at(0.75))
	}
	// The model is the server's: its analysis of the start says it.
	model := b.str(`fetch("/v1/analyze", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({rules: {players: 2, opening: "four-stone"}, moves: [], maxVisits: 1})}).then((r) => r.json()).then((a) => a.analyses[0].rootInfo.model)`)
	t.Logf("model %s, %d positions: click to first candidates %s; to the final 400-visit analysis %s", model, len(first), q(first), q(final))
}
