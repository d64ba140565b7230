package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/analysis"
	"touchmove/app/store"
	"touchmove/core/chess"
)

// The errors a player can act on are said in words of their own; any other
// keeps its own words below a lead sentence.
func TestErrorText(t *testing.T) {
	fileErr := func(sentinel error) error {
		return &store.FileError{Path: "/home/a/games.pgn", Err: sentinel, Detail: "programmer's detail"}
	}
	_, fenErr := chess.ParseFEN("rnbqkbnr/pppppppp/8/8 w KQkq - 0 1")
	for _, tc := range []struct {
		name    string
		err     error
		want    string // the text starts with it
		without string // and does not hold it
	}{
		{"read-only", fileErr(store.ErrReadOnly), "games.pgn is read-only", "programmer's detail"},
		{"hard links, wrapped", fmt.Errorf("save: %w", fileErr(store.ErrHardLinked)), "games.pgn has several names", "save:"},
		{"changed", fileErr(store.ErrFileChanged), "games.pgn was changed, replaced or deleted", "programmer's detail"},
		{"disk full", fileErr(store.ErrNoSpace), "There is no space left on the disk of games.pgn. The file is as it was", "programmer's detail"},
		{"read-only disk", fileErr(store.ErrReadOnlyDisk), "The disk of games.pgn is read-only. The file is as it was", "programmer's detail"},
		{"folder not writable", fileErr(store.ErrFolderNotWritable), "Touchmove is not allowed to write in the folder of games.pgn", "programmer's detail"},
		{"partial", fileErr(store.ErrPartialGame), "The game in games.pgn was read only in part", "programmer's detail"},
		{"not regular", &fs.PathError{Op: "open", Path: "/tmp/fifo.pgn", Err: store.ErrNotRegular}, "fifo.pgn is not a PGN file", "/tmp"},
		{"missing", fmt.Errorf("library: %w", &fs.PathError{Op: "open", Path: "/tmp/gone.pgn", Err: fs.ErrNotExist}), "There is no file gone.pgn", "library:"},
		{"no permission", &fs.PathError{Op: "open", Path: "/root/x.pgn", Err: fs.ErrPermission}, "Touchmove is not allowed to use x.pgn", "/root"},
		{"no engine", fmt.Errorf("engine: %w", analysis.ErrNoEngine), noEngineFoundText(), "analysis:"},
		{"live game", fmt.Errorf("comment: %w", app.ErrLiveGame), "Annotations are made after the game.", "comment:"},
		{"FEN", fenErr, "Field 1 of the FEN (piece placement) cannot be read.\nhas 4 ranks, want 8", "Something"},
		{"no journal", fmt.Errorf("%w: %w", errNoJournal, errors.New("disk full")), "This game cannot be journaled", "Something"},
		{"unknown", errors.New("boom"), "Something went wrong.\n\nboom", "\n\n\n"},
	} {
		got := errorText(tc.err)
		if !strings.HasPrefix(got, tc.want) || strings.Contains(got, tc.without) {
			t.Errorf("%s: %q, want it to start with %q, without %q", tc.name, got, tc.want, tc.without)
		}
	}
	if fenErr == nil {
		t.Fatal("the FEN of four ranks was read")
	}
}

// In Russian, the same errors in Russian; an unknown one keeps its words.
func TestErrorTextInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&store.FileError{Path: "/a/games.pgn", Err: store.ErrFileChanged}, "games.pgn изменён, заменён или удалён другой программой"},
		{&store.FileError{Path: "/a/games.pgn", Err: store.ErrReadOnly}, "games.pgn только для чтения"},
		{&store.FileError{Path: "/a/games.pgn", Err: store.ErrNoSpace}, "На диске, где лежит games.pgn, не осталось места. Файл остался прежним"},
		{errors.New("boom"), "Что-то пошло не так.\n\nboom"},
	} {
		if got := errorText(tc.err); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%v: %q, want %q…", tc.err, got, tc.want)
		}
	}
}

// A save refused in Russian: the question, its words and its buttons are
// Russian, and the file's name is shown as it is.
func TestSaveRefusedInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w, path, _ := saveIntoReadOnly(t)
	if got := dialogText(w); !strings.Contains(got, filepath.Base(path)+" только для чтения: права доступа запрещают запись.") ||
		!strings.Contains(got, "Нельзя сохранить в "+filepath.Base(path)) {
		t.Errorf("dialog says %q", got)
	}
	if dialogButton(w, "Сохранить как…") == nil || dialogButton(w, "Отмена") == nil {
		t.Error("no Russian buttons Save as and Cancel")
	}
}

// TestPositionEditorInRussian opens the position editor of a Russian
// window: the castling rights and the en passant choice are in Russian, and
// a FEN typed with a bad side to move is refused with the field named in
// Russian and the reader's reason below.
func TestPositionEditorInRussian(t *testing.T) {
	inLanguage(t, "ru_RU.UTF-8")
	w := newTestWindow(t)
	w.editPosition("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", func(string) {})
	pe := w.lastEditor
	if pe == nil {
		t.Fatal("no editor open")
	}
	var rights []string
	for _, c := range objectsIn(pe.castling, func(*widget.Check) bool { return true }) {
		rights = append(rights, c.Text)
	}
	if got, want := strings.Join(rights, ", "), "Белые O-O, Чёрные O-O-O"; got != want {
		t.Errorf("castling rights %q, want %q", got, want)
	}
	if got := pe.enPassant.Selected; got != "нет" {
		t.Errorf("en passant %q, want нет", got)
	}
	pe.fen.SetText("4k3/8/8/8/8/8/8/4K3 x - - 0 1")
	if got, want := pe.status.Text, "Поле 2 FEN (очередь хода) не читается.\nmust be \"w\" or \"b\""; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
}
