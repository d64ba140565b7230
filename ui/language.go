package ui

import (
	"embed"
	"fmt"
	"os"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
)

// translations holds the app's words in English, Russian and Slovak (and
// the Slovak words of the Fyne dialogs, which Fyne lacks), by go-i18n's
// file names: NAME.LANGUAGE.json.
//
//go:embed translations
var translations embed.FS

// languages are the languages the app speaks, by code, with their names
// in themselves.
var languages = prefChoices{
	{"", "System language"}, {"en", "English"}, {"ru", "Русский"}, {"sk", "Slovenčina"},
}

// setUpLanguage loads the translations, in the language chosen in View ›
// Language when there is one, else in the system's. Fyne picks the language
// from the environment, so the choice goes there before the translations
// are added; it must run before the first window is made.
func setUpLanguage(prefs fyne.Preferences) error {
	if code := settingKeys().language.get(prefs); code != "" {
		// LANGUAGE is read by go-locale after LC_ALL/LC_MESSAGES/LANG.
		if err := os.Setenv("LANGUAGE", code); err != nil {
			return fmt.Errorf("language %q: %w", code, err)
		}
		// LANGUAGE counts only beside a locale that is not C (as in
		// glibc): where the locale in force is C, POSIX or unset, the
		// choice becomes that locale, or the menu would do nothing on a
		// machine set to LANG=C.UTF-8.
		for _, env := range [...]string{"LC_ALL", "LC_MESSAGES", "LANG"} {
			v := os.Getenv(env)
			if v == "" && env != "LANG" {
				continue
			}
			if v == "" || isCLocale(v) {
				if err := os.Setenv(env, code); err != nil {
					return fmt.Errorf("language %q: %w", code, err)
				}
			}
			break
		}
	}
	return addTranslations()
}

// probeKey is the word of the one-word translations addTranslations adds
// first, each translated as its language's code.
const probeKey = "touchmove language"

// addTranslations adds the translations of the language Fyne is to speak,
// and only those: parsing all three files took 8–14 ms of the UI goroutine
// before the window, one of them ~4 ms (start-up trace; docs/toolchain.md,
// "Start-up and memory"). Fyne picks its language among the ones it
// has words of (its own: Czech, German, Ukrainian, …; and the app's),
// so one word in each of the app's languages makes it choose as it would
// with all the words, and that word says which one it chose. English is
// the rest: the app's words are English, and go-i18n falls back to them
// (and to their plural forms) when Fyne speaks a language of its own.
func addTranslations() error {
	for _, l := range languages[1:] {
		if err := lang.AddTranslationsForLocale([]byte(`{"`+probeKey+`": "`+l.value+`"}`), fyne.Locale(l.value)); err != nil {
			return fmt.Errorf("translations: %w", err)
		}
	}
	code := lang.L(probeKey)
	if !slices.ContainsFunc(languages[1:], func(c prefChoice) bool { return c.value == code }) {
		code = "en"
	}
	files, err := translations.ReadDir("translations")
	if err != nil {
		return fmt.Errorf("translations: %w", err)
	}
	for _, f := range files {
		name := f.Name()
		if !strings.HasSuffix(name, "."+code+".json") {
			continue
		}
		data, err := translations.ReadFile("translations/" + name)
		if err == nil {
			err = lang.AddTranslationsForLocale(data, fyne.Locale(code))
		}
		if err != nil {
			return fmt.Errorf("translations %s: %w", name, err)
		}
	}
	return nil
}

// isCLocale reports whether a locale value names the C (POSIX) locale.
func isCLocale(v string) bool {
	base, _, _ := strings.Cut(v, ".")
	base, _, _ = strings.Cut(base, "@")
	return base == "C" || base == "POSIX"
}

// languageMenu is View › Language: the choice is remembered and applies at
// the next start, which the menu says.
func (w *Window) languageMenu() *fyne.MenuItem {
	return w.choiceMenu("Language", settingKeys().language, languages, func() {
		w.dlg.showNotice(dlgNotice, dialog.NewInformation(lang.L("Language"), lang.L("The language changes when Touchmove starts again."), w.win), nil)
	})
}
