package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/api"
)

// hostile is one hostile request and the answer it must get.
type hostile struct {
	name   string
	method string
	path   string // with the query string, already escaped
	ct     string // Content-Type; "" sends application/json, noCT none
	body   string
	status int
	field  string // the exact error.field ("" where the error concerns the whole request)
}

// noCT sends a request without a Content-Type header.
const noCT = "none"

// The JSON endpoints and a valid body for each, to vary.
const (
	analyzePath  = "/v1/analyze"
	reviewsPath  = "/v1/reviews"
	openingsPath = "/v1/openings/batch"
	unknownJob   = "6f1c2a5e-8d0b-4c47-9a53-2f8e1b7c9d10"
)

// fullBoard is a legal play-phase board of the four-stone opening.
const fullBoard = `"stones":{"red":["B6","F2","C3","E5"],"blue":["B2","F6","E3","C5"]}`

// hostileCases returns the suite: every endpoint, every body field and
// every query parameter, with the status and field each must answer.
func hostileCases(t *testing.T) []hostile {
	ten := strings.Repeat(" ", 10<<20) // 10 MB of white space
	deep := strings.Repeat("[", 10000)
	longID := strings.Repeat("x", 129)
	hugeID := strings.Repeat("y", 650<<10)
	manyMoves := `["` + strings.TrimSuffix(strings.Repeat(`C3","`, 401), `","`) + `"]`
	manyTurns := "[" + strings.TrimSuffix(strings.Repeat("0,", 201), ",") + "]"
	hugeTitle, err := os.ReadFile("testdata/hostile_title.txt")
	if err != nil {
		t.Fatal(err)
	}
	var cs []hostile
	add := func(h ...hostile) { cs = append(cs, h...) }

	// Every JSON endpoint: the body as a whole, the media type and the
	// method.
	for _, ep := range []struct{ path, valid string }{
		{analyzePath, `{"moves":["C3"]}`},
		{reviewsPath, `{"moves":["C3"]}`},
		{openingsPath, `{"openings":[["C3"]]}`},
	} {
		p := ep.path
		first := strings.SplitN(ep.valid, `"`, 3)[1] // moves or openings
		upper := strings.ToUpper(first[:1]) + first[1:]
		add(
			hostile{"empty body", "POST", p, "", ``, 400, ""},
			hostile{"white space body", "POST", p, "", " \n\t ", 400, ""},
			hostile{"null body", "POST", p, "", `null`, 400, ""},
			hostile{"array body", "POST", p, "", `[]`, 400, ""},
			hostile{"string body", "POST", p, "", `"moves"`, 400, ""},
			hostile{"number body", "POST", p, "", `42`, 400, ""},
			hostile{"truncated object", "POST", p, "", `{`, 400, ""},
			hostile{"trailing data", "POST", p, "", ep.valid + ` {}`, 400, ""},
			hostile{"trailing garbage", "POST", p, "", ep.valid + `x`, 400, ""},
			hostile{"10k open brackets", "POST", p, "", deep, 400, ""},
			hostile{"10 MB body", "POST", p, "", `{"moves":[]` + ten + `}`, 413, ""},
			hostile{"byte order mark", "POST", p, "", "\xef\xbb\xbf" + ep.valid, 400, ""},
			hostile{"text/plain", "POST", p, "text/plain", ep.valid, 415, "Content-Type"},
			hostile{"no content type", "POST", p, noCT, ep.valid, 415, "Content-Type"},
			hostile{"form content type", "POST", p, "application/x-www-form-urlencoded", ep.valid, 415, "Content-Type"},
			hostile{"latin1 charset", "POST", p, "application/json; charset=latin1", ep.valid, 415, "Content-Type"},
			hostile{"json lookalike type", "POST", p, "application/jsonp", ep.valid, 415, "Content-Type"},
			hostile{"malformed content type", "POST", p, "application/json; ;", ep.valid, 415, "Content-Type"},
			hostile{"unknown top-level field", "POST", p, "APPLICATION/JSON; Charset=UTF-8", `{"colour":"red"}`, 400, "colour"},
			hostile{"field name in another case", "POST", p, "", strings.Replace(ep.valid, `"`+first+`"`, `"`+upper+`"`, 1), 400, upper},
			hostile{"field given twice", "POST", p, "", strings.TrimSuffix(ep.valid, "}") + "," + strings.TrimPrefix(ep.valid, "{"), 400, first},
			hostile{"NUL in id", "POST", p, "", `{"id":"a\u0000b",` + ep.valid[1:], 400, "id"},
			hostile{"raw NUL in id", "POST", p, "", "{\"id\":\"a\x00b\"," + ep.valid[1:], 400, "id"},
			hostile{"invalid UTF-8 in id", "POST", p, "", "{\"id\":\"a\xff\xfeb\"," + ep.valid[1:], 400, "id"},
			hostile{"overlong UTF-8 in id", "POST", p, "", "{\"id\":\"\xc0\xaf\"," + ep.valid[1:], 400, "id"},
			hostile{"lone surrogate in id", "POST", p, "", `{"id":"\ud800",` + ep.valid[1:], 400, "id"},
			hostile{"lone low surrogate in id", "POST", p, "", `{"id":"\udc00x",` + ep.valid[1:], 400, "id"},
			hostile{"raw tab in id", "POST", p, "", "{\"id\":\"a\tb\"," + ep.valid[1:], 400, "id"},
			hostile{"escaped control character in id", "POST", p, "", `{"id":"a\u0007b",` + ep.valid[1:], 400, "id"},
			hostile{"bad escape in id", "POST", p, "", `{"id":"a\xb",` + ep.valid[1:], 400, "id"},
			hostile{"id of 129 characters", "POST", p, "", `{"id":"` + longID + `",` + ep.valid[1:], 400, "id"},
			hostile{"id of 650 KB", "POST", p, "", `{"id":"` + hugeID + `",` + ep.valid[1:], 400, "id"},
			hostile{"id a number", "POST", p, "", `{"id":5,` + ep.valid[1:], 400, "id"},
			hostile{"id an object", "POST", p, "", `{"id":{},` + ep.valid[1:], 400, "id"},
			hostile{"rules a string", "POST", p, "", `{"rules":"two",` + ep.valid[1:], 400, "rules"},
			hostile{"rules.players a string", "POST", p, "", `{"rules":{"players":"two"},` + ep.valid[1:], 400, "rules.players"},
			hostile{"rules.players 1", "POST", p, "", `{"rules":{"players":1},` + ep.valid[1:], 400, "rules.players"},
			hostile{"rules.players 5", "POST", p, "", `{"rules":{"players":5},` + ep.valid[1:], 400, "rules.players"},
			hostile{"rules.players -1", "POST", p, "", `{"rules":{"players":-1},` + ep.valid[1:], 400, "rules.players"},
			hostile{"rules.players 1e400", "POST", p, "", `{"rules":{"players":1e400},` + ep.valid[1:], 400, "rules.players"},
			hostile{"rules.players 2^63", "POST", p, "", `{"rules":{"players":9223372036854775808},` + ep.valid[1:], 400, "rules.players"},
			hostile{"rules.players 2.5", "POST", p, "", `{"rules":{"players":2.5},` + ep.valid[1:], 400, "rules.players"},
			hostile{"rules.colour", "POST", p, "", `{"rules":{"colour":"red"},` + ep.valid[1:], 400, "rules.colour"},
			hostile{"rules.opening unknown", "POST", p, "", `{"rules":{"opening":"five-stone"},` + ep.valid[1:], 400, "rules.opening"},
			hostile{"rules.opening with NUL", "POST", p, "", `{"rules":{"opening":"four\u0000stone"},` + ep.valid[1:], 400, "rules.opening"},
			hostile{"rules.stay", "POST", p, "", `{"rules":{"stay":"never"},` + ep.valid[1:], 400, "rules.stay"},
			hostile{"rules.tieBreak a number", "POST", p, "", `{"rules":{"tieBreak":7},` + ep.valid[1:], 400, "rules.tieBreak"},
			hostile{"maxVisits -1", "POST", p, "", `{"maxVisits":-1,` + ep.valid[1:], 400, "maxVisits"},
			hostile{"maxVisits 2^63", "POST", p, "", `{"maxVisits":9223372036854775808,` + ep.valid[1:], 400, "maxVisits"},
			hostile{"maxVisits 1e400", "POST", p, "", `{"maxVisits":1e400,` + ep.valid[1:], 400, "maxVisits"},
			hostile{"maxVisits too many", "POST", p, "", `{"maxVisits":10001,` + ep.valid[1:], 400, "maxVisits"},
			hostile{"maxVisits a string", "POST", p, "", `{"maxVisits":"many",` + ep.valid[1:], 400, "maxVisits"},
			hostile{"maxVisits true", "POST", p, "", `{"maxVisits":true,` + ep.valid[1:], 400, "maxVisits"},
			hostile{"maxVisits 0x10", "POST", p, "", `{"maxVisits":0x10,` + ep.valid[1:], 400, "maxVisits"},
			hostile{"maxVisits NaN", "POST", p, "", `{"maxVisits":NaN,` + ep.valid[1:], 400, "maxVisits"},
			hostile{"GET instead of POST", "GET", p, "", ``, 405, ""},
			hostile{"PUT instead of POST", "PUT", p, "", ep.valid, 405, ""},
			hostile{"DELETE instead of POST", "DELETE", p, "", ``, 405, ""},
		)
	}

	// Records: /analyze and /reviews share the board and the moves.
	for _, p := range []string{analyzePath, reviewsPath} {
		add(
			hostile{"move illegal", "POST", p, "", `{"moves":["C3","E3","C5","E5","E5-E1:N"]}`, 400, "moves[4]"},
			hostile{"move on an occupied square", "POST", p, "", `{"moves":["C3","C3"]}`, 400, "moves[1]"},
			hostile{"move out of turn", "POST", p, "", `{"moves":["R C3","R E3"]}`, 400, "moves[1]"},
			hostile{"move SQL", "POST", p, "", `{"id":"'; DROP TABLE jobs;--","moves":["'; DROP TABLE jobs;--"]}`, 400, "moves[0]"},
			hostile{"move path", "POST", p, "", `{"id":"../../etc/passwd","moves":["C3","../../etc/passwd"]}`, 400, "moves[1]"},
			hostile{"move with NUL", "POST", p, "", `{"moves":["C3","E\u00003"]}`, 400, "moves[1]"},
			hostile{"move invalid UTF-8", "POST", p, "", "{\"moves\":[\"C3\",\"E3\",\"\xe2\x28\xa1\"]}", 400, "moves[2]"},
			hostile{"move of 33 bytes", "POST", p, "", `{"moves":["` + strings.Repeat("C", 33) + `"]}`, 400, "moves[0]"},
			hostile{"move of 5000 bytes", "POST", p, "", `{"moves":["C3","` + strings.Repeat("E", 5000) + `"]}`, 400, "moves[1]"},
			hostile{"move a number", "POST", p, "", `{"moves":["C3",3]}`, 400, "moves[1]"},
			hostile{"move null", "POST", p, "", `{"moves":[null]}`, 400, "moves[0]"},
			hostile{"move an array", "POST", p, "", `{"moves":[["C3"]]}`, 400, "moves[0]"},
			hostile{"moves a string", "POST", p, "", `{"moves":"C3,E3"}`, 400, "moves"},
			hostile{"moves deeply nested", "POST", p, "", `{"moves":` + deep + `}`, 400, "moves[0]"},
			hostile{"board a string", "POST", p, "", `{"board":"start","moves":["C3"]}`, 400, "board"},
			hostile{"board.stones an array", "POST", p, "", `{"board":{"stones":[]},"moves":["C3"]}`, 400, "board.stones"},
			hostile{"board.stones.red[2] not a square", "POST", p, "", `{"board":{"stones":{"red":["B6","F2","Z9","E5"]},"toMove":"red","phase":"play"},"moves":["C3"]}`, 400, "board.stones.red[2]"},
			hostile{"board.stones.red[1] twice", "POST", p, "", `{"board":{"stones":{"red":["B6","B6"]},"toMove":"red","phase":"play"},"moves":["C3"]}`, 400, "board.stones.red[1]"},
			hostile{"board.stones.red[0] NUL", "POST", p, "", `{"board":{"stones":{"red":["\u0000"]}},"moves":["C3"]}`, 400, "board.stones.red[0]"},
			hostile{"board.stones.red[0] a number", "POST", p, "", `{"board":{"stones":{"red":[1]}},"moves":["C3"]}`, 400, "board.stones.red[0]"},
			hostile{"board.stones.purple", "POST", p, "", `{"board":{"stones":{"purple":[]},"toMove":"red","phase":"play"},"moves":["C3"]}`, 400, "board.stones.purple"},
			hostile{"board.stones.red five stones", "POST", p, "", `{"board":{"stones":{"red":["A1","A2","A3","A4","A5"]},"toMove":"red","phase":"play"},"moves":["C3"]}`, 400, "board.stones.red"},
			hostile{"board.walls[1].side", "POST", p, "", `{"board":{` + fullBoard + `,"walls":[{"square":"C3","side":"N","by":"red"},{"square":"C4","side":"up","by":"red"}],"toMove":"red","phase":"play"},"moves":["C3"]}`, 400, "board.walls[1].side"},
			hostile{"board.walls[0].square", "POST", p, "", `{"board":{` + fullBoard + `,"walls":[{"square":"C9","side":"N","by":"red"}],"toMove":"red","phase":"play"},"moves":["C3"]}`, 400, "board.walls[0].square"},
			hostile{"board.walls[0].by", "POST", p, "", `{"board":{` + fullBoard + `,"walls":[{"square":"C3","side":"N","by":"green"}],"toMove":"red","phase":"play"},"moves":["C3"]}`, 400, "board.walls[0].by"},
			hostile{"board.walls[0] on the edge", "POST", p, "", `{"board":{` + fullBoard + `,"walls":[{"square":"A4","side":"W","by":"red"}],"toMove":"red","phase":"play"},"moves":["C3"]}`, 400, "board.walls[0]"},
			hostile{"board.walls[0].colour", "POST", p, "", `{"board":{"walls":[{"square":"C3","colour":"red"}]},"moves":["C3"]}`, 400, "board.walls[0].colour"},
			hostile{"board.walls[0].square a number", "POST", p, "", `{"board":{"walls":[{"square":33}]},"moves":["C3"]}`, 400, "board.walls[0].square"},
			hostile{"board.walls[0] null", "POST", p, "", `{"board":{"walls":[null]},"moves":["C3"]}`, 400, "board.walls[0]"},
			hostile{"board.toMove", "POST", p, "", `{"board":{` + fullBoard + `,"toMove":"nobody","phase":"play"},"moves":["C3"]}`, 400, "board.toMove"},
			hostile{"board.phase", "POST", p, "", `{"board":{` + fullBoard + `,"toMove":"red","phase":"middle"},"moves":["C3"]}`, 400, "board.phase"},
			hostile{"board.midTurn a string", "POST", p, "", `{"board":{"midTurn":"yes"},"moves":["C3"]}`, 400, "board.midTurn"},
			hostile{"board.breaksUsed[0] with two players", "POST", p, "", `{"board":{` + fullBoard + `,"toMove":"red","phase":"play","breaksUsed":["red"]},"moves":["C3"]}`, 400, "board.breaksUsed[0]"},
			hostile{"board.breaksUsed[0] a number", "POST", p, "", `{"board":{"breaksUsed":[1]},"moves":["C3"]}`, 400, "board.breaksUsed[0]"},
		)
	}

	// /analyze only.
	add(
		hostile{"too many moves", "POST", analyzePath, "", `{"moves":` + manyMoves + `}`, 400, "moves"},
		hostile{"analyzeTurns[2] outside", "POST", analyzePath, "", `{"moves":["C3"],"analyzeTurns":[0,1,2]}`, 400, "analyzeTurns[2]"},
		hostile{"analyzeTurns[0] negative", "POST", analyzePath, "", `{"moves":["C3"],"analyzeTurns":[-1]}`, 400, "analyzeTurns[0]"},
		hostile{"analyzeTurns[1] a string", "POST", analyzePath, "", `{"moves":["C3"],"analyzeTurns":[0,"1"]}`, 400, "analyzeTurns[1]"},
		hostile{"analyzeTurns[0] 2^63", "POST", analyzePath, "", `{"moves":["C3"],"analyzeTurns":[9223372036854775808]}`, 400, "analyzeTurns[0]"},
		hostile{"analyzeTurns a number", "POST", analyzePath, "", `{"moves":["C3"],"analyzeTurns":1}`, 400, "analyzeTurns"},
		hostile{"analyzeTurns too many", "POST", analyzePath, "", `{"moves":["C3"],"analyzeTurns":` + manyTurns + `}`, 400, "analyzeTurns"},
		hostile{"topK negative", "POST", analyzePath, "", `{"moves":["C3"],"topK":-1}`, 400, "topK"},
		hostile{"includeOwnership a string", "POST", analyzePath, "", `{"moves":["C3"],"includeOwnership":"yes"}`, 400, "includeOwnership"},
		hostile{"five players", "POST", analyzePath, "", `{"rules":{"players":5},"moves":[]}`, 400, "rules.players"},
	)

	// /reviews only.
	add(
		hostile{"review without moves", "POST", reviewsPath, "", `{}`, 400, "moves"},
		hostile{"review with empty moves", "POST", reviewsPath, "", `{"moves":[]}`, 400, "moves"},
		hostile{"review of five players", "POST", reviewsPath, "", `{"rules":{"players":5},"moves":["A1"]}`, 400, "rules.players"},
		hostile{"review too many moves", "POST", reviewsPath, "", `{"moves":` + manyMoves + `}`, 413, "moves"},
	)

	// /openings/batch only.
	many := `[` + strings.TrimSuffix(strings.Repeat(`["C3"],`, 51), ",") + `]`
	add(
		hostile{"empty opening", "POST", openingsPath, "", `{"openings":[[]]}`, 400, "openings[0]"},
		hostile{"second opening empty", "POST", openingsPath, "", `{"openings":[["C3"],[]]}`, 400, "openings[1]"},
		hostile{"no openings", "POST", openingsPath, "", `{"openings":[]}`, 400, "openings"},
		hostile{"openings missing", "POST", openingsPath, "", `{}`, 400, "openings"},
		hostile{"openings[3][1] occupied", "POST", openingsPath, "", `{"openings":[["C3"],["D4"],["E5"],["C3","C3"]]}`, 400, "openings[3][1]"},
		hostile{"openings[0][4] past the setup", "POST", openingsPath, "", `{"openings":[["C3","E3","C5","E5","E5-E4:N"]]}`, 400, "openings[0][4]"},
		hostile{"openings[0][0] a break", "POST", openingsPath, "", `{"openings":[["xD4:E"]]}`, 400, "openings[0][0]"},
		hostile{"openings[0][0] NUL", "POST", openingsPath, "", `{"openings":[["C\u00003"]]}`, 400, "openings[0][0]"},
		hostile{"openings[1][0] invalid UTF-8", "POST", openingsPath, "", "{\"openings\":[[\"C3\"],[\"\xff\"]]}", 400, "openings[1][0]"},
		hostile{"openings[0][0] SQL", "POST", openingsPath, "", `{"openings":[["'; DROP TABLE jobs;--"]]}`, 400, "openings[0][0]"},
		hostile{"openings[0][0] path", "POST", openingsPath, "", `{"openings":[["../../etc/passwd"]]}`, 400, "openings[0][0]"},
		hostile{"openings[0][0] long", "POST", openingsPath, "", `{"openings":[["` + strings.Repeat("D", 100) + `"]]}`, 400, "openings[0][0]"},
		hostile{"openings[0][0] a number", "POST", openingsPath, "", `{"openings":[[4]]}`, 400, "openings[0][0]"},
		hostile{"openings[0][0] null", "POST", openingsPath, "", `{"openings":[[null]]}`, 400, "openings[0][0]"},
		hostile{"openings[0] null", "POST", openingsPath, "", `{"openings":[null]}`, 400, "openings[0]"},
		hostile{"openings[0] a string", "POST", openingsPath, "", `{"openings":["C3"]}`, 400, "openings[0]"},
		hostile{"openings a string", "POST", openingsPath, "", `{"openings":"C3"}`, 400, "openings"},
		hostile{"openings too many", "POST", openingsPath, "", `{"openings":` + many + `}`, 413, "openings"},
		hostile{"openings of five players", "POST", openingsPath, "", `{"rules":{"players":5},"openings":[["A1"]]}`, 400, "rules.players"},
		hostile{"openings with moves", "POST", openingsPath, "", `{"moves":["C3"],"openings":[["C3"]]}`, 400, "moves"},
		hostile{"openings with a board", "POST", openingsPath, "", `{"board":{},"openings":[["C3"]]}`, 400, "board"},
	)

	// Job ids in paths.
	for _, p := range []string{"/v1/reviews/", "/v1/jobs/"} {
		add(
			hostile{"unknown job", "GET", p + unknownJob, "", ``, 404, "id"},
			hostile{"SQL id", "GET", p + "%27%3B%20DROP%20TABLE%20jobs%3B--", "", ``, 404, "id"},
			hostile{"NUL id", "GET", p + "a%00b", "", ``, 404, "id"},
			hostile{"invalid UTF-8 id", "GET", p + "%FF%FE", "", ``, 404, "id"},
			hostile{"long id", "GET", p + strings.Repeat("z", 4000), "", ``, 404, "id"},
			hostile{"escaped path id", "GET", p + "..%2F..%2Fetc%2Fpasswd", "", ``, 404, ""},
			hostile{"dot-dot path", "GET", p + "../../etc/passwd", "", ``, 404, ""},
			hostile{"POST on a job", "POST", p + unknownJob, "", `{}`, 405, ""},
			hostile{"PUT on a job", "PUT", p + unknownJob, "", `{}`, 405, ""},
		)
	}
	add(
		hostile{"cancel unknown job", "DELETE", "/v1/jobs/" + unknownJob, "", ``, 404, "id"},
		hostile{"cancel SQL id", "DELETE", "/v1/jobs/%27%3B%20DROP%20TABLE%20jobs%3B--", "", ``, 404, "id"},
		hostile{"cancel NUL id", "DELETE", "/v1/jobs/%00", "", ``, 404, "id"},
		hostile{"cancel a review path", "DELETE", "/v1/reviews/" + unknownJob, "", ``, 405, ""},
		hostile{"upper-case job id unknown", "GET", "/v1/jobs/" + strings.ToUpper(unknownJob), "", ``, 404, "id"},
	)

	// The other endpoints: wrong methods and paths.
	add(
		hostile{"POST models", "POST", "/v1/models", "", `{}`, 405, ""},
		hostile{"DELETE models", "DELETE", "/v1/models", "", ``, 405, ""},
		hostile{"models subpath", "GET", "/v1/models/../../etc/passwd", "", ``, 404, ""},
		hostile{"POST healthz", "POST", "/healthz", "", `{}`, 405, ""},
		hostile{"PUT readyz", "PUT", "/readyz", "", `{}`, 405, ""},
		hostile{"POST docs", "POST", "/docs", "", `{}`, 405, ""},
		hostile{"DELETE openapi", "DELETE", "/openapi.json", "", ``, 405, ""},
		hostile{"POST metrics", "POST", "/metrics", "", `{}`, 405, ""},
		hostile{"unknown endpoint", "GET", "/v1/analyse", "", ``, 404, ""},
		hostile{"traversal endpoint", "GET", "/v1/../../etc/passwd", "", ``, 404, ""},
		hostile{"POST board picture", "POST", "/v1/render/board.svg", "", `{}`, 405, ""},
		hostile{"DELETE winrate picture", "DELETE", "/v1/reviews/" + unknownJob + "/winrate.svg", "", ``, 405, ""},
	)

	// board.svg query parameters.
	svg := "/v1/render/board.svg?"
	board := func(json string) string { return svg + "board=" + urlEscape(json) }
	record := func(json string) string { return svg + "record=" + urlEscape(json) }
	add(
		hostile{"svg illegal move", "GET", svg + "moves=C3,E3,C5,E5,E5-E1:N", "", ``, 400, "moves[4]"},
		hostile{"svg empty move", "GET", svg + "moves=C3,,E3", "", ``, 400, "moves[1]"},
		hostile{"svg move SQL", "GET", svg + "moves=%27%3B%20DROP%20TABLE%20jobs%3B--", "", ``, 400, "moves[0]"},
		hostile{"svg move path", "GET", svg + "moves=..%2F..%2Fetc%2Fpasswd", "", ``, 400, "moves[0]"},
		hostile{"svg move NUL", "GET", svg + "moves=C%003", "", ``, 400, "moves"},
		hostile{"svg move invalid UTF-8", "GET", svg + "moves=C3,%FF", "", ``, 400, "moves"},
		hostile{"svg move long", "GET", svg + "moves=" + strings.Repeat("C", 40), "", ``, 400, "moves[0]"},
		hostile{"svg too many moves", "GET", svg + "moves=" + strings.TrimSuffix(strings.Repeat("C3,", 401), ","), "", ``, 413, "moves"},
		hostile{"svg moves too long", "GET", svg + "moves=" + strings.Repeat("C", 20000), "", ``, 400, "moves"},
		hostile{"svg players 1", "GET", svg + "players=1", "", ``, 400, "players"},
		hostile{"svg players 5", "GET", svg + "players=5", "", ``, 400, "players"},
		hostile{"svg players two", "GET", svg + "players=two", "", ``, 400, "players"},
		hostile{"svg players 2^64", "GET", svg + "players=18446744073709551616", "", ``, 400, "players"},
		hostile{"svg opening", "GET", svg + "opening=five-stone", "", ``, 400, "opening"},
		hostile{"svg stay", "GET", svg + "stay=never", "", ``, 400, "stay"},
		hostile{"svg tieBreak", "GET", svg + "tieBreak=coin", "", ``, 400, "tieBreak"},
		hostile{"svg turn negative", "GET", svg + "moves=C3&turn=-1", "", ``, 400, "turn"},
		hostile{"svg turn past the end", "GET", svg + "moves=C3&turn=2", "", ``, 400, "turn"},
		hostile{"svg turn 1e400", "GET", svg + "turn=1e400", "", ``, 400, "turn"},
		hostile{"svg turn a word", "GET", svg + "turn=last", "", ``, 400, "turn"},
		hostile{"svg topK negative", "GET", svg + "topK=-1", "", ``, 400, "topK"},
		hostile{"svg topK too many", "GET", svg + "topK=99", "", ``, 400, "topK"},
		hostile{"svg maxVisits negative", "GET", svg + "topK=1&maxVisits=-1", "", ``, 400, "maxVisits"},
		hostile{"svg maxVisits 0", "GET", svg + "topK=1&maxVisits=0", "", ``, 400, "maxVisits"},
		hostile{"svg maxVisits 2^63", "GET", svg + "topK=1&maxVisits=9223372036854775808", "", ``, 400, "maxVisits"},
		hostile{"svg maxVisits without analysis", "GET", svg + "maxVisits=10", "", ``, 400, "maxVisits"},
		hostile{"svg includeReachability", "GET", svg + "includeReachability=maybe", "", ``, 400, "includeReachability"},
		hostile{"svg territory", "GET", svg + "territory=2", "", ``, 400, "territory"},
		hostile{"svg last", "GET", svg + "last=x", "", ``, 400, "last"},
		hostile{"svg ownership", "GET", svg + "ownership=1,2", "", ``, 400, "ownership"},
		hostile{"svg ownership NaN", "GET", svg + "ownership=" + strings.TrimSuffix(strings.Repeat("NaN,", 49), ","), "", ``, 400, "ownership"},
		hostile{"svg candidates", "GET", svg + "candidates=E5-E9:N", "", ``, 400, "candidates"},
		hostile{"svg played", "GET", svg + "played=E5-E4:N@2", "", ``, 400, "played"},
		hostile{"svg distances", "GET", svg + "distances=Z9", "", ``, 400, "distances"},
		hostile{"svg distances empty square", "GET", svg + "distances=D4", "", ``, 400, "distances"},
		hostile{"svg title long", "GET", svg + "title=" + strings.TrimSpace(string(hugeTitle)), "", ``, 400, "title"},
		hostile{"svg title NUL", "GET", svg + "title=a%00b", "", ``, 400, "title"},
		hostile{"svg title invalid UTF-8", "GET", svg + "title=%FF%FE", "", ``, 400, "title"},
		hostile{"svg unknown parameter", "GET", svg + "moves=C3&colour=red", "", ``, 400, "colour"},
		hostile{"svg repeated parameter", "GET", svg + "moves=C3&moves=E3", "", ``, 400, "moves"},
		hostile{"svg malformed escape", "GET", svg + "moves=%zz", "", ``, 400, ""},
		hostile{"svg record and moves", "GET", svg + "record=%7B%7D&moves=C3", "", ``, 400, "moves"},
		hostile{"svg board not JSON", "GET", board(`{`), "", ``, 400, "board"},
		hostile{"svg board null", "GET", board(`null`), "", ``, 400, "board"},
		hostile{"svg board.colour", "GET", board(`{"colour":1}`), "", ``, 400, "board.colour"},
		hostile{"svg board.walls[0].side", "GET", board(`{` + fullBoard + `,"walls":[{"square":"C3","side":"up","by":"red"}],"toMove":"red","phase":"play"}`), "", ``, 400, "board.walls[0].side"},
		hostile{"svg board.stones.red[0] NUL", "GET", board(`{"stones":{"red":["\u0000"]}}`), "", ``, 400, "board.stones.red[0]"},
		hostile{"svg board.phase", "GET", board(`{` + fullBoard + `,"toMove":"red","phase":"middle"}`), "", ``, 400, "board.phase"},
		hostile{"svg record moves a number", "GET", record(`{"moves":3}`), "", ``, 400, "record.moves"},
		hostile{"svg record five players", "GET", record(`{"rules":{"players":5}}`), "", ``, 400, "record.rules.players"},
		hostile{"svg record illegal move", "GET", record(`{"moves":["C3","C3"]}`), "", ``, 400, "record.moves[1]"},
		hostile{"svg record board", "GET", record(`{"board":{"stones":{"red":["Z9"]}}}`), "", ``, 400, "record.board.stones.red[0]"},
		hostile{"svg record array", "GET", record(`[]`), "", ``, 400, "record"},
		hostile{"svg record deep", "GET", record(strings.Repeat("[", 5000)), "", ``, 400, "record"},
	)

	// The win-rate picture.
	curve := "/v1/reviews/" + unknownJob + "/winrate.svg?"
	add(
		hostile{"curve of an unknown review", "GET", curve, "", ``, 404, "id"},
		hostile{"curve current negative", "GET", curve + "current=-1", "", ``, 400, "current"},
		hostile{"curve current a word", "GET", curve + "current=end", "", ``, 400, "current"},
		hostile{"curve current 1e400", "GET", curve + "current=1e400", "", ``, 400, "current"},
		hostile{"curve current twice", "GET", curve + "current=1&current=2", "", ``, 400, "current"},
		hostile{"curve unknown parameter", "GET", curve + "ply=3", "", ``, 400, "ply"},
		hostile{"curve current NUL", "GET", curve + "current=%00", "", ``, 400, "current"},
		hostile{"curve SQL id", "GET", "/v1/reviews/%27%3B%20DROP%20TABLE%20jobs%3B--/winrate.svg", "", ``, 404, "id"},
	)
	return cs
}

// urlEscape escapes a query value.
func urlEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// TestHostileRequests sends every hostile request to the whole service
// (heuristic evaluator, real PostgreSQL): each gets its exact 4xx status
// and error.field, none a 5xx, /healthz answers 200 after each, and no job
// is stored.
func TestHostileRequests(t *testing.T) {
	t.Parallel()
	ts := start(t, newDatabase(t), options{noWorker: true, maxOpenings: 50})
	cases := hostileCases(t)
	if len(cases) < 120 {
		t.Fatalf("%d hostile cases, want at least 120", len(cases))
	}
	t.Logf("%d hostile requests", len(cases))
	client := &http.Client{}
	for _, tc := range cases {
		name := tc.method + " " + strings.SplitN(tc.path, "?", 2)[0] + ": " + tc.name
		status, e, raw := hostileDo(t, client, ts.url, tc)
		if status >= 500 {
			t.Errorf("%s: %d %s", name, status, raw)
		}
		if status != tc.status || e.Error.Field != tc.field {
			t.Errorf("%s: got %d field %q (%s); want %d field %q", name, status, e.Error.Field, clipped(raw), tc.status, tc.field)
		}
		if e.Error.Code == "" || e.Error.Message == "" || e.Error.RequestID == "" {
			t.Errorf("%s: error without code, message or request id: %s", name, clipped(raw))
		}
		if code, err := httpGetStatus(client, ts.url+"/healthz"); err != nil || code != 200 {
			t.Fatalf("after %s: /healthz %d %v", name, code, err)
		}
	}
	if jobs, err := ts.store.ActiveJobs(t.Context()); err != nil || len(jobs) != 0 {
		t.Errorf("jobs stored by rejected requests: %v %v", jobs, err)
	}
}

// hostileDo sends one hostile request and decodes its error answer.
func hostileDo(t *testing.T, client *http.Client, base string, tc hostile) (int, api.ErrorResponse, string) {
	t.Helper()
	var body io.Reader
	if tc.body != "" {
		body = strings.NewReader(tc.body)
	}
	req, err := http.NewRequest(tc.method, base+tc.path, body)
	if err != nil {
		t.Fatalf("%s: %v", tc.name, err)
	}
	switch tc.ct {
	case "":
		req.Header.Set("Content-Type", "application/json")
	case noCT:
	default:
		req.Header.Set("Content-Type", tc.ct)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", tc.name, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s: %v", tc.name, err)
	}
	var e api.ErrorResponse
	if err := json.Unmarshal(raw, &e); err != nil {
		t.Errorf("%s: %d, not a JSON error: %s", tc.name, res.StatusCode, clipped(string(raw)))
	}
	return res.StatusCode, e, string(raw)
}

// httpGetStatus returns the status of a GET.
func httpGetStatus(client *http.Client, url string) (int, error) {
	res, err := client.Get(url)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	_, err = io.Copy(io.Discard, res.Body)
	return res.StatusCode, err
}

// clipped shortens an answer for a message.
func clipped[T string | []byte](s T) string {
	b := []byte(s)
	if len(b) > 300 {
		return string(bytes.ToValidUTF8(b[:300], nil)) + "..."
	}
	return string(b)
}
