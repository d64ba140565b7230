package locale

import (
	"slices"
	"testing"
)

func TestLocales(t *testing.T) {
	tests := []struct {
		lcAll, lang, language string
		want                  []string
	}{
		{"", "C.UTF-8", "", nil},
		{"", "C", "", nil},
		{"", "POSIX", "", nil},
		{"", "C.UTF-8", "ru", nil},
		{"", "ru_RU.UTF-8", "", []string{"ru-RU"}},
		{"", "sk_SK.UTF-8", "sk:cs", []string{"sk", "cs"}},
		{"en_GB.UTF-8", "ru_RU.UTF-8", "", []string{"en-GB"}},
		{"", "", "", nil},
	}
	for _, tt := range tests {
		t.Setenv("LC_ALL", tt.lcAll)
		t.Setenv("LC_MESSAGES", "")
		t.Setenv("LANG", tt.lang)
		t.Setenv("LANGUAGE", tt.language)
		got, err := GetLocales()
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("LC_ALL=%q LANG=%q LANGUAGE=%q: %v %v, want %v", tt.lcAll, tt.lang, tt.language, got, err, tt.want)
		}
	}
}
