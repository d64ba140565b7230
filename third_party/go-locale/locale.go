// Package locale stands in for github.com/jeandeaual/go-locale, which Fyne's
// lang package uses to read the user's languages: it reads them from the
// environment as that package does on Linux (LANGUAGE, then LC_ALL,
// LC_MESSAGES, LANG), but takes "C.UTF-8" and "POSIX" variants for the C
// locale, as glibc does. The original reads "C.UTF-8" as a language named
// "C", and Fyne then logs "Error parsing user locale C" from its package
// initialisation, before main runs, on every start (Touchmove's go.mod
// replaces the module with this one; see docs/toolchain.md).
package locale

import (
	"os"
	"strings"
)

// isC reports whether a locale value names the C or POSIX locale, with or
// without an encoding or modifier.
func isC(v string) bool {
	base, _, _ := strings.Cut(v, ".")
	base, _, _ = strings.Cut(base, "@")
	return base == "C" || base == "POSIX"
}

// fromEnv returns the user's locales as the environment gives them: nil
// for the C locale or none.
func fromEnv() []string {
	value := ""
	for _, env := range [...]string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if value = os.Getenv(env); value != "" {
			break
		}
	}
	if isC(value) {
		return nil
	}
	if languages := os.Getenv("LANGUAGE"); languages != "" {
		value = languages
	}
	if value == "" {
		return nil
	}
	var out []string
	for _, l := range strings.Split(value, ":") {
		if l != "" && !isC(l) {
			out = append(out, tag(l))
		}
	}
	return out
}

// tag turns "ru_RU.UTF-8@latin" into "ru-RU".
func tag(l string) string {
	l, _, _ = strings.Cut(l, ".")
	l, _, _ = strings.Cut(l, "@")
	return strings.ReplaceAll(l, "_", "-")
}

// GetLocale returns the user's first locale as an IETF BCP 47 tag ("ru-RU"),
// or "" for the C locale.
func GetLocale() (string, error) {
	if ls := fromEnv(); len(ls) > 0 {
		return ls[0], nil
	}
	return "", nil
}

// GetLocales returns the user's locales, most wanted first; none for the C
// locale.
func GetLocales() ([]string, error) { return fromEnv(), nil }

// GetLanguage returns the language of the user's first locale ("ru").
func GetLanguage() (string, error) {
	l, err := GetLocale()
	lang, _, _ := strings.Cut(l, "-")
	return lang, err
}

// GetRegion returns the region of the user's first locale ("RU"), or "".
func GetRegion() (string, error) {
	l, err := GetLocale()
	_, region, _ := strings.Cut(l, "-")
	return region, err
}
