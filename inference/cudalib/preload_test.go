package cudalib

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestPreloadNamesTheFile(t *testing.T) {
	t.Parallel()
	if err := Preload(nil); err != nil {
		t.Fatalf("Preload(nil) = %v", err)
	}
	p := filepath.Join(t.TempDir(), "libnone.so.1")
	err := Preload([]string{p})
	if err == nil || !strings.Contains(err.Error(), p) {
		t.Fatalf("Preload of a missing file: %v, want an error naming %s", err, p)
	}
}
