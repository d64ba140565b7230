package ui

import (
	"fyne.io/fyne/v2"

	"touchmove/assets"
	"touchmove/ui/board"
)

// settings are the choices of look and feel that the Preferences window
// edits. The View menu changes the same ones: both read the window's
// fields and write the same preference keys, so either shows what the
// other chose.
type settings struct {
	pieces      assets.PieceSet
	boardTheme  int // index into board.Themes
	coordinates bool
	animate     bool
	sounds      bool    // play sounds at all
	clockSounds bool    // the clock's warnings too
	volume      float64 // one of soundVolumes
	twoColumns  bool    // the notation as a two-column table
	letters     string  // piece letters: "" the language's, "en" or "figurine" (letterChoices)
	language    string  // "" the system's, else a code of languages
}

// prefPieceSet is the preference key of the piece set, kept by its
// identifier (assets.PieceSet.String).
const prefPieceSet = "pieceSet"

// storedPieceSet returns the piece set kept in prefs, Classic when none is
// or the one kept is unknown.
func storedPieceSet(prefs fyne.Preferences) assets.PieceSet {
	s, _ := assets.ParsePieceSet(prefs.String(prefPieceSet))
	return s
}

// currentSettings returns the settings in force in w.
func (w *Window) currentSettings() settings {
	prefs := w.app.Preferences()
	return settings{
		pieces:      w.board.PieceSet(),
		boardTheme:  w.themeIndex,
		coordinates: w.coordinates,
		animate:     w.animate,
		sounds:      w.sound.on,
		clockSounds: w.sound.clock,
		volume:      w.sound.volume,
		twoColumns:  w.notation.twoColumns,
		letters:     prefs.String("pieceLetters"),
		language:    prefs.String("language"),
	}
}

// applySettings puts s in force in w at once, keeps it in the app's
// preferences for the next start (the language applies only then), and
// rebuilds the menus so that View shows the same choices.
func (w *Window) applySettings(s settings) {
	prefs := w.app.Preferences()
	old := w.currentSettings()

	w.board.SetPieceSet(s.pieces)
	prefs.SetString(prefPieceSet, s.pieces.String())
	if th := board.Themes(); s.boardTheme >= 0 && s.boardTheme < len(th) {
		w.themeIndex = s.boardTheme
		w.board.SetTheme(th[s.boardTheme])
		prefs.SetInt("boardTheme", s.boardTheme)
	}
	w.coordinates, w.animate = s.coordinates, s.animate
	prefs.SetBool("coordinates", s.coordinates)
	prefs.SetBool("animate", s.animate)

	w.sound.on, w.sound.clock, w.sound.volume = s.sounds, s.clockSounds, s.volume
	prefs.SetBool("sounds", s.sounds)
	prefs.SetBool("clockSounds", s.clockSounds)
	prefs.SetFloat("soundVolume", s.volume)

	prefs.SetBool("notationTable", s.twoColumns)
	if s.twoColumns != old.twoColumns {
		w.notation.SetTwoColumns(s.twoColumns)
	}
	prefs.SetString("pieceLetters", s.letters)
	if s.letters != old.letters {
		w.setLetters()
	}
	prefs.SetString("language", s.language)

	w.refresh()
	w.win.SetMainMenu(w.mainMenu())
}
