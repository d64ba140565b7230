package notation

import (
	"strings"

	"touchmove/core/game"
)

// shownComment returns text, the visible text of the comment at s, as the
// notation shows it: each comment the game recorded for the players (a
// ruling, a claim, an offer, the reason of the result: game.Record) worded
// in their language from its Text, the others as written, the app's own
// English among them said through Words.Written, each comment of the move
// on its own (design.md §7).
func (n *Notation) shownComment(s CommentSlot, text string) string {
	var parts []string
	var recs []game.Record
	switch {
	case n.game == nil:
	case s.Place == CommentEnd:
		parts, recs = n.game.EndComments(), n.game.EndRecords()
	case s.Place == CommentAfter && s.Node != nil:
		parts, recs = s.Node.Comments(), s.Node.Records()
	}
	if len(parts) == 0 || n.words == nil {
		return n.writtenText(text)
	}
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		if p = game.CommentText(p); p == "" {
			continue
		}
		if r, ok := game.RecordOf(recs, p); ok {
			// A comment has no final stop (pgn.md §11); a sentence of the
			// translations may.
			out = append(out, strings.TrimSuffix(n.words.Say(r.Text), "."))
		} else {
			out = append(out, n.writtenText(p))
		}
	}
	return strings.Join(out, " ")
}

// writtenText returns s through the words' Written, or as it is.
func (n *Notation) writtenText(s string) string {
	if n.words == nil {
		return s
	}
	return n.words.Written(s)
}
