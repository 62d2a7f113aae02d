package jsonscan

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The scanner's lexical checks: literals, numbers and strings.

// literal checks true, false or null.
func (s *scanner) literal(path string) error {
	for _, lit := range []string{"true", "false", "null"} {
		if s.peekLiteral(lit) {
			s.pos += len(lit)
			return nil
		}
	}
	return s.fail(path, "malformed JSON: unexpected %s", s.kindOf())
}

// number checks a number's syntax and returns its text.
func (s *scanner) number(path string) (string, error) {
	start := s.pos
	d := s.data
	digits := func() int {
		n := 0
		for s.pos < len(d) && d[s.pos] >= '0' && d[s.pos] <= '9' {
			s.pos++
			n++
		}
		return n
	}
	if s.pos < len(d) && d[s.pos] == '-' {
		s.pos++
	}
	switch {
	case s.pos < len(d) && d[s.pos] == '0':
		s.pos++
	case digits() == 0:
		return "", s.fail(path, "malformed JSON: expected a value, got %s", s.kindOf())
	}
	if s.pos < len(d) && d[s.pos] == '.' {
		s.pos++
		if digits() == 0 {
			return "", s.fail(path, "malformed JSON: a number needs digits after its '.'")
		}
	}
	if s.pos < len(d) && (d[s.pos] == 'e' || d[s.pos] == 'E') {
		s.pos++
		if s.pos < len(d) && (d[s.pos] == '+' || d[s.pos] == '-') {
			s.pos++
		}
		if digits() == 0 {
			return "", s.fail(path, "malformed JSON: a number needs digits in its exponent")
		}
	}
	if s.pos < len(d) && (d[s.pos] == '.' || d[s.pos] == '_' || d[s.pos] >= '0' && d[s.pos] <= '9' || d[s.pos]|0x20 >= 'a' && d[s.pos]|0x20 <= 'z') {
		return "", s.fail(path, "malformed JSON: a number followed by %q", rune(d[s.pos]))
	}
	return string(d[start:s.pos]), nil
}

// str checks a string (the current byte is its opening quote) and returns
// its decoded value: no raw control characters, valid escapes, no NUL,
// valid UTF-8 and surrogate pairs, at most MaxStringBytes decoded bytes.
func (s *scanner) str(path string) (string, error) { return s.strUpTo(path, MaxStringBytes) }

// strUpTo is str with a limit of limit decoded bytes.
func (s *scanner) strUpTo(path string, limit int) (string, error) {
	d := s.data
	s.pos++ // "
	var b strings.Builder
	for {
		if s.pos >= len(d) {
			return "", s.fail(path, "malformed JSON: the body ends inside a string")
		}
		if b.Len() > limit {
			return "", s.fail(path, "a string longer than %d bytes", limit)
		}
		c := d[s.pos]
		switch {
		case c == '"':
			s.pos++
			return b.String(), nil
		case c == 0:
			return "", s.fail(path, "a string holds a NUL byte")
		case c < 0x20:
			return "", s.fail(path, "malformed JSON: a raw control character (0x%02x) in a string; escape it", c)
		case c == '\\':
			r, err := s.escape(path)
			if err != nil {
				return "", err
			}
			b.WriteRune(r)
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			s.pos++
		default:
			r, size := utf8.DecodeRune(d[s.pos:])
			if r == utf8.RuneError && size == 1 {
				return "", s.fail(path, "invalid UTF-8 (byte 0x%02x)", c)
			}
			b.WriteRune(r)
			s.pos += size
		}
	}
}

// escape decodes one escape sequence (the current byte is its backslash),
// joining UTF-16 surrogate pairs and refusing NUL and lone surrogates.
func (s *scanner) escape(path string) (rune, error) {
	d := s.data
	if s.pos+1 >= len(d) {
		return 0, s.fail(path, "malformed JSON: the body ends inside a string")
	}
	c := d[s.pos+1]
	if c != 'u' {
		s.pos += 2
		switch c {
		case '"', '\\', '/':
			return rune(c), nil
		case 'b':
			return '\b', nil
		case 'f':
			return '\f', nil
		case 'n':
			return '\n', nil
		case 'r':
			return '\r', nil
		case 't':
			return '\t', nil
		}
		s.pos -= 2
		return 0, s.fail(path, "malformed JSON: unknown escape \\%c in a string", rune(c))
	}
	r, ok := s.hex4(s.pos + 2)
	if !ok {
		return 0, s.fail(path, "malformed JSON: \\u needs four hex digits")
	}
	switch {
	case r == 0:
		return 0, s.fail(path, "a string holds a NUL character (\\u0000)")
	case utf16.IsSurrogate(r) && r < 0xdc00:
		if s.pos+7 < len(d) && d[s.pos+6] == '\\' && d[s.pos+7] == 'u' {
			if lo, ok := s.hex4(s.pos + 8); ok {
				if pair := utf16.DecodeRune(r, lo); pair != utf8.RuneError {
					s.pos += 12
					return pair, nil
				}
			}
		}
		return 0, s.fail(path, "invalid UTF-16: \\u%04x is not followed by a low surrogate", r)
	case utf16.IsSurrogate(r):
		return 0, s.fail(path, "invalid UTF-16: a lone low surrogate \\u%04x", r)
	}
	s.pos += 6
	return r, nil
}

// hex4 decodes four hex digits at i.
func (s *scanner) hex4(i int) (rune, bool) {
	if i+4 > len(s.data) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(s.data[i:i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	return rune(n), true
}
