// Package api is the HTTP layer of the analysis service (gin): it decodes
// requests strictly, hands them to the service's parts it takes directly
// (Deps: the cached analyses, jobs, play, the explorer, admission), and
// writes JSON answers and errors. It holds no game logic and no SQL. The
// handlers carry swag annotations from which openapi/ is generated.
//
//	@title						WallZero analysis API
//	@version					1.0
//	@description				Analysis service for WallGo (7x7 walls and territory): position analysis, game reviews and opening batches.
//	@description				Errors are JSON objects {"error": {"code", "field", "message", "requestId"}}: field is the full JSON path of the request field (e.g. "moves[4]", "rules.players", "board.stones.red[2]"), the query parameter or the header concerned; 429 and 503 answers carry Retry-After (also as retryAfterSeconds).
//	@description				Under -auth required every /v1 endpoint needs an API key: Authorization: Bearer wz_... (wallzero keys create).
//	@description				Every error code is listed in the ErrorBody schema (code enum). Two answers come from the HTTP server itself, before any handler, as plain text: 431 (the request headers exceed -max-header-bytes) and 400 for a request that is not valid HTTP.
//	@license.name				MIT
//	@license.url				https://opensource.org/license/mit
//	@BasePath					/
//	@tag.name					analysis
//	@tag.description			Synchronous analysis of positions (interactive priority).
//	@tag.name					jobs
//	@tag.description			Reviews and opening batches run as queued jobs.
//	@tag.name					openings
//	@tag.description			The opening explorer: policy and searched win rate of every placement.
//	@tag.name					positions
//	@tag.description			The state and legal moves of a position, for boards that keep no rules of their own.
//	@tag.name					records
//	@tag.description			Game records as text: JSON, plain move lists and the WGF records of the WallGo site ZachChiu/quoridor, read and written.
//	@tag.name					play
//	@tag.description			Play against the engine: named levels with their ratings, and a level's next move.
//	@tag.name					pictures
//	@tag.description			SVG pictures of positions and win-rate curves.
//	@tag.name					workspace
//	@tag.description			The coach's workspace: collections of games and their players, imports reviewed in the background, profiles, drills, export.
//	@tag.name					operations
//	@tag.description			Models, health, readiness and metrics.
//	@securityDefinitions.apikey	BearerAuth
//	@in							header
//	@name						Authorization
//	@description				An API key as "Bearer wz_...", made with `wallzero keys create`.
//	@accept						json
//	@produce					json
package api
