package service

import (
	"github.com/wallzero/wallzero/engine"
	"github.com/wallzero/wallzero/service/records"
)

// ImportRecord reads a game record given as text (ImportText).
func (s *Service) ImportRecord(req records.ImportRequest) (*records.Imported, error) {
	return records.ImportText(req, s.Limits())
}

// ExportRecord writes a game record as text (ExportText).
func (s *Service) ExportRecord(req records.ExportRequest) (*records.Exported, error) {
	return records.ExportText(req, s.Limits())
}

// Position replays a game record within the service's limits and
// describes its final position (see PositionOf). It runs no search.
func (s *Service) Position(rec engine.Record) (*records.PositionView, error) {
	return records.PositionOf(rec, s.Limits())
}
