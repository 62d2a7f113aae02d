// Package cdp drives a headless Chromium over the Chrome DevTools Protocol
// for end-to-end tests of the review page. It speaks CDP over
// --remote-debugging-pipe (NUL-separated JSON on file descriptors 3 and
// 4), so it needs no WebSocket library and no free port, and imports the
// standard library only.
package cdp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"
)

// Flags are the command-line flags every browser starts with (plus an empty
// --user-data-dir and the pipe).
var Flags = []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
	"--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio", "--disable-extensions", "--disable-sync",
	"--disable-component-update", "--disable-default-apps", "--no-default-browser-check"}

// FindChromium returns the browser to run: $WALLZERO_CHROMIUM if set,
// else the first of chromium, chromium-browser, google-chrome on PATH.
func FindChromium() (string, error) {
	if p := os.Getenv("WALLZERO_CHROMIUM"); p != "" {
		return p, nil
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no Chromium found: install Debian's chromium package (scripts/chromium.sh) or set WALLZERO_CHROMIUM")
}

// Browser is a running Chromium and its protocol connection.
type Browser struct {
	cmd     *exec.Cmd
	dataDir string
	out     *os.File // our end of the browser's fd 3
	in      *os.File // our end of the browser's fd 4

	writeMu sync.Mutex
	mu      sync.Mutex
	nextID  int64
	pending map[int64]chan message
	events  []func(message)
	done    chan struct{}
	readErr error
	stderr  *tail
}

// message is one protocol message: a command's answer (ID set) or an
// event (Method set).
type message struct {
	ID        int64           `json:"id,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *protoError     `json:"error,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
}

type protoError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// Start runs the browser at exe with Flags, an empty profile in a new
// temporary folder and extra flags.
func Start(exe string, extra ...string) (*Browser, error) {
	dir, err := os.MkdirTemp("", "wallzero-chromium-")
	if err != nil {
		return nil, err
	}
	toBrowser, out, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	in, fromBrowser, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	args := append(append([]string{}, Flags...), "--user-data-dir="+filepath.Join(dir, "profile"), "--remote-debugging-pipe")
	args = append(args, extra...)
	args = append(args, "about:blank")
	cmd := exec.Command(exe, args...)
	cmd.ExtraFiles = []*os.File{toBrowser, fromBrowser}
	b := &Browser{cmd: cmd, dataDir: dir, out: out, in: in, pending: map[int64]chan message{}, done: make(chan struct{}), stderr: &tail{max: 4096}}
	cmd.Stderr = b.stderr
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("starting %s: %w", exe, err)
	}
	toBrowser.Close()
	fromBrowser.Close()
	go b.read()
	return b, nil
}

// read dispatches the browser's messages until the pipe closes.
func (b *Browser) read() {
	r := bufio.NewReaderSize(b.in, 1<<20)
	var err error
	for {
		var raw []byte
		raw, err = r.ReadBytes(0)
		if err != nil {
			break
		}
		var m message
		if err = json.Unmarshal(raw[:len(raw)-1], &m); err != nil {
			break
		}
		b.mu.Lock()
		if m.ID != 0 {
			if ch, ok := b.pending[m.ID]; ok {
				delete(b.pending, m.ID)
				ch <- m
			}
		}
		handlers := b.events
		b.mu.Unlock()
		if m.Method != "" {
			for _, h := range handlers {
				h(m)
			}
		}
	}
	b.mu.Lock()
	b.readErr = err
	for id, ch := range b.pending {
		delete(b.pending, id)
		close(ch)
	}
	b.mu.Unlock()
	close(b.done)
}

// OnEvent registers a handler for every event (of every session). Handlers
// run on the reading goroutine and must not block or call the browser.
func (b *Browser) OnEvent(h func(method, sessionID string, params json.RawMessage)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.events = append(b.events, func(m message) { h(m.Method, m.SessionID, m.Params) })
}

// Call sends a command (to a page's session, or the browser when sessionID
// is empty) and decodes its result into result (when not nil).
func (b *Browser) Call(ctx context.Context, sessionID, method string, params, result any) error {
	if params == nil {
		params = struct{}{}
	}
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	ch := make(chan message, 1)
	b.mu.Lock()
	if b.readErr != nil || isClosed(b.done) {
		b.mu.Unlock()
		return fmt.Errorf("cdp %s: the browser is gone (%v); its stderr ends: %s", method, b.readErr, b.stderr)
	}
	b.nextID++
	id := b.nextID
	b.pending[id] = ch
	b.mu.Unlock()
	data, _ := json.Marshal(message{ID: id, Method: method, Params: p, SessionID: sessionID})
	b.writeMu.Lock()
	_, err = b.out.Write(append(data, 0))
	b.writeMu.Unlock()
	if err != nil {
		return fmt.Errorf("cdp %s: %w", method, err)
	}
	select {
	case m, ok := <-ch:
		if !ok {
			return fmt.Errorf("cdp %s: the browser closed the connection; its stderr ends: %s", method, b.stderr)
		}
		if m.Error != nil {
			return fmt.Errorf("cdp %s: %s (%d)", method, m.Error.Message, m.Error.Code)
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-ctx.Done():
		b.mu.Lock()
		delete(b.pending, id)
		b.mu.Unlock()
		return fmt.Errorf("cdp %s: %w", method, ctx.Err())
	}
}

func isClosed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// Close asks the browser to quit, kills it if it does not, and removes its
// profile.
func (b *Browser) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_ = b.Call(ctx, "", "Browser.close", nil, nil)
	exited := make(chan struct{})
	go func() {
		_ = b.cmd.Wait() // its exit status after Browser.close says nothing
		close(exited)
	}()
	select {
	case <-exited:
	case <-ctx.Done():
		_ = b.cmd.Process.Kill()
		<-exited
	}
	b.out.Close()
	b.in.Close()
	return os.RemoveAll(b.dataDir)
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = t.buf[len(t.buf)-t.max:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

var _ io.Writer = (*tail)(nil)
