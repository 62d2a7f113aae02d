package api

import (
	"context"
	"testing"

	"github.com/wallzero/wallzero/internal/testkit/browser"
)

// openReviewMode opens /review, the board in its review mode, in a new tab
// of br (w x h CSS pixels) and waits until the board has asked for its
// first position (a server that wants a key refuses it until one is
// typed in).
func openReviewMode(t *testing.T, ctx context.Context, br *browser.Browser, srv *pictureServer, w, h int) *boardPage {
	t.Helper()
	p, err := br.NewPage(ctx, w, h)
	if err != nil {
		t.Fatal(err)
	}
	b := &boardPage{t: t, ctx: ctx, page: p}
	watchPage(t, p, &failureWatch{srv: srv})
	b.must(p.Navigate(ctx, srv.URL+"/review"))
	b.wait(`document.body.dataset.mode === "review" && !document.getElementById("panel-review").hidden &&
		(document.body.dataset.state === "ready" || document.body.dataset.state === "error")`)
	return b
}

// waitReview waits for the review just submitted: it starts (the page
// names its id) and finishes; a failed review fails the test with what
// the page says.
func (b *boardPage) waitReview() {
	b.t.Helper()
	b.wait(`document.body.dataset.reviewId && (document.body.dataset.review === "running" || document.body.dataset.review === "ready")`)
	b.wait(`document.body.dataset.review === "ready" || document.body.dataset.review === "error"`)
	if st := b.str(`document.body.dataset.review`); st != "ready" {
		b.t.Fatalf("the review did not finish: %s (%s; %s)", st, b.str(`document.getElementById("review-state").textContent`), b.str(`document.getElementById("error").textContent`))
	}
}

// submitReview pastes record into the review panel with visits a
// position, submits it and waits for its review.
func (b *boardPage) submitReview(record, visits string) {
	b.t.Helper()
	b.typeText("#review-record", record)
	b.typeText("#review-visits", visits)
	b.click("#review-submit")
	b.waitReview()
}

// liveOff switches the live analysis off with its box: the review's
// checks need none of it, and the machine's cores go to the review.
func (b *boardPage) liveOff() {
	b.t.Helper()
	if b.str(`String(document.getElementById("live-on").checked)`) == "true" {
		b.click("#live-on")
	}
	// The board shows its position again, without the analysis (and,
	// after a key was typed, without the error of its first try).
	b.wait(`document.body.dataset.state !== "loading" && document.body.dataset.analysis !== "running"`)
}
