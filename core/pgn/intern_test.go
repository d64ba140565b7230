package pgn

// A TagNumberer numbers tag values as BuildIndex does; it lets the
// benchmarks of package pgn_test time a ValueTable alone.
type TagNumberer struct{ v indexVisitor }

// NewTagNumberer returns a TagNumberer that numbers values in t.
func NewTagNumberer(t *ValueTable) *TagNumberer { return &TagNumberer{v: indexVisitor{t: t}} }

// Number returns the number of value as the value of tag, one of the tags
// an Index keeps as a string.
func (n *TagNumberer) Number(tag string, value []byte) uint32 {
	f := ixOther
	switch tag {
	case "Event":
		f = ixEvent
	case "Site":
		f = ixSite
	case "Date":
		f = ixDate
	case "Round":
		f = ixRound
	case "White":
		f = ixWhite
	case "Black":
		f = ixBlack
	case "ECO":
		f = ixECO
	case "TimeControl":
		f = ixTimeControl
	}
	return n.v.id(f, value)
}
