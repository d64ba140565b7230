package scoresheet_test

import (
	"testing"

	"touchmove/app/scoresheet"
)

func TestNotations(t *testing.T) {
	tests := []struct {
		san, sk, ru string
	}{
		{"e4", "e4", "e4"},
		{"Nf3", "Jf3", "Кf3"},
		{"Nbd2", "Jbd2", "Кbd2"},
		{"Bxc6+", "Sxc6+", "Сxc6+"},
		{"Rae1", "Vae1", "Лae1"},
		{"Qh4#", "Dh4#", "Фh4#"},
		{"Kxe2", "Kxe2", "Крxe2"},
		{"exd8=Q+", "exd8=D+", "exd8=Ф+"},
		{"b1=N", "b1=J", "b1=К"},
		{"O-O", "O-O", "O-O"},
		{"O-O-O+", "O-O-O+", "O-O-O+"},
	}
	for _, tt := range tests {
		t.Run(tt.san, func(t *testing.T) {
			if got := scoresheet.English(tt.san); got != tt.san {
				t.Errorf("English(%q) = %q", tt.san, got)
			}
			if got := scoresheet.Slovak(tt.san); got != tt.sk {
				t.Errorf("Slovak(%q) = %q, want %q", tt.san, got, tt.sk)
			}
			if got := scoresheet.Russian(tt.san); got != tt.ru {
				t.Errorf("Russian(%q) = %q, want %q", tt.san, got, tt.ru)
			}
		})
	}
}

func TestParseLanguage(t *testing.T) {
	for _, tt := range []struct {
		code, want string // want: how Nf3 reads, "" for an error
	}{
		{"", "Nf3"}, {"en", "Nf3"}, {"EN", "Nf3"}, {"sk", "Jf3"}, {"ru", "Кf3"}, {"de", ""}, {"english", ""},
	} {
		n, err := scoresheet.ParseLanguage(tt.code)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("ParseLanguage(%q): no error", tt.code)
		case tt.want != "" && err != nil:
			t.Errorf("ParseLanguage(%q): %v", tt.code, err)
		case tt.want != "" && n("Nf3") != tt.want:
			t.Errorf("ParseLanguage(%q) writes Nf3 as %q, want %q", tt.code, n("Nf3"), tt.want)
		}
	}
}

func TestDescribeTimeControl(t *testing.T) {
	tests := []struct{ tag, want string }{
		{"40/5400+30:1800+30", "90 min/40 moves + 30 min, +30 s per move"},
		{"40/7200:3600", "120 min/40 moves + 60 min"},
		{"40/6000+30:20/3000+30:900+30", "100 min/40 moves + 50 min/20 moves + 15 min, +30 s per move"},
		{"40/5400:1800+30", "90 min/40 moves + 30 min +30 s per move"},
		{"180+2", "3 min, +2 s per move"},
		{"60+0.5", "1 min, +0.5 s per move"},
		{"150", "2 min 30 s"},
		{"40/7200", "120 min/40 moves repeating"},
		{"300d5", "5 min, 5 s delay per move"},
		{"*600", "hourglass, 5 min each"},
		{"-", "untimed"},
		{"?", ""},
		{"", ""},
		{"game in 90", "game in 90"},
	}
	for _, tt := range tests {
		t.Run(tt.tag, func(t *testing.T) {
			if got := scoresheet.DescribeTimeControl(tt.tag); got != tt.want {
				t.Errorf("DescribeTimeControl(%q) = %q, want %q", tt.tag, got, tt.want)
			}
		})
	}
}

func TestParsePaper(t *testing.T) {
	for in, want := range map[string]scoresheet.Paper{"a4": scoresheet.A4, "A4": scoresheet.A4, "letter": scoresheet.Letter, "Letter": scoresheet.Letter} {
		if got, err := scoresheet.ParsePaper(in); err != nil || got != want {
			t.Errorf("ParsePaper(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := scoresheet.ParsePaper("a3"); err == nil {
		t.Error("ParsePaper(a3): no error")
	}
}
