package ui

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// translationWords is what a process speaks once its translations are
// added: a word, a plural in two forms, and the word again once the
// environment has switched to another language and Fyne has chosen anew.
type translationWords struct {
	Word, One, Many, Switched string
}

// TestTranslationsChild is the process of TestTranslationsOfOneLanguage:
// Fyne's words are the process's, so each way of adding translations needs
// a process of its own. Run alone, it does nothing.
func TestTranslationsChild(t *testing.T) {
	mode := os.Getenv("TOUCHMOVE_TRANSLATIONS")
	if mode == "" {
		return
	}
	var err error
	if mode == "all" {
		err = lang.AddTranslationsFS(translations, "translations")
	} else {
		err = addTranslations()
	}
	if err != nil {
		t.Fatal(err)
	}
	problems := "({{.Count}} more problems)"
	w := translationWords{
		Word: lang.L("Analysis"),
		One:  lang.N(problems, 1, map[string]any{"Count": 1}),
		Many: lang.N(problems, 5, map[string]any{"Count": 5}),
	}
	t.Setenv("LANGUAGE", "")
	t.Setenv("LC_ALL", os.Getenv("TOUCHMOVE_SWITCH"))
	if err := lang.AddTranslationsForLocale([]byte("{}"), fyne.Locale("en")); err != nil { // Fyne chooses again
		t.Fatal(err)
	}
	w.Switched = lang.L("Analysis")
	if err := json.NewEncoder(os.Stdout).Encode(w); err != nil {
		t.Fatal(err)
	}
}

// The window adds only the translations of the language Fyne speaks, and
// speaks as it would with all of them: in each environment, the words of
// the app's three languages, of Fyne's own (German, Ukrainian: the app's
// words stay English, plurals too), of a list (LANGUAGE), of C. The
// Slovak words, not parsed in a Russian window, are not there when the
// environment switches to Slovak.
func TestTranslationsOfOneLanguage(t *testing.T) {
	run := func(t *testing.T, mode string, env []string) translationWords {
		t.Helper()
		cmd := exec.Command(os.Args[0], "-test.run=^TestTranslationsChild$")
		cmd.Env = append(os.Environ(), "LANGUAGE=", "LC_ALL=", "LC_MESSAGES=", "LANG=", "TOUCHMOVE_TRANSLATIONS="+mode, "TOUCHMOVE_SWITCH=sk_SK.UTF-8")
		cmd.Env = append(cmd.Env, env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v\n%s", mode, err, out)
		}
		line, _, _ := strings.Cut(string(out), "\n")
		var w translationWords
		if err := json.Unmarshal([]byte(line), &w); err != nil {
			t.Fatalf("%s: %v in %q", mode, err, out)
		}
		return w
	}
	for _, tc := range []struct {
		name       string
		env        []string
		word, many string
	}{
		{"ru", []string{"LC_ALL=ru_RU.UTF-8"}, "Анализ", "(и ещё 5 ошибок)"},
		{"sk", []string{"LC_ALL=sk_SK.UTF-8"}, "Analýza", ""},
		{"en", []string{"LC_ALL=en_GB.UTF-8"}, "Analysis", "(5 more problems)"},
		{"C", []string{"LANG=C.UTF-8"}, "Analysis", "(5 more problems)"},
		{"de", []string{"LC_ALL=de_DE.UTF-8"}, "Analysis", "(5 more problems)"},
		{"uk", []string{"LC_ALL=uk_UA.UTF-8"}, "", ""},
		{"list", []string{"LC_ALL=ru_RU.UTF-8", "LANGUAGE=sk:ru"}, "Analýza", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			some, all := run(t, "some", tc.env), run(t, "all", tc.env)
			if some.Word != all.Word || some.One != all.One || some.Many != all.Many {
				t.Errorf("with one language's translations %+v, with all %+v", some, all)
			}
			if tc.word != "" && some.Word != tc.word {
				t.Errorf("word %q, want %q", some.Word, tc.word)
			}
			if tc.many != "" && some.Many != tc.many {
				t.Errorf("plural %q, want %q", some.Many, tc.many)
			}
			if tc.name == "ru" && (all.Switched != "Analýza" || some.Switched != "Analysis") {
				t.Errorf("switched to Slovak: %q with all translations, %q with Russian's (want Analýza, Analysis)", all.Switched, some.Switched)
			}
		})
	}
}
