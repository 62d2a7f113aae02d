package inference

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wallzero/wallzero/inference/format"

	"github.com/wallzero/wallzero/search/ensemble"
)

// TestPlayersMetadata: wallzero.players narrows the counts a model is
// served for to a subset of its format's; absent, it is the format's; a
// count the format cannot encode, a word or a repeat is refused by name.
func TestPlayersMetadata(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		format format.Format
		value  string
		want   string // the counts, or the error's words
	}{
		{format.MultiPlayer, "", "[3 4]"},
		{format.MultiPlayer, "3,4", "[3 4]"},
		{format.MultiPlayer, "4", "[4]"},
		{format.MultiPlayer, " 3 ", "[3]"},
		{format.TwoPlayer, "", "[2]"},
		{format.TwoPlayer, "2", "[2]"},
		{format.MultiPlayer, "2", `encodes [3 4]-player games, not 2`},
		{format.TwoPlayer, "4", `encodes [2]-player games, not 4`},
		{format.MultiPlayer, "four", `"four" is not a player count`},
		{format.MultiPlayer, "3,", `"" is not a player count`},
		{format.MultiPlayer, "4,4", `4 twice`},
	} {
		t.Run(tc.format.FeatureSet()+"/"+tc.value, func(t *testing.T) {
			t.Parallel()
			got, err := players(tc.value, tc.format)
			if err != nil {
				if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), MetaPlayers) {
					t.Fatalf("error %q, want it to name %s and say %q", err, MetaPlayers, tc.want)
				}
				return
			}
			if fmt.Sprint(got) != tc.want {
				t.Fatalf("players %v, want %s", got, tc.want)
			}
		})
	}
}

// TestPlayersDoNotAliasTheFormat: a model's counts are its own copy, so
// changing them leaves the format's alone.
func TestPlayersDoNotAliasTheFormat(t *testing.T) {
	t.Parallel()
	got, err := players("", format.MultiPlayer)
	if err != nil {
		t.Fatal(err)
	}
	got[0] = 9
	if format.MultiPlayer.Players()[0] != 3 {
		t.Fatalf("the format's counts changed: %v", format.MultiPlayer.Players())
	}
}

// FuzzPlayersMetadata: any metadata value is either refused or gives
// counts the format encodes, each once.
func FuzzPlayersMetadata(f *testing.F) {
	for _, s := range []string{"", "3,4", "4", "3", "2", "4,4", "x", "3,,4", "-3", "+4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		for _, l := range format.All() {
			got, err := players(v, l)
			if err != nil {
				continue
			}
			if len(got) == 0 {
				t.Fatalf("%q: no counts and no error", v)
			}
			for i, n := range got {
				if !l.Serves(n) || slices.Contains(got[:i], n) {
					t.Fatalf("%q on %s: counts %v", v, l.FeatureSet(), got)
				}
			}
		}
	})
}

// TestFourPlayerModelInfo: mp4-tiny (mp-tiny relabelled by
// training/relabel_players.py --players 4) loads as a four-player model
// with mp-tiny's format, while mp-tiny, without the narrowing, plays both.
func TestFourPlayerModelInfo(t *testing.T) {
	requireRuntime(t)
	t.Parallel()
	for _, tc := range []struct {
		file, id, players string
		symmetries        int
	}{
		{"mp-tiny.onnx", "mp-tiny", "[3 4]", 1},
		{"mp4-tiny.onnx", "mp4-tiny", "[4]", 1},
		{"mp4-tiny-sym4.onnx", "mp4-tiny-sym4", "[4]", 4}, // relabel_players.py --symmetries 4
	} {
		net, err := LoadNetwork(filepath.Join("testdata", tc.file), NetworkConfig{})
		if err != nil {
			t.Fatal(err)
		}
		if net.Info.ID != tc.id || fmt.Sprint(net.Info.Players) != tc.players || net.Info.Format() != format.MultiPlayer ||
			net.Info.Symmetries != tc.symmetries {
			t.Errorf("%s: id %s, players %v, format %s, symmetries %d", tc.file, net.Info.ID, net.Info.Players, net.Info.Features, net.Info.Symmetries)
		}
		if err := net.Close(); err != nil {
			t.Error(err)
		}
	}
}

// TestSymmetriesMetadata: wallzero.symmetries names the size of the
// symmetry ensemble the service serves a model with; absent it is 1, and
// anything but 1, 2, 4 or 8 is refused by name.
func TestSymmetriesMetadata(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ value, want string }{
		{"", "1"}, {"1", "1"}, {"2", "2"}, {"4", "4"}, {"8", "8"},
		{"3", `"3": want 1, 2, 4 or 8`}, {"16", `"16": want 1, 2, 4 or 8`}, {"0", `"0"`}, {"four", `"four"`}, {" 4", `" 4"`},
	} {
		got, err := symmetries(tc.value)
		if err != nil {
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), MetaSymmetries) {
				t.Errorf("%q: error %q, want it to name %s and say %s", tc.value, err, MetaSymmetries, tc.want)
			}
			continue
		}
		if fmt.Sprint(got) != tc.want {
			t.Errorf("%q: %d symmetries, want %s", tc.value, got, tc.want)
		}
	}
}

// FuzzSymmetriesMetadata: any metadata value is either refused or gives
// one of the sizes search/ensemble.NewSymmetric accepts.
func FuzzSymmetriesMetadata(f *testing.F) {
	for _, s := range []string{"", "1", "4", "8", "3", "0", "-4", "+4", "04", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		n, err := symmetries(v)
		if err != nil {
			return
		}
		if _, err := ensemble.NewSymmetric(nil, n); err != nil {
			t.Fatalf("%q: %d symmetries, which the search refuses: %v", v, n, err)
		}
	})
}
