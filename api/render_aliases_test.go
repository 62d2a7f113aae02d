package api

import (
	"encoding/json"
	"net/url"
	"testing"
)

// TestQueryAliases checks that every deprecated board.svg name still works
// (the same picture as its record name), that old and new together must
// agree, and that errors name the parameter the client sent.
func TestQueryAliases(t *testing.T) {
	t.Parallel()
	srv := startPictureServer(t, false)
	const base = "moves=C3,E3,C5,E5,E5-E4:N&"
	same := []struct{ old, new string }{
		{"mode=four-stone", "opening=four-stone"},
		{"tiebreak=none", "tieBreak=none"},
		{"reach=true", "includeReachability=true"},
		{"mode=four-stone&opening=four-stone", "opening=four-stone"},
	}
	for _, tc := range same {
		t.Run("alias "+tc.old, func(t *testing.T) {
			t.Parallel()
			s1, _, old := pictureGet(t, srv.URL+"/v1/render/board.svg?"+base+tc.old)
			s2, _, cur := pictureGet(t, srv.URL+"/v1/render/board.svg?"+base+tc.new)
			if s1 != 200 || s2 != 200 || string(old) != string(cur) {
				t.Fatalf("%s: %d, %s: %d, same picture %v", tc.old, s1, tc.new, s2, string(old) == string(cur))
			}
		})
	}
	bad := []struct{ name, query, field string }{
		{"old and new differ", "mode=empty&opening=four-stone", "mode"},
		{"tiebreak and tieBreak differ", "tiebreak=none&tieBreak=largest-region", "tiebreak"},
		{"reach and includeReachability differ", "reach=true&includeReachability=false", "reach"},
		{"analyze and topK differ", "analyze=1&topK=2", "analyze"},
		{"visits and maxVisits differ", "topK=1&visits=8&maxVisits=9", "visits"},
		{"bad old value names the old name", "tiebreak=coin", "tiebreak"},
		{"bad new value names the new name", "tieBreak=coin", "tieBreak"},
		{"topK out of range", "topK=99", "topK"},
		{"maxVisits without topK", "maxVisits=10", "maxVisits"},
		{"old name repeated", "mode=empty&mode=empty", "mode"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			status, _, body := pictureGet(t, srv.URL+"/v1/render/board.svg?"+base+tc.query)
			var e ErrorResponse
			if err := json.Unmarshal(body, &e); err != nil || status != 400 {
				t.Fatalf("status %d: %s", status, body)
			}
			if e.Error.Field != tc.field || e.Error.Code != "invalid" || e.Error.Message == "" {
				t.Errorf("error %+v, want field %q", e.Error, tc.field)
			}
		})
	}
}

// TestResolveAliases checks the renaming itself.
func TestResolveAliases(t *testing.T) {
	t.Parallel()
	q, _ := url.ParseQuery("mode=empty&tiebreak=none&reach=1&analyze=2&visits=9&title=x")
	renamed, err := resolveAliases(q)
	if err != nil {
		t.Fatal(err)
	}
	want := url.Values{"opening": {"empty"}, "tieBreak": {"none"}, "includeReachability": {"1"}, "topK": {"2"}, "maxVisits": {"9"}, "title": {"x"}}
	if q.Encode() != want.Encode() {
		t.Errorf("got %s, want %s", q.Encode(), want.Encode())
	}
	for old, name := range queryAliases {
		if renamed[name] != old {
			t.Errorf("renamed[%s] = %q, want %q", name, renamed[name], old)
		}
		if !boardParams[name] || boardParams[old] {
			t.Errorf("%s -> %s: the new name must be known and the old one only an alias", old, name)
		}
	}
}
