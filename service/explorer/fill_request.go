package explorer

// FillRequest asks to fill the opening table of an opening to a depth
// (see FillExplorer); it is the request of an explorer-fill job.
type FillRequest struct {
	// Opening is empty or four-stone ("": four-stone).
	Opening string `json:"opening" example:"four-stone"`
	// Depth is the number of placements from the start to cover.
	Depth int `json:"depth" example:"2"`
	// Visits is each position's search budget (0: the explorer's
	// default).
	Visits int `json:"visits,omitempty" example:"100"`
}

// ValidateFill normalizes a fill request (the default visits, the
// opening's name) and counts the canonical positions of its tree.
func (s *Explorer) ValidateFill(r *FillRequest) (int, error) {
	if r.Visits == 0 {
		r.Visits = s.cfg.Visits
	}
	rules, _, _, err := s.explorerSetup(r.Opening)
	if err != nil {
		return 0, err
	}
	r.Opening = string(rules.Opening)
	if err := s.checkFill(r.Depth, r.Visits); err != nil {
		return 0, err
	}
	return countTree(rules, r.Depth), nil
}
