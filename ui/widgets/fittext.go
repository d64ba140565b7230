package widgets

import "fyne.io/fyne/v2"

// FitText returns s, or as much of it as fits in width followed by "…".
func FitText(s string, width, size float32) string {
	fits := func(t string) bool { return fyne.MeasureText(t, size, fyne.TextStyle{}).Width <= width }
	if s == "" || fits(s) {
		return s
	}
	runes := []rune(s)
	lo, hi := 0, len(runes) // the longest prefix that fits is at least lo, less than hi
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if fits(string(runes[:mid]) + "…") {
			lo = mid
		} else {
			hi = mid
		}
	}
	return string(runes[:lo]) + "…"
}
