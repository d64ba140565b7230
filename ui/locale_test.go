package ui

import "testing"

// Counts group their thousands as each language does.
func TestFormatCount(t *testing.T) {
	for _, tc := range []struct {
		n          int
		lang, want string
	}{
		{0, "en", "0"},
		{999, "en", "999"},
		{1000, "en", "1,000"},
		{1000000, "en", "1,000,000"},
		{123456, "en", "123,456"},
		{-1234, "en", "-1,234"},
		{1000000, "ru", "1\u00a0000\u00a0000"},
		{12345, "sk", "12\u00a0345"},
		{999, "sk", "999"},
		{1000, "de", "1,000"}, // words and numbers fall back to English
	} {
		if got := formatCount(tc.n, tc.lang); got != tc.want {
			t.Errorf("%d in %q: %q, want %q", tc.n, tc.lang, got, tc.want)
		}
	}
}

// PGN dates are shown day first in Russian and Slovak, in the PGN order in
// English, without their unknown small parts; what is no PGN date is kept.
func TestFormatPGNDate(t *testing.T) {
	for _, tc := range []struct{ date, en, ru string }{
		{"2024.03.05", "2024.03.05", "05.03.2024"},
		{"2024.03.??", "2024.03", "03.2024"},
		{"2024.??.??", "2024", "2024"},
		{"2024.??.05", "2024", "2024"},
		{"????.??.??", "", ""},
		{"????.03.05", "????.03.05", "05.03.????"},
		{"", "", ""},
		{"2024", "2024", "2024"},
		{"2024-03-05", "2024-03-05", "2024-03-05"},
		{"2024.3.5", "2024.3.5", "2024.3.5"},
		{"20a4.03.05", "20a4.03.05", "20a4.03.05"},
		{"2?24.03.05", "2?24.03.05", "2?24.03.05"},
	} {
		if got := formatPGNDate(tc.date, "en"); got != tc.en {
			t.Errorf("%q in English: %q, want %q", tc.date, got, tc.en)
		}
		for _, l := range []string{"ru", "sk"} {
			if got := formatPGNDate(tc.date, l); got != tc.ru {
				t.Errorf("%q in %s: %q, want %q", tc.date, l, got, tc.ru)
			}
		}
	}
}
