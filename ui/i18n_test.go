package ui

import (
	"encoding/json"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"touchmove/app"
	"touchmove/app/hall"
	"touchmove/app/library"
	"touchmove/app/prepare"
	"touchmove/app/scoresheet"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/msg"
	"touchmove/internal/msgcheck"
	"touchmove/ui/gamelist"
)

// dynamicKeys are keys the code builds rather than writes whole: the
// history's kinds of change (undoLabel), the modes, the Shift keys, the
// languages' own names, and the names of the piece sets and board colours.
var dynamicKeys = []string{
	"move", "comment", "annotation", "clear annotations", "arrow", "coloured square", "add move",
	"promote variation", "make main line", "delete variation", "delete moves", "tag", "remove tag",
	"engine analysis", "end of the game", "draw offer", "draw agreement", "declined offer", "draw claim",
	"resignation", "j'adoube", "retraction", "time correction", "arbiter's ruling", "cancelled touch",
	"move counter", "resume", "pause", "flag",
	"Casual rules", "FIDE rules", "Arbiter rules", "left Shift", "right Shift",
	"System language", "English", "Русский", "Slovenčina",
	"Letters of the language", "English letters (K Q R B N)", "Figurines (♔ ♕ ♖ ♗ ♘)",
	"US delay", "Bronstein delay", "Below 10 seconds", "Below 20 seconds", "Always", "Never",
	"Classic", "Flat", // assets.PieceSet.Name
	"Wood", "Ocean", "Meadow", "Slate", "Lavender", // board.Theme.Name
}

// usedKeys returns the translation keys ui's code uses, its packages below
// it (board, notation, widgets, ...) included: the literal arguments of
// lang.L and lang.N, and the literals of the phrases passed through them
// (colorPhrase, maps of phrases).
func usedKeys(t *testing.T) []string {
	t.Helper()
	var keys []string
	lit := func(e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			if _, ok := n.(*ast.BinaryExpr); ok {
				return false // a key built from parts: in dynamicKeys
			}
			if b, ok := n.(*ast.BasicLit); ok && b.Kind == token.STRING {
				if s, err := strconv.Unquote(b.Value); err == nil && s != "" {
					keys = append(keys, s)
				}
			}
			return true
		})
	}
	for _, f := range msgcheck.TreeFiles(t, token.NewFileSet()) {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "lang" && (sel.Sel.Name == "L" || sel.Sel.Name == "N") {
				lit(call.Args[0])
			}
			return true
		})
	}
	keys = append(keys, dynamicKeys...)
	for c := range library.NumColumns {
		if gamelist.TitleTranslated(c) {
			keys = append(keys, c.String()) // columnTitle
		}
	}
	for p := chess.Pawn; p <= chess.King; p++ {
		keys = append(keys, p.String()) // pieceName
	}
	for _, m := range messages() {
		keys = append(keys, m.Key)
	}
	keys = append(keys, scoresheet.Words()...) // printed on the scoresheet in the players' language
	keys = append(keys, prepare.Words()...)    // Training › Report on a player, in the window's language
	for n := 1; n <= 6; n++ {
		keys = append(keys, chess.FENFieldName(n)) // fenErrorText
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// messages returns the keyed messages of the rules and of the session
// (design.md §7), which the window renders through the translations.
func messages() []msg.Text {
	return append(append(arbiter.Messages(), app.Messages()...), hall.Messages()...)
}

// translationFile returns the keys of ui/translations/touchmove.CODE.json.
func translationFile(t *testing.T, code string) map[string]any {
	t.Helper()
	data, err := translations.ReadFile("translations/touchmove." + code + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v", code, err)
	}
	return m
}

// Every string ui shows through the translations is in every language's
// file, and no file has a key nothing uses.
func TestTranslationsCoverTheStrings(t *testing.T) {
	used := usedKeys(t)
	if len(used) < 150 {
		t.Fatalf("only %d keys found: the walk missed the code", len(used))
	}
	for _, code := range []string{"en", "ru", "sk"} {
		file := translationFile(t, code)
		for _, k := range used {
			if _, ok := file[k]; !ok {
				t.Errorf("%s: no translation of %q", code, k)
			}
		}
		for k := range file {
			if !slices.Contains(used, k) {
				t.Errorf("%s: %q is translated but nothing uses it", code, k)
			}
		}
	}
}

// translationBundle returns go-i18n's bundle of the three languages, as
// lang loads them.
func translationBundle(t *testing.T) *i18n.Bundle {
	t.Helper()
	bundle := i18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	for _, code := range []string{"en", "ru", "sk"} {
		if _, err := bundle.LoadMessageFileFS(translations, "translations/touchmove."+code+".json"); err != nil {
			t.Fatal(err)
		}
	}
	return bundle
}

// The plural forms of each language, for the counts whose forms differ.
func TestPluralForms(t *testing.T) {
	bundle := translationBundle(t)
	want := map[string]map[int]string{
		"en": {0: "0 moves", 1: "1 move", 2: "2 moves", 5: "5 moves", 11: "11 moves", 21: "21 moves", 22: "22 moves", 25: "25 moves"},
		"ru": {0: "0 ходов", 1: "1 ход", 2: "2 хода", 5: "5 ходов", 11: "11 ходов", 21: "21 ход", 22: "22 хода", 25: "25 ходов"},
		"sk": {0: "0 ťahov", 1: "1 ťah", 2: "2 ťahy", 5: "5 ťahov", 11: "11 ťahov", 21: "21 ťahov", 22: "22 ťahov", 25: "25 ťahov"},
	}
	for code, counts := range want {
		loc := i18n.NewLocalizer(bundle, code)
		for n, w := range counts {
			got, err := loc.Localize(&i18n.LocalizeConfig{MessageID: "{{.Count}} moves", PluralCount: n, TemplateData: map[string]any{"Count": n}})
			if err != nil || got != w {
				t.Errorf("%s %d: %q %v, want %q", code, n, got, err, w)
			}
		}
	}
}

// Moves are shown in the players' piece letters, figurines or English, and
// only the piece letters change.
func TestPieceLetters(t *testing.T) {
	for _, tc := range []struct{ choice, lang, san, want string }{
		{"", "sk", "Nbxd7+", "Jbxd7+"},
		{"", "sk", "e8=Q", "e8=D"},
		{"", "sk", "O-O-O", "O-O-O"},
		{"", "ru", "Kxb2", "Крxb2"},
		{"", "ru", "Bb5", "Сb5"},
		{"", "en", "Bb5", "Bb5"},
		{"en", "ru", "Qd1", "Qd1"},
		{"figurine", "ru", "Nf3", "♘f3"},
	} {
		if got := pieceLetters(tc.choice, tc.lang)(tc.san); got != tc.want {
			t.Errorf("%q in %q/%q: %q, want %q", tc.san, tc.choice, tc.lang, got, tc.want)
		}
	}
}
