package api

import (
	"context"
	"fmt"
	"os"
	"slices"
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
	for i, m := range game[:24] {
		b.play(m)
		b.waitAnalysis(i + 1)
	}
	var metrics []struct{ First, Final float64 }
	b.eval(`WZ.app.live.metrics.slice(1).map(m => ({First: m.first, Final: m.final}))`, &metrics)
	if len(metrics) < 24 {
		t.Fatalf("%d positions measured, want 24", len(metrics))
	}
	var first, final []float64
	for _, m := range metrics {
		first = append(first, m.First)
		final = append(final, m.Final)
	}
	q := func(v []float64) string {
		s := slices.Clone(v)
		slices.Sort(s)
		at := func(p float64) float64 { return s[int(p*float64(len(s)-1)+0.5)] }
		return fmt.Sprintf("median %.0f ms (quartiles %.0f-%.0f)", at(0.5), at(0.25), at(0.75))
	}
	var model string
	b.eval(`WZ.app.live.last.rootInfo.model`, &model)
	t.Logf("model %s, %d positions: click to first candidates %s; to the final 400-visit analysis %s", model, len(metrics), q(first), q(final))
}
