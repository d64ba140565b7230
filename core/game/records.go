package game

import (
	"slices"
	"strings"

	"touchmove/core/msg"
)

// Record is what a game played here wrote into its score for the players:
// a ruling, an offer, a claim, the reason of the result. Comment is its
// English, written into the score as a comment of its own and kept in the
// file (pgn.md §11); Text is the keyed message it is the English of
// (design.md §7), kept with the node so that the window can word it in the
// players' language without reading the English back.
type Record struct {
	Comment string   `json:"comment"`
	Text    msg.Text `json:"text"`
}

// AppendRecord adds r.Comment to the comment after n's move, as a comment
// of its own, and keeps r with n (Records). A record without a Text, such
// as the draw offer's "(=)", is a comment only.
func (n *Node) AppendRecord(r Record) {
	r.Comment = strings.TrimSpace(r.Comment)
	n.AppendComment(r.Comment)
	if r.Comment != "" && !r.Text.IsZero() {
		x := n.extra()
		x.records = append(x.records, r)
	}
}

// Records returns what the game recorded after n's move, in order. The
// slice belongs to n and must not be modified. A record whose Comment is
// no longer one of n's comments (the comment was edited) describes
// nothing: RecordOf finds only those that are.
func (n *Node) Records() []Record {
	if n.x == nil {
		return nil
	}
	return n.x.records
}

// SetRecords replaces n's records by a copy of rs, as a restored journal
// gives them back; the comments stay as they are.
func (n *Node) SetRecords(rs []Record) {
	if len(rs) > 0 || n.x != nil {
		n.extra().records = slices.Clone(rs)
	}
}

// SetEndRecord replaces the comment that closes the main line by
// r.Comment, as one comment, and keeps r (EndRecords).
func (g *Game) SetEndRecord(r Record) {
	g.SetEndComment(r.Comment)
	g.endRecord = nil
	if r.Comment != "" && !r.Text.IsZero() {
		g.endRecord = &r
	}
}

// EndRecords returns what the game recorded in the comment that closes
// the main line: its reason of the result, or nothing.
func (g *Game) EndRecords() []Record {
	if g.endRecord == nil {
		return nil
	}
	return []Record{*g.endRecord}
}

// RecordOf returns the record of rs whose Comment is comment, a comment's
// visible text (CommentText: a clock command may share the comment of a
// ruling).
func RecordOf(rs []Record, comment string) (Record, bool) {
	comment = strings.TrimSpace(comment)
	for _, r := range rs {
		if r.Comment == comment {
			return r, true
		}
	}
	return Record{}, false
}
