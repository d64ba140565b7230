package scoresheet_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"touchmove/app/scoresheet"
	"touchmove/core/game"
)

// TestWriteFileReplacesOnlyPDF writes a sheet over each kind of file a save
// dialog may offer: nothing, an empty file and a PDF are replaced by the
// sheet; a PGN file and a short text are kept, with ErrNotPDF.
func TestWriteFileReplacesOnlyPDF(t *testing.T) {
	sheet := scoresheet.New(game.New(), scoresheet.English)
	for _, tc := range []struct {
		name, before string
		none         bool // no file before
		replaced     bool
	}{
		{name: "no file", none: true, replaced: true},
		{name: "empty", before: "", replaced: true},
		{name: "a PDF", before: "%PDF-1.3\n…", replaced: true},
		{name: "a PGN file", before: "[Event \"Mine\"]\n\n1. e4 *\n"},
		{name: "short text", before: "%PD"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "out")
			if !tc.none {
				if err := os.WriteFile(path, []byte(tc.before), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := sheet.WriteFile(path, scoresheet.A4)
			b, rerr := os.ReadFile(path)
			if rerr != nil {
				t.Fatal(rerr)
			}
			switch {
			case tc.replaced && (err != nil || !strings.HasPrefix(string(b), "%PDF-") || len(b) < 1000):
				t.Errorf("err %v, file %.20q: want the sheet written", err, b)
			case !tc.replaced && (!errors.Is(err, scoresheet.ErrNotPDF) || string(b) != tc.before):
				t.Errorf("err %v, file %.20q: want ErrNotPDF and the file kept", err, b)
			}
		})
	}
}
