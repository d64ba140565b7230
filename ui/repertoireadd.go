package ui

import (
	"errors"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"touchmove/app"
	"touchmove/core/chess"
)

// addToRepertoire adds the line to the position on the board, and m after
// it (chess.NullMove: none), to the user's repertoire for the side that
// makes its last move (Training › Add this move to my repertoire, and the
// tree's rows): into the file kept for that side, asked for the first time
// through the file picker; the deck gets the new positions.
func (t *trainer) addToRepertoire(m chess.Move) {
	n := t.host.gameSession().Current()
	var line []chess.Move
	for x := n; !x.IsRoot(); x = x.Parent() {
		line = append(line, x.Move())
	}
	slices.Reverse(line)
	if m != chess.NullMove {
		line = append(line, m)
	}
	start, root := chess.StartPosition(), n.Root().Position()
	switch {
	case root.RepetitionKey() != start.RepetitionKey():
		t.host.notice(lang.L("A repertoire starts from the initial position: this game starts from a set-up one."))
		return
	case len(line) == 0:
		t.host.notice(lang.L("Make the move to add first: the line to it goes into your repertoire."))
		return
	}
	side := chess.White
	if len(line)%2 == 0 {
		side = chess.Black
	}
	key := settingKeys().repertoire(side)
	if path := key.get(t.host.preferences()); path != "" {
		t.insertLine(path, line, side)
		return
	}
	t.host.notice(sideWords(side, lang.L("Choose the PGN file of your repertoire for White."), lang.L("Choose the PGN file of your repertoire for Black.")))
	t.pickRepertoire(func(path string) {
		key.set(t.host.preferences(), path)
		t.insertLine(path, line, side)
	})
}

// sideWords returns white or black by the side c.
func sideWords(c chess.Color, white, black string) string {
	if c == chess.Black {
		return black
	}
	return white
}

// insertLine writes line into the repertoire file at path
// (app.AddToRepertoireFile) and adds the file's positions for side to the
// deck.
func (t *trainer) insertLine(path string, line []chess.Move, side chess.Color) {
	moves := t.host.sanWords(lineSAN(line))
	name := filepath.Base(path)
	data, err := app.AddToRepertoireFile(path, line)
	switch {
	case errors.Is(err, app.ErrInRepertoire):
		t.host.notice(lang.L("{{.Line}} is in your repertoire already ({{.File}}).", map[string]any{"Line": moves, "File": name}))
		return
	case err != nil:
		t.host.windowDialogs().showError(err)
		return
	}
	deck, err := t.openDeck()
	added := 0
	if err == nil {
		added, err = deck.AddRepertoire(data, side)
	}
	if err == nil {
		err = deck.Save()
	}
	if err != nil {
		t.host.windowDialogs().showError(err)
		return
	}
	t.host.refresh()
	t.host.notice(lang.L("Added to your repertoire ({{.File}}): {{.Line}}. New positions to train: {{.Added}}.",
		map[string]any{"File": name, "Line": moves, "Added": added}))
}

// lineSAN writes moves from the start in PGN with their numbers.
func lineSAN(moves []chess.Move) string {
	p := chess.StartPosition()
	var parts []string
	for i, m := range moves {
		if i%2 == 0 {
			parts = append(parts, strconv.Itoa(i/2+1)+".")
		}
		parts = append(parts, p.SAN(m))
		p.Play(m)
	}
	return strings.Join(parts, " ")
}

// pickRepertoire asks for a repertoire's PGN file through the window's file
// picker and hands it to chosen; a cancel does nothing, an error is shown.
func (t *trainer) pickRepertoire(chosen func(path string)) {
	t.host.pickFile(func(path string, err error) {
		switch {
		case errors.Is(err, errCancelled):
		case err != nil:
			t.host.windowDialogs().showError(err)
		default:
			chosen(path)
		}
	})
}
