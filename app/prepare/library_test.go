package prepare_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"touchmove/app/mistakes"
	"touchmove/app/prepare"
)

// TestFromLibrary: the report from the file's list, reading only the
// player's games, is the report from the whole text.
func TestFromLibrary(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(games), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := prepare.ReadRepertoire([]byte(repertoire))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	lib, err := prepare.OpenLibrary(ctx, path, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer lib.Close()
	for _, names := range []mistakes.Names{{"novak"}, {"horvath", "kral"}, {"nobody"}} {
		want, err := prepare.Build([]byte(games), names, rep)
		if err != nil {
			t.Fatal(err)
		}
		got, err := prepare.FromLibrary(ctx, lib, names, rep)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%v: from the list\n%+v\nfrom the text\n%+v", names, got, want)
		}
	}
}
