package game

import (
	"strconv"
	"strings"
)

// Tag is one tag pair, such as [Event "Club night"].
type Tag struct {
	Name  string
	Value string
}

// Tags is an ordered list of tag pairs. Names are case-sensitive; a name
// should occur once, and the methods keep it so.
type Tags []Tag

// Roster lists the names of the Seven Tag Roster in export order.
func Roster() [7]string {
	return [7]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}
}

// RosterIndex returns the place of name in the Seven Tag Roster (0 for
// Event … 6 for Result), or -1 if name is not a roster tag.
func RosterIndex(name string) int {
	switch name {
	case "Event":
		return 0
	case "Site":
		return 1
	case "Date":
		return 2
	case "Round":
		return 3
	case "White":
		return 4
	case "Black":
		return 5
	case "Result":
		return 6
	}
	return -1
}

// RosterDefault returns the placeholder value of a roster tag that is
// unknown: "????.??.??" for Date, "*" for Result, "?" for the others.
func RosterDefault(name string) string {
	switch name {
	case "Date":
		return "????.??.??"
	case "Result":
		return "*"
	}
	return "?"
}

// Lookup returns the value of the tag called name and whether it is present.
func (t Tags) Lookup(name string) (string, bool) {
	for i := range t {
		if t[i].Name == name {
			return t[i].Value, true
		}
	}
	return "", false
}

// Value returns the value of the tag called name, or "" when it is absent.
func (t Tags) Value(name string) string {
	v, _ := t.Lookup(name)
	return v
}

// Set sets the tag called name to value, in place if it is present (the
// first occurrence; later duplicates are removed), else at the end.
func (t *Tags) Set(name, value string) {
	s := *t
	for i := range s {
		if s[i].Name == name {
			s[i].Value = value
			j := i + 1
			for k := i + 1; k < len(s); k++ {
				if s[k].Name != name {
					s[j] = s[k]
					j++
				}
			}
			*t = s[:j]
			return
		}
	}
	*t = append(s, Tag{Name: name, Value: value})
}

// Delete removes every tag called name.
func (t *Tags) Delete(name string) {
	s := (*t)[:0]
	for _, tag := range *t {
		if tag.Name != name {
			s = append(s, tag)
		}
	}
	*t = s
}

// Clone returns a copy of t that shares nothing with it.
func (t Tags) Clone() Tags {
	if t == nil {
		return nil
	}
	return append(Tags(nil), t...)
}

// FillRoster adds the tags of the Seven Tag Roster that are missing, with
// their placeholder values.
func (t *Tags) FillRoster() {
	for _, name := range Roster() {
		if _, ok := t.Lookup(name); !ok {
			*t = append(*t, Tag{Name: name, Value: RosterDefault(name)})
		}
	}
}

// ValidTagName reports whether name is a valid tag name: letters, digits and
// underscores, starting with a letter or digit.
func ValidTagName(name string) bool {
	if name == "" || name[0] == '_' {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// NormalizeDate returns a PGN date "YYYY.MM.DD" for the common variants
// "2024-03-14", "2024/03/14", "2024.3.14" and dates with unknown parts
// ("2024.??.??", "2024"). Unknown parts become "??". ok is false, and s is
// returned unchanged, when s is not a recognisable date.
func NormalizeDate(s string) (date string, ok bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return s, false
	}
	parts := strings.FieldsFunc(t, func(r rune) bool { return r == '.' || r == '-' || r == '/' })
	if len(parts) == 0 || len(parts) > 3 {
		return s, false
	}
	widths := [3]int{4, 2, 2}
	limits := [3]int{9999, 12, 31}
	var b strings.Builder
	for i := 0; i < 3; i++ {
		if i > 0 {
			b.WriteByte('.')
		}
		if i >= len(parts) || strings.Trim(parts[i], "?") == "" {
			b.WriteString(strings.Repeat("?", widths[i]))
			continue
		}
		p := parts[i]
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > limits[i] || len(p) > widths[i] || (i > 0 && n == 0) {
			return s, false
		}
		ds := strconv.Itoa(n)
		b.WriteString(strings.Repeat("0", widths[i]-len(ds)))
		b.WriteString(ds)
	}
	return b.String(), true
}
