package workspace

import (
	"reflect"
	"testing"

	wssvc "github.com/wallzero/wallzero/service/workspace"
)

// TestWireShapes: each JSON shape has the fields of the service type it
// is converted from, in the same order (the order of the JSON keys), each
// with a json tag; so a field added to a service type and not to its
// shape fails here rather than going missing from the answers. (The
// shapes converted by a plain type conversion fail to compile instead.)
func TestWireShapes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ wire, svc any }{
		{CollectionSummary{}, wssvc.CollectionSummary{}},
		{CollectionList{}, wssvc.CollectionList{}},
		{PlayerRef{}, wssvc.PlayerRef{}},
		{Collection{}, wssvc.Collection{}},
		{Progress{}, wssvc.Progress{}},
		{GameSummary{}, wssvc.GameSummary{}},
		{CancelResult{}, wssvc.CancelResult{}},
		{Player{}, wssvc.Player{}},
		{Profile{}, wssvc.Profile{}},
		{ProfileGame{}, wssvc.ProfileGame{}},
		{Mistakes{}, wssvc.Mistakes{}},
		{OpeningStat{}, wssvc.OpeningStat{}},
		{PlayerStat{}, wssvc.PlayerStat{}},
		{Drill{}, wssvc.Drill{}},
		{DrillList{}, wssvc.DrillList{}},
		{ImportResult{}, wssvc.ImportResult{}},
		{ImportedGame{}, wssvc.ImportedGame{}},
		{LineProblem{}, wssvc.LineProblem{}},
		{ExportLine{}, wssvc.ExportLine{}},
	} {
		w, s := reflect.TypeOf(tc.wire), reflect.TypeOf(tc.svc)
		t.Run(w.Name(), func(t *testing.T) {
			if w.NumField() != s.NumField() {
				t.Fatalf("%d fields, the service's %s has %d", w.NumField(), s, s.NumField())
			}
			for i := range w.NumField() {
				wf, sf := w.Field(i), s.Field(i)
				if wf.Name != sf.Name {
					t.Errorf("field %d is %s, the service's is %s", i, wf.Name, sf.Name)
				}
				if _, ok := wf.Tag.Lookup("json"); !ok && !wf.Anonymous {
					t.Errorf("field %s has no json tag", wf.Name)
				}
				if sf.Tag != "" {
					t.Errorf("the service's field %s has tags %q: its JSON shape is this package's", sf.Name, sf.Tag)
				}
			}
		})
	}
}
