package wsbench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/wallzero/wallzero/api/workspace"
)

// Client speaks the workspace's routes and /v1/analyze over HTTP.
type Client struct {
	// HTTP sends the requests; Base is the server's URL
	// (http://host:port).
	HTTP *http.Client
	Base string
}

// do sends a request and decodes a 2xx answer's JSON into out (when not
// nil); any other status is an error carrying the body.
func (c *Client) do(ctx context.Context, method, path, contentType string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, c.Base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %d %.300s", method, path, res.StatusCode, data)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

// CreateCollection makes a collection and returns its id.
func (c *Client) CreateCollection(ctx context.Context, name string) (string, error) {
	body, _ := json.Marshal(map[string]string{"name": name})
	var out struct{ ID string }
	if err := c.do(ctx, "POST", "/v1/collections", "application/json", body, &out); err != nil {
		return "", err
	}
	return out.ID, nil
}

// Import posts game lines (JSON lines) into a collection in one call.
func (c *Client) Import(ctx context.Context, id string, lines []string) (workspace.ImportResult, error) {
	var out workspace.ImportResult
	err := c.do(ctx, "POST", "/v1/collections/"+id+"/games", "application/x-ndjson", []byte(strings.Join(lines, "\n")+"\n"), &out)
	return out, err
}

// Collection reads a collection with its games and progress.
func (c *Client) Collection(ctx context.Context, id string) (workspace.Collection, error) {
	var out workspace.Collection
	err := c.do(ctx, "GET", "/v1/collections/"+id, "", nil, &out)
	return out, err
}

// WaitFinished polls the collection every poll until no review is queued
// or running, or ctx ends.
func (c *Client) WaitFinished(ctx context.Context, id string, poll time.Duration) (workspace.Collection, error) {
	for {
		col, err := c.Collection(ctx, id)
		if err == nil && col.Progress.Finished {
			return col, nil
		}
		select {
		case <-ctx.Done():
			if err == nil {
				err = fmt.Errorf("collection %s: %d of %d games reviewed when the wait ended: %w", id, col.Progress.Done, col.Progress.Total, ctx.Err())
			}
			return col, err
		case <-time.After(poll):
		}
	}
}

// Hint asks one synchronous analysis of the position after moves (at the
// service's default visits when visits is 0) and returns its latency and
// whether the cache answered it.
func (c *Client) Hint(ctx context.Context, moves []string, visits int) (time.Duration, bool, error) {
	req := map[string]any{"moves": moves}
	if visits > 0 {
		req["maxVisits"] = visits
	}
	body, _ := json.Marshal(req)
	var out struct {
		Cache struct {
			Hit bool `json:"hit"`
		} `json:"cache"`
	}
	start := time.Now()
	err := c.do(ctx, "POST", "/v1/analyze", "application/json", body, &out)
	return time.Since(start), out.Cache.Hit, err
}
