// Package api is the HTTP layer of the analysis service (gin): it decodes
// requests strictly, hands them to service.Service, and writes JSON
// answers and errors. It holds no game logic and no SQL. The handlers
// carry swag annotations from which openapi/ is generated.
//
//	@title						WallZero analysis API
//	@version					1.0
//	@description				Analysis service for WallGo (7x7 walls and territory): position analysis, game reviews and opening batches.
//	@description				Errors are JSON objects {"error": {"code", "field", "message"}}: field names the request field or move index (e.g. "moves[4]").
//	@BasePath					/
//	@accept						json
//	@produce					json
//	@tag.name					analysis
//	@tag.description			Synchronous analysis of positions (interactive priority).
//	@tag.name					jobs
//	@tag.description			Reviews and opening batches run as queued jobs.
//	@tag.name					operations
//	@tag.description			Models, health, readiness and metrics.
package api
