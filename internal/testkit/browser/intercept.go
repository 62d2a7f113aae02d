package browser

import (
	"context"
	"fmt"
	"sort"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// Reply is the answer Intercept gives a request in place of the network:
// a response of Status (200 when zero) with Headers and Body, or, when
// Fail is set, a network failure of that reason (network.ErrorReasonFailed,
// ...).
type Reply struct {
	Status  int
	Headers map[string]string
	Body    []byte
	Fail    network.ErrorReason
}

// JSONReply is a 200 response with a JSON body.
func JSONReply(body []byte) Reply {
	return Reply{Status: 200, Headers: map[string]string{"Content-Type": "application/json"}, Body: body}
}

// Intercept answers the page's requests whose URL matches pattern (the
// protocol's wildcards: * any run of characters, ? one) with reply's
// answer, through the protocol's Fetch domain: the stand-in for a server
// that fails or answers what a test needs. It lasts until stop is called
// or ctx ends; a page has one interception at a time (a second replaces
// the first's pattern). Requests the pattern does not match go to the
// network untouched.
func (p *Page) Intercept(ctx context.Context, pattern string, reply func(*network.Request) Reply) (stop func(), err error) {
	ictx, cancel := context.WithCancel(p.tab)
	defer context.AfterFunc(ctx, cancel)()
	// Subscribe before enabling, so that no paused request is missed.
	paused := chromedp.Events(ictx, fetch.RequestPaused)
	params := fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: pattern, RequestStage: fetch.RequestStageRequest}}}
	if _, err := Call(ctx, p, fetch.Enable, params); err != nil {
		cancel()
		return nil, fmt.Errorf("intercepting %s: %w", pattern, err)
	}
	go func() {
		for ev, err := range paused {
			if err != nil {
				return
			}
			p.answer(ictx, ev, reply(ev.Request))
		}
	}()
	return func() {
		// The tab may be gone already; then nothing is paused either.
		_, _ = Call(context.Background(), p, fetch.Disable, cdp.Empty{})
		cancel()
	}, nil
}

// answer fulfils or fails the paused request ev with r.
func (p *Page) answer(ctx context.Context, ev fetch.EventRequestPaused, r Reply) {
	if r.Fail != "" {
		_, _ = Call(ctx, p, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: r.Fail})
		return
	}
	status := r.Status
	if status == 0 {
		status = 200
	}
	names := make([]string, 0, len(r.Headers))
	for k := range r.Headers {
		names = append(names, k)
	}
	sort.Strings(names)
	headers := make([]*fetch.HeaderEntry, 0, len(names))
	for _, k := range names {
		headers = append(headers, &fetch.HeaderEntry{Name: k, Value: r.Headers[k]})
	}
	_, _ = Call(ctx, p, fetch.FulfillRequest, fetch.FulfillRequestParams{RequestID: ev.RequestID, ResponseCode: int64(status), ResponseHeaders: headers, Body: r.Body})
}
