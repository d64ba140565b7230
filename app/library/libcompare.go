package library

import (
	"cmp"
	"strings"
)

// yearOf returns the year of a date "YYYY.MM.DD" (or "YYYY..."), or 0.
func yearOf(s string) int {
	if len(s) < 4 || (len(s) > 4 && s[4] != '.') {
		return 0
	}
	y := 0
	for _, c := range []byte(s[:4]) {
		if c < '0' || c > '9' {
			return 0
		}
		y = y*10 + int(c-'0')
	}
	return y
}

// dateValue returns a date "YYYY.MM.DD" (as the index normalizes them) as
// the number YYYYMMDD. Unknown month or day ("??") count as 99, or as 0
// when sorting down, so that they come last either way; ok is false for no
// date or an unknown year.
func dateValue(s string, desc bool) (v uint32, ok bool) {
	if len(s) != 10 || s[4] != '.' || s[7] != '.' {
		return 0, false
	}
	y := yearOf(s)
	if y == 0 {
		return 0, false
	}
	unknown := uint32(99)
	if desc {
		unknown = 0
	}
	part := func(p string) (uint32, bool) {
		if p == "??" {
			return unknown, true
		}
		if p[0] < '0' || p[0] > '9' || p[1] < '0' || p[1] > '9' {
			return 0, false
		}
		return uint32(p[0]-'0')*10 + uint32(p[1]-'0'), true
	}
	m, okM := part(s[5:7])
	d, okD := part(s[8:10])
	if !okM || !okD {
		return 0, false
	}
	return uint32(y)*10000 + m*100 + d, true
}

// compareNatural compares a and b byte by byte, but runs of digits by their
// numeric value, so that "round 2" comes before "round 10".
func compareNatural(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		if isDigit(ca) && isDigit(cb) {
			si, sj := i, j
			for i < len(a) && isDigit(a[i]) {
				i++
			}
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			da, db := strings.TrimLeft(a[si:i], "0"), strings.TrimLeft(b[sj:j], "0")
			if len(da) != len(db) {
				return cmp.Compare(len(da), len(db))
			}
			if c := strings.Compare(da, db); c != 0 {
				return c
			}
			continue
		}
		if ca != cb {
			return cmp.Compare(ca, cb)
		}
		i++
		j++
	}
	return cmp.Compare(len(a)-i, len(b)-j)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
