package arbiter_test

import (
	"strings"
	"testing"

	"touchmove/core/arbiter"
	"touchmove/core/msg"
	"touchmove/internal/msgcheck"
)

// catalogue holds the keys of arbiter.Messages.
var catalogue = func() map[string]bool {
	keys := map[string]bool{msg.Verbatim: true}
	for _, m := range arbiter.Messages() {
		keys[m.Key] = true
	}
	return keys
}()

// checkText fails when t, or a Text inside it, has a key outside the
// catalogue, or renders in English with a placeholder left unfilled.
func checkText(t *testing.T, x msg.Text) {
	t.Helper()
	var walk func(x msg.Text)
	walk = func(x msg.Text) {
		if x.Key != "" && !catalogue[x.Key] {
			t.Fatalf("message %q is not in arbiter.Messages", x.Key)
		}
		for _, a := range x.Args {
			if a.Text != nil {
				walk(*a.Text)
			}
		}
		for _, m := range x.More {
			walk(m)
		}
	}
	walk(x)
	if s := x.String(); strings.Contains(s, "{{") {
		t.Fatalf("message %q renders as %q", x.Key, s)
	}
}

// The catalogue lists every message constant of messages.go once, and
// each key is an English template of plain placeholders: an English
// rendering exists for every key.
func TestMessagesCatalogue(t *testing.T) { msgcheck.Catalogue(t, arbiter.Messages()) }

// No message is written as a literal outside the catalogue: every Text the
// arbiter builds takes one of its constants as key.
func TestMessagesAreKeyed(t *testing.T) { msgcheck.Keyed(t, "text") }
