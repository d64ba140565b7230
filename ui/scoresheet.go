package ui

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"touchmove/app/scoresheet"
)

// printScoresheet writes the game on the board as a FIDE scoresheet PDF
// where the user chooses, then opens it in the desktop's viewer to be
// printed: Fyne has no print dialog. The sheet is read from the game here;
// the PDF is drawn and written on a background goroutine.
func (w *Window) printScoresheet() {
	w.notation.CommitEdit() // a comment being typed (a draw offer) counts
	// The moves in the letters of the players' language (or English ones if
	// they chose them; figurines are for the screen: a scoresheet is
	// written in letters), the words in their language.
	letters := w.words.san
	if settingKeys().pieceLetters.get(w.app.Preferences()) == "figurine" {
		letters = pieceLetters("", appLanguage(w.app.Preferences()))
	}
	sheet := scoresheet.NewFor(w.session.Game(), letters, w.sheetLanguage())
	paper := paperFor(string(lang.SystemLocale()))
	name := sheetFileName(sheet)
	w.files.pickSave(w.files.lastDir(), name, func(path string) {
		w.notice(lang.L("Writing the scoresheet…"))
		w.spawn(func() {
			err := sheet.WriteFile(path, paper)
			fyne.Do(func() {
				w.notice("")
				if err != nil {
					w.dlg.showError(err)
					return
				}
				w.notice(lang.L("Scoresheet written to {{.Name}}.", map[string]any{"Name": filepath.Base(path)}))
				if err := w.app.OpenURL(fileURL(path)); err != nil {
					w.dlg.showProblem(withDetail(lang.L("The scoresheet is in {{.Path}}, but no viewer opened it.", map[string]any{"Path": path}), err))
				}
			})
		})
	})
}

// sheetLanguage is the window's language for a scoresheet: its words,
// what the game recorded, and its dates.
func (w *Window) sheetLanguage() scoresheet.Language {
	code := appLanguage(w.app.Preferences())
	return scoresheet.Language{
		Translate: lang.L,
		Say:       w.words.say,
		Date:      func(d string) string { return formatPGNDate(d, code) },
	}
}

// sheetFileName is the name File › Print scoresheet… suggests for sheet:
// its players as the sheet prints them ("Белые-Чёрные.pdf" for a new game
// in a Russian window).
func sheetFileName(sheet *scoresheet.Sheet) string {
	return fileWord(sheet.White.Name) + "-" + fileWord(sheet.Black.Name) + ".pdf"
}

// SheetLanguage returns the scoresheet language of code ("en", "ru",
// "sk"), for `touchmove scoresheet -lang`: it makes code the language of
// the process's translations, as the window's language is at its start.
func SheetLanguage(code string) (scoresheet.Language, error) {
	code = strings.ToLower(code)
	if code == "" {
		code = "en"
	}
	if !slices.ContainsFunc(languages, func(c prefChoice) bool { return c.value == code }) {
		return scoresheet.Language{}, fmt.Errorf("scoresheet: unknown language %q (want en, ru or sk)", code)
	}
	for env, v := range map[string]string{"LANGUAGE": "", "LC_ALL": code, "LC_MESSAGES": "", "LANG": ""} {
		if err := os.Setenv(env, v); err != nil {
			return scoresheet.Language{}, fmt.Errorf("language %q: %w", code, err)
		}
	}
	if err := lang.AddTranslationsFS(translations, "translations"); err != nil {
		return scoresheet.Language{}, err
	}
	wd := &words{san: pieceLetters("", code)}
	return scoresheet.Language{
		Translate: lang.L,
		Say:       wd.say,
		Date:      func(d string) string { return formatPGNDate(d, code) },
	}, nil
}

// paperFor returns Letter for the regions that use it (a locale such as
// "en-US" or "es_MX"), else A4.
func paperFor(locale string) scoresheet.Paper {
	_, region, _ := strings.Cut(strings.ReplaceAll(locale, "_", "-"), "-")
	region, _, _ = strings.Cut(region, "-")
	switch strings.ToUpper(region) {
	case "US", "CA", "MX", "PH", "CL", "CO", "VE":
		return scoresheet.Letter
	}
	return scoresheet.A4
}

// fileURL returns the file: URL of path, absolute.
func fileURL(path string) *url.URL {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return &url.URL{Scheme: "file", Path: filepath.ToSlash(path)}
}
