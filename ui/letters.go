package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"touchmove/core/chess"
	"touchmove/core/posindex"
)

// Piece letters: the notation, the engine's lines and the move box show
// moves with the piece letters of the players' language (Slovak K D V S J,
// Russian Кр Ф Л С К), or figurines, or English letters, as chosen in View ›
// Piece letters. Files are always written in English SAN, as the PGN
// standard says.

// letterChoices are the choices of View › Piece letters, by preference value.
var letterChoices = prefChoices{
	{"", "Letters of the language"}, {"en", "English letters (K Q R B N)"}, {"figurine", "Figurines (♔ ♕ ♖ ♗ ♘)"},
}

// pieceLetters returns the function that shows a SAN move in the chosen
// letters: choice is "" for the language's, "en" or "figurine"; language is
// the app's language code.
func pieceLetters(choice, language string) func(string) string {
	code := language
	if choice != "" {
		code = choice // "en" or "figurine"
	}
	l, ok := chess.LettersOf(code)
	if !ok || code == "en" {
		return func(s string) string { return s }
	}
	return l.Write
}

// appLanguage returns the language the app speaks: the one chosen in View ›
// Language, else the system's.
func appLanguage(prefs fyne.Preferences) string {
	if code := settingKeys().language.get(prefs); code != "" {
		return code
	}
	code, _, _ := strings.Cut(lang.SystemLocale().LanguageString(), "-")
	return code
}

// setLetters applies the piece-letter choice to everything that shows moves.
func (w *Window) setLetters() {
	prefs := w.app.Preferences()
	w.words.san = pieceLetters(settingKeys().pieceLetters.get(prefs), appLanguage(prefs))
	w.notation.Redraw()
}

// lettersMenu is View › Piece letters.
func (w *Window) lettersMenu() *fyne.MenuItem {
	return w.choiceMenu("Piece letters", settingKeys().pieceLetters, letterChoices, w.setLetters)
}

// materialLetters returns the letters a material balance is read and shown
// in besides English ones, for the choice and language of pieceLetters.
func materialLetters(choice, language string) posindex.MaterialLetters {
	if choice != "" {
		return posindex.MaterialLettersOf(choice)
	}
	return posindex.MaterialLettersOf(language)
}

// windowMaterialLetters returns materialLetters of the window's choices.
func (w *Window) windowMaterialLetters() posindex.MaterialLetters {
	prefs := w.app.Preferences()
	return materialLetters(settingKeys().pieceLetters.get(prefs), appLanguage(prefs))
}

// materialExample returns a balance written in the letters l, for the
// search's placeholder and its error: "Л против С+2П", "V proti S+2P".
func materialExample(l posindex.MaterialLetters) string {
	rook, bishop, pawn := "R", "B", "P"
	if l.Pawn != "" {
		rook, bishop, pawn = l.Pieces[2], l.Pieces[3], l.Pawn
	}
	return lang.L("{{.Rook}} vs {{.Bishop}}+2{{.Pawn}}", map[string]any{"Rook": rook, "Bishop": bishop, "Pawn": pawn})
}

// materialProblem says how to write a balance the search could not read.
func materialProblem(l posindex.MaterialLetters) string {
	data := map[string]any{"Example": materialExample(l)}
	if l.Pawn == "" || l.Pieces == (chess.PieceLetters{"K", "Q", "R", "B", "N"}) {
		return lang.L("Write the material as two sides with vs between them, as {{.Example}}: the pieces are K Q R B N P.", data)
	}
	data["Letters"] = strings.Join(append(l.Pieces[:], l.Pawn), " ")
	return lang.L("Write the material as two sides with vs between them, as {{.Example}}: the pieces are {{.Letters}} or K Q R B N P.", data)
}
