package ui

import (
	"strconv"
	"strings"
)

// Numbers and dates as the app's language writes them, on the screen only
// (pgn.md §11): files keep the Date tag as pgn.md §3 has it.
//
//   - counts: English groups thousands with a comma (1,000,000); Russian
//     and Slovak with a no-break space (1 000 000), as CLDR has it, so that
//     a count never breaks across lines. Game numbers in the list's #
//     column are not grouped, as chess databases show them.
//   - PGN dates ("2024.03.05", "??" for an unknown part): Russian and
//     Slovak day first, 05.03.2024; English keeps the PGN order 2024.03.05,
//     which English chess software shows and the filter's year: reads.
//     Unknown parts at the small end are left out (2024.03, 03.2024, 2024);
//     a date with an unknown year keeps its question marks; text that is
//     no PGN date is shown as it is.
//
// Any other language is written as English is, since the words fall back
// to English too.

// dayFirst says whether language writes dates day first.
func dayFirst(language string) bool { return language == "ru" || language == "sk" }

// formatCount returns n with its thousands grouped as language does.
func formatCount(n int, language string) string {
	sep := ","
	if dayFirst(language) {
		sep = "\u00a0" // no-break space
	}
	digits := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, digits = "-", digits[1:]
	}
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(d)
	}
	return b.String()
}

// formatPGNDate returns the PGN date d ("YYYY.MM.DD") as language writes it.
func formatPGNDate(d, language string) string {
	parts := strings.Split(d, ".")
	if len(parts) != 3 || len(parts[0]) != 4 || len(parts[1]) != 2 || len(parts[2]) != 2 {
		return d
	}
	for _, p := range parts {
		if !isDigits(p) && strings.Trim(p, "?") != "" {
			return d
		}
	}
	y, m, day := parts[0], parts[1], parts[2]
	known := func(p string) bool { return !strings.Contains(p, "?") }
	switch {
	case !known(y) && !known(m) && !known(day):
		return ""
	case known(y) && !known(m):
		return y
	case known(y) && !known(day):
		if dayFirst(language) {
			return m + "." + y
		}
		return y + "." + m
	}
	if dayFirst(language) {
		return day + "." + m + "." + y
	}
	return d
}

// isDigits says whether s is made of ASCII digits only.
func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
