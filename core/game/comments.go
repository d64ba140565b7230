package game

import "strings"

// commentParts is comments written one after another: their texts joined
// by spaces, and where each after the first begins. A PGN file's "{a} {b}"
// is two parts and is written back as two (pgn.md §13).
type commentParts struct {
	text string
	cuts []int // ascending offsets in text; none for one comment
}

// set replaces the comments by s, one comment.
func (c *commentParts) set(s string) { c.text, c.cuts = strings.TrimSpace(s), nil }

// add appends s as a comment of its own.
func (c *commentParts) add(s string) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
	case c.text == "":
		c.text = s
	default:
		c.text += " "
		c.cuts = append(c.cuts, len(c.text))
		c.text += s
	}
}

// parts returns the comments in order, nil when there is none.
func (c commentParts) parts() []string {
	if c.text == "" {
		return nil
	}
	parts := make([]string, 0, len(c.cuts)+1)
	from := 0
	for _, k := range c.cuts {
		parts = append(parts, strings.TrimSpace(c.text[from:k]))
		from = k
	}
	return append(parts, c.text[from:])
}

// setParts replaces the comments by parts, each a comment of its own;
// empty parts are dropped.
func (c *commentParts) setParts(parts []string) {
	c.set("")
	for _, p := range parts {
		c.add(p)
	}
}
