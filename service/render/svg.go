package render

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// svg accumulates an SVG document.
type svg struct {
	bytes.Buffer
}

// open writes the document's root element, <title> and optional <desc>.
func (w *svg) open(width, height float64, class, title, desc string) {
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" class="%s" role="img" aria-labelledby="wz-title">`,
		num(width), num(height), num(width), num(height), esc(class))
	w.WriteString("\n")
	fmt.Fprintf(w, "<title id=\"wz-title\">%s</title>\n", esc(title))
	if desc != "" {
		fmt.Fprintf(w, "<desc>%s</desc>\n", esc(desc))
	}
}

// close ends the document.
func (w *svg) close() { w.WriteString("</svg>\n") }

// printf writes formatted text followed by a newline.
func (w *svg) printf(format string, args ...any) {
	fmt.Fprintf(w, format, args...)
	w.WriteByte('\n')
}

// num formats v with at most two decimals and no trailing zeros, the same
// on every platform ("-0" becomes "0").
func num(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "0"
	}
	r := math.Round(v*100) / 100
	if r == 0 {
		return "0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// percent formats a fraction in [0,1] as a percentage with one decimal,
// e.g. "62.5%".
func percent(v float64) string {
	return strconv.FormatFloat(math.Round(v*1000)/10, 'f', 1, 64) + "%"
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

// esc escapes text for XML content and attribute values, dropping the
// control characters XML 1.0 forbids.
func esc(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
	return escaper.Replace(s)
}
