package render

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/engine/grid"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/NAME.svg, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".svg")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it); got:\n%s", path, got)
	}
}

// element is one element of a parsed SVG document.
type element struct {
	name  string
	attrs map[string]string
	text  string
}

// classes returns the element's class list.
func (e element) classes() []string { return strings.Fields(e.attrs["class"]) }

// hasClass reports whether the element has every class given.
func (e element) hasClass(cs ...string) bool {
	for _, c := range cs {
		found := false
		for _, have := range e.classes() {
			if have == c {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// parseSVG parses doc as XML and checks that its root is an <svg> in the
// SVG namespace with a viewBox whose first child is a non-empty <title>.
// It returns every element in document order.
func parseSVG(t *testing.T, doc []byte) []element {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var out []element
	var stack []int
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			e := element{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				e.attrs[a.Name.Local] = a.Value
			}
			if len(out) == 0 {
				if e.name != "svg" || tok.Name.Space != "http://www.w3.org/2000/svg" {
					t.Fatalf("root is <%s xmlns=%q>, want an SVG <svg>", e.name, tok.Name.Space)
				}
				if e.attrs["viewBox"] == "" {
					t.Fatal("the <svg> has no viewBox")
				}
			}
			out = append(out, e)
			stack = append(stack, len(out)-1)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				out[stack[len(stack)-1]].text += string(tok)
			}
		}
	}
	if len(out) < 2 || out[1].name != "title" || strings.TrimSpace(out[1].text) == "" {
		t.Fatal("the first child of <svg> is not a non-empty <title>")
	}
	return out
}

// count returns how many elements are named name and have every class.
func count(els []element, name string, classes ...string) int {
	n := 0
	for _, e := range els {
		if e.name == name && e.hasClass(classes...) {
			n++
		}
	}
	return n
}

// play replays moves under rules and returns the final position.
func play(t *testing.T, rules engine.Rules, moves ...string) engine.Position {
	t.Helper()
	g, err := engine.Record{Rules: rules, Moves: moves}.Game()
	if err != nil {
		t.Fatal(err)
	}
	return g.Final
}

// mustMove parses a move.
func mustMove(t *testing.T, text string) grid.Move {
	t.Helper()
	m, _, err := grid.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func mustSquare(t *testing.T, text string) grid.Square {
	t.Helper()
	s, err := grid.ParseSquare(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
